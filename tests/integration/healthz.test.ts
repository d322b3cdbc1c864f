import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { db, setDatabase } from "~/.server/db";
import { jobs, workerHeartbeats } from "~/.server/db/schema";
import { beat } from "~/.server/jobs/heartbeat";
import { startWorker } from "~/.server/jobs/worker";
import { loader } from "~/routes/api/healthz";
import { createTestDatabase, engines, useTestDatabase, type TestDatabase } from "../setup/database";
import { startTcpProxy } from "../setup/tcp-proxy";

type Health = {
  status: string;
  database: { status: string };
  jobs: { status: string; workers?: number; oldestDueSeconds?: number };
};

async function health(query = "") {
  const response = await loader({ request: new Request(`http://localhost/healthz${query}`) });
  return { status: response.status, body: (await response.json()) as Health };
}

describe.each(engines)("/healthz's jobs status on %s", (engine) => {
  useTestDatabase(engine);
  beforeEach(async () => {
    await db().delete(jobs);
    await db().delete(workerHeartbeats);
  });
  /** A job that has been due for `seconds`, which nobody has run. */
  const dueFor = (seconds: number) =>
    db()
      .insert(jobs)
      .values({ kind: "test.waiting", runAt: sql`now() - ${sql.raw(`interval '${seconds} seconds'`)}` });

  it("says ok with no job waiting, even with no worker", async () => {
    await dueFor(10);
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", jobs: { status: "ok", workers: 0 } });
    expect(body.jobs.oldestDueSeconds).toBeLessThan(60);
  });

  it("says jobs are not running when a due job waits past a minute and no worker beats: 200, or 503 when required", async () => {
    await dueFor(120);
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "degraded", database: { status: "up" }, jobs: { status: "not running" } });
    expect(body.jobs.oldestDueSeconds).toBeGreaterThanOrEqual(120);
    expect((await health("?jobs=required")).status).toBe(503);

    // A worker killed outright leaves a stale heartbeat: it does not count.
    await db()
      .insert(workerHeartbeats)
      .values({ workerId: "gone", host: "h", pid: 1, seenAt: sql`now() - interval '2 minutes'` });
    expect((await health()).body.jobs).toMatchObject({ status: "not running", workers: 0 });

    // A fresh heartbeat: the job is merely waiting for a running worker.
    await beat("busy-worker");
    const running = await health("?jobs=required");
    expect(running.status).toBe(200);
    expect(running.body).toMatchObject({ status: "ok", jobs: { status: "ok", workers: 1 } });
  });

  it("counts a running worker by its heartbeat, and forgets it when it stops", async () => {
    const worker = startWorker({ idleMs: 50 });
    try {
      await expect.poll(async () => (await health()).body.jobs.workers, { timeout: 10_000 }).toBe(1);
    } finally {
      await worker.stop();
    }
    expect((await health()).body.jobs.workers).toBe(0);
  });
});

describe("/healthz on PGlite", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("pglite");
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.drop();
  });

  it("answers 200 with the database up", async () => {
    const { status, body } = await health();
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: "ok", database: { status: "up", engine: "pglite" }, jobs: { status: "ok" } });
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("/healthz on PostgreSQL going down and back", () => {
  let database: TestDatabase;
  let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    const url = new URL(database.url ?? "");
    proxy = await startTcpProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
    setDatabase(handle);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await handle?.close();
    proxy?.close();
    await database?.drop();
  });

  it("says 503 while the server is unreachable and 200 again once it is back, without a restart", async () => {
    expect((await health()).status).toBe(200);

    await proxy.cut();
    const down = await health();
    expect(down.status).toBe(503);
    expect(down.body.database.status).toBe("down");

    await proxy.restore();
    expect((await health()).status).toBe(200);
  });
});
