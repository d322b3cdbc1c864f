import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { db, setDatabase } from "~/.server/db";
import { openDatabase, queryRows, type DatabaseHandle } from "~/.server/db/client";
import {
  connectionLost,
  connectionOutage,
  connectionRestored,
  isConnectionError,
  onGiveUp,
  retryDelay,
} from "~/.server/db/reconnect";
import { jobs } from "~/.server/db/schema";
import { enqueue } from "~/.server/jobs/queue";
import { defineJob } from "~/.server/jobs/registry";
import { startWorker } from "~/.server/jobs/worker";
import { logger } from "~/.server/logger";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { requirePostgres } from "../setup/postgres";
import { startTcpProxy } from "../setup/tcp-proxy";

/**
 * A process whose PostgreSQL goes away keeps trying, 0.5 s doubling to 30 s, says so once per
 * outage, and gives up (exit 1 in a real process) only past DB_RECONNECT_GIVE_UP_MS with a
 * last ping failing too. The database "goes away" through a loopback proxy that is cut and
 * restored, so the machine's PostgreSQL keeps running for everyone else.
 */
describe("reconnecting to PostgreSQL", () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let proxied: DatabaseHandle;
  let proxiedUrl: string;
  const restoreGiveUp: (() => void)[] = [];
  let isCut = false;
  const cut = async () => {
    await proxy.cut();
    isCut = true;
  };
  const restore = async () => {
    if (isCut) await proxy.restore();
    isCut = false;
  };

  beforeAll(async () => {
    await requirePostgres();
    database = await createTestDatabase("postgres");
    const url = new URL(database.url!);
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    proxiedUrl = url.toString();
    proxied = await openDatabase({ databaseUrl: proxiedUrl, dataDir: "unused" });
    setDatabase(proxied);
  });
  afterEach(async () => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    restoreGiveUp.splice(0).forEach((restore) => restore());
    await restore();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await proxied?.close();
    proxy?.close();
    await database?.drop();
  });

  const messages = (spy: { mock: { calls: unknown[][] } }) => spy.mock.calls.map((call) => String(call[1]));

  it("waits 0.5 s, then twice as long each time, at most 30 s", () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map(retryDelay)).toEqual([500, 1000, 2000, 4000, 8000, 16000, 30000, 30000]);
  });

  it("tells a lost connection from a wrong statement, by the errors the driver really gives", async () => {
    const victim = new pg.Client({ connectionString: database.url });
    victim.on("error", () => {});
    await victim.connect();
    const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
    await queryRows(database.db, sql`select pg_terminate_backend(${rows[0]!.pid})`);
    const terminated = await victim.query("select 1").catch((error: unknown) => error);
    await victim.end().catch(() => {});
    expect(isConnectionError(terminated)).toBe(true);

    await cut();
    const refused = await db()
      .execute(sql`select 1`)
      .catch((error: unknown) => error);
    expect(isConnectionError(refused)).toBe(true);
    await restore();

    const wrong = await db()
      .execute(sql`select * from no_such_table`)
      .catch((error: unknown) => error);
    expect(wrong).toBeInstanceOf(Error);
    expect(isConnectionError(wrong)).toBe(false);
  });

  it("keeps the job worker running through an outage: one line when lost, one when restored, and the job runs", async () => {
    const warn = vi.spyOn(logger, "warn");
    const info = vi.spyOn(logger, "info");
    const ran: number[] = [];
    const undefine = defineJob("test.after-outage", async (payload) => void ran.push(Number(payload.n)));
    const worker = startWorker({ idleMs: 100 });
    try {
      await cut();
      await expect
        .poll(() => messages(warn).filter((message) => message.startsWith("database connection lost")), {
          timeout: 10_000,
        })
        .toEqual(["database connection lost, retrying in 0.5 s"]);
      // Written while the worker cannot reach the database (straight to it, not through the proxy).
      await enqueue(database.db, [{ kind: "test.after-outage", payload: { n: 1 } }]);
      await restore();

      await expect.poll(() => ran, { timeout: 15_000 }).toEqual([1]);
      await expect
        .poll(() => messages(info).filter((message) => message === "database connection restored"))
        .toHaveLength(1);
      expect(messages(warn).filter((message) => message.startsWith("database connection lost"))).toHaveLength(1);
      expect(connectionOutage()).toBeNull();
    } finally {
      await worker.stop();
      undefine();
      await database.db.delete(jobs);
    }
  });

  it("a worker process whose database stays away says so, then gives up with exit code 1", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-give-up-"));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: proxiedUrl,
        DATA_DIR: dataDir,
        DB_RECONNECT_GIVE_UP_MS: "2000",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout!.on("data", (chunk) => (output += String(chunk)));
    child.stderr!.on("data", (chunk) => (output += String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
    try {
      await expect.poll(() => output, { timeout: 30_000 }).toContain("job worker started");
      await cut();
      expect(await exited).toBe(1);
      const lines = output
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { level: number; msg: string });
      const said = lines.map((line) => line.msg);
      expect(said.filter((msg) => msg.startsWith("database connection lost"))).toEqual([
        "database connection lost, retrying in 0.5 s",
      ]);
      expect(lines.at(-1)).toMatchObject({ level: 60, msg: expect.stringMatching(/giving up, exiting with code 1$/) });
    } finally {
      if (child.exitCode === null) child.kill("SIGKILL");
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it("gives up only past DB_RECONNECT_GIVE_UP_MS, and only when a last ping fails too", async () => {
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const info = vi.spyOn(logger, "info");
    const gaveUp: number[] = [];
    restoreGiveUp.push(onGiveUp((downMs) => gaveUp.push(downMs)));
    vi.useFakeTimers({ toFake: ["Date"] });

    // The database answers the last ping: the outage ends instead.
    connectionLost(new Error("connection lost"), "test");
    vi.setSystemTime(Date.now() + 301_000);
    connectionLost(new Error("connection lost"), "test");
    await expect.poll(() => connectionOutage()).toBeNull();
    expect(gaveUp).toEqual([]);
    expect(messages(info)).toContain("database connection restored");

    // It does not: the process gives up.
    await cut();
    connectionLost(new Error("connection lost"), "test");
    vi.setSystemTime(Date.now() + 120_000);
    connectionLost(new Error("connection lost"), "test");
    expect(gaveUp).toEqual([]);
    vi.setSystemTime(Date.now() + 181_000);
    connectionLost(new Error("connection lost"), "test");
    await expect.poll(() => gaveUp.length, { timeout: 10_000 }).toBe(1);
    expect(gaveUp[0]).toBeGreaterThanOrEqual(301_000);
    connectionRestored("test");
  });
});
