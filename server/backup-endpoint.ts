import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";

import { CONTROL_FILE, describeDatabase, type ControlFile } from "~/.server/backup/archive";
import { database } from "~/.server/db";
import { isDirectLocalRequest } from "~/.server/http/local-request";
import { logger } from "~/.server/logger";

/**
 * The running embedded server's side of `npm run backup`. PGlite's data directory belongs to
 * this process, so only this process can keep it still while it is copied. On start it
 * writes DATA_DIR/backup-endpoint.json (mode 0600: its pid, a loopback URL and a random
 * token); `POST /_backup` from this machine (no proxy) with that token, which only someone
 * who can read DATA_DIR has, holds the database still (app/.server/db/client.ts,
 * `holdStill`), answers one line of JSON (its rows per table and migration, read then) and
 * keeps holding it until the backup closes the connection, having copied the directory, or
 * HOLD_LIMIT_MS passes (the answer then ends, and the backup fails). Nothing is read into
 * this process's memory. Anything else, and every request on PostgreSQL, gets 404.
 */
export const BACKUP_PATH = "/_backup";
/** Requests wait meanwhile: a copy of a small team's directory takes well under a second. */
const HOLD_LIMIT_MS = 120_000;

let published: { file: string; token: Buffer } | undefined;

/** Writes the control file for this process (embedded engine only). */
export function publishBackupEndpoint(config: { dataDir: string; host: string; port: number }) {
  if (database().engine !== "pglite") return;
  const token = randomBytes(32).toString("base64url");
  // Loopback whatever the interface: a wildcard listener answers there too.
  const host = config.host.includes(":") && config.host !== "::" ? `[${config.host}]` : config.host;
  const loopback = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : host;
  const control: ControlFile = {
    pid: process.pid,
    url: `http://${loopback}:${config.port}${BACKUP_PATH}`,
    token,
  };
  const file = path.join(config.dataDir, CONTROL_FILE);
  fs.writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  published = { file, token: Buffer.from(token) };
}

/** Removes the control file at shutdown (a stale one names a pid that no longer runs, and is ignored). */
export function withdrawBackupEndpoint() {
  if (!published) return;
  try {
    const current = JSON.parse(fs.readFileSync(published.file, "utf8")) as ControlFile;
    if (current.pid === process.pid) fs.rmSync(published.file, { force: true });
  } catch {
    // Already gone.
  }
  published = undefined;
}

export function backupEndpoint(): RequestHandler {
  return async (req, res, next) => {
    const handle = database();
    const presented = Buffer.from(/^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "");
    const allowed =
      req.method === "POST" &&
      handle.holdStill &&
      published &&
      presented.length === published.token.length &&
      timingSafeEqual(presented, published.token) &&
      isDirectLocalRequest({
        remoteAddress: req.socket.remoteAddress,
        httpVersion: req.httpVersion,
        headers: req.headers,
      });
    if (!allowed) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    const started = Date.now();
    let letGo!: () => void;
    const done = new Promise<void>((resolve) => (letGo = resolve));
    res.once("close", letGo);
    const limit = setTimeout(letGo, HOLD_LIMIT_MS);
    let failure: unknown;
    try {
      await handle.holdStill!(async (query) => {
        const described = await describeDatabase(query);
        res.writeHead(200, { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" });
        res.write(`${JSON.stringify({ described })}\n`);
        // Past the compression middleware's buffer, should the client have asked for it.
        (res as unknown as { flush?: () => void }).flush?.();
        await done;
      });
      logger.info({ heldMs: Date.now() - started }, "database held still for a backup");
    } catch (error) {
      failure = error;
    } finally {
      clearTimeout(limit);
    }
    if (failure && !res.headersSent) return next(failure);
    if (failure) logger.error({ err: failure }, "holding the database still for a backup failed");
    // Ending the answer tells a backup still copying that the hold is over.
    res.end();
  };
}
