import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";

import type { PGlite, QueryOptions, Results } from "@electric-sql/pglite";

/**
 * PGlite on its own thread (server/pglite-worker.js), behind the part of PGlite's interface
 * Drizzle uses: `query`, `exec`, `transaction`. Postgres in WebAssembly and the parsing of
 * its results cost the request thread about a millisecond per statement; on a thread of its
 * own that work runs on the machine's other core while the request thread renders
 * (docs/decisions/012-embedded-database-thread.md).
 */
export type PgliteThread = Pick<PGlite, "query" | "exec" | "transaction" | "closed"> & {
  dumpDataDir(compression?: "none" | "gzip" | "auto"): Promise<Blob>;
  close(): Promise<void>;
};

type Handle = Pick<PGlite, "query" | "exec">;
type Reply = { id: number; result?: unknown; error?: { message: string; [field: string]: unknown } };

const workerFile = path.resolve(process.cwd(), "server/pglite-worker.js");

export async function startPgliteThread(dir: string, loadDataDir?: Blob): Promise<PgliteThread> {
  // A new directory is made by a short-lived process (server/pglite-init.js): initdb's
  // memory would otherwise stay with the server (the first start idled at ~900 MB of RSS).
  if (!loadDataDir && !dir.startsWith("memory://") && !fs.existsSync(path.join(dir, "PG_VERSION"))) {
    // Imported here: the logger reads the configuration when loaded, which the tests set first.
    const { logger } = await import("../logger");
    logger.info({ location: dir }, "creating the embedded database (first start)");
    await initDataDir(dir);
  }
  const worker = new Worker(workerFile, { workerData: { dir, loadDataDir } });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 0;
  let closed = false;

  await new Promise<void>((resolve, reject) => {
    worker.once("message", (message: { ready: boolean; error?: Reply["error"] }) => {
      if (message.ready) resolve();
      else reject(toError(message.error));
    });
    worker.once("error", reject);
  });

  worker.on("message", ({ id, result, error }: Reply) => {
    const call = pending.get(id);
    pending.delete(id);
    if (error) call?.reject(toError(error));
    else call?.resolve(result);
  });
  // A thread that dies takes every waiting statement with it, with a reason.
  const failAll = (reason: Error) => {
    closed = true;
    for (const call of pending.values()) call.reject(reason);
    pending.clear();
  };
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the database thread stopped (exit code ${code})`)));

  function send<T>(message: Record<string, unknown>): Promise<T> {
    if (closed) return Promise.reject(new Error("PGlite is closed"));
    const id = ++nextId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ ...message, id });
    });
  }

  const handleFor = (tx?: number): Handle => ({
    query: <T>(sql: string, params?: unknown[], options?: QueryOptions) =>
      send<Results<T>>({ op: "query", sql, params, options: transferable(options), tx }),
    exec: (sql: string, options?: QueryOptions) =>
      send<Results[]>({ op: "exec", sql, options: transferable(options), tx }),
  });

  return {
    ...handleFor(),
    get closed() {
      return closed;
    },
    async transaction<T>(work: (tx: Parameters<Parameters<PGlite["transaction"]>[0]>[0]) => Promise<T>) {
      const tx = await send<number>({ op: "begin" });
      let ended = false;
      const end = (op: "commit" | "rollback") => {
        if (ended) return Promise.resolve();
        ended = true;
        return send({ op, tx });
      };
      let result: T;
      try {
        result = await work({
          ...handleFor(tx),
          sql: () => Promise.reject(new Error("tagged templates are not available on the database thread")),
          listen: () => Promise.reject(new Error("LISTEN is not available inside a transaction here")),
          rollback: () => end("rollback").then(() => {}),
          closed: false,
        });
      } catch (error) {
        await end("rollback").catch(() => {});
        throw error;
      }
      await end("commit");
      return result;
    },
    dumpDataDir: (compression) => send<Blob>({ op: "dump", options: { compression } }),
    async close() {
      if (closed) return;
      await send({ op: "close" });
      closed = true;
      await worker.terminate();
    },
  };
}

/**
 * Options without functions: parsers become the list of type ids to keep as text, which is
 * all Drizzle's parsers do (its dates and intervals stay strings until it maps them).
 */
function transferable(options?: QueryOptions) {
  if (!options) return undefined;
  const { parsers, serializers, onNotice, blob, ...rest } = options;
  if (serializers || onNotice || blob) throw new Error("serializers, notices and blobs stay on the database thread");
  return { ...rest, rawTypes: parsers ? Object.keys(parsers).map(Number) : undefined };
}

/** A Postgres error as an Error again, with its fields (code, constraint, detail…). */
function toError(described: Reply["error"]) {
  const { message = "database thread error", stack, ...fields } = described ?? { message: "database thread error" };
  const error = Object.assign(new Error(String(message)), fields);
  if (typeof stack === "string") error.stack = stack;
  return error;
}

const initFile = path.resolve(process.cwd(), "server/pglite-init.js");

function initDataDir(dir: string) {
  return new Promise<void>((resolve, reject) => {
    execFile(process.execPath, [initFile, dir], (error, _stdout, stderr) => {
      if (error) reject(new Error(`could not make the embedded database in ${dir}: ${stderr.trim() || error.message}`));
      else resolve();
    });
  });
}
