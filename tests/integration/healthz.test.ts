import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { setDatabase } from "~/.server/db";
import { loader } from "~/routes/api/healthz";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { startTcpProxy } from "../setup/tcp-proxy";

async function health() {
  const response = await loader();
  return { status: response.status, body: (await response.json()) as { database: { status: string } } };
}

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
    expect(body).toMatchObject({ status: "ok", database: { status: "up", engine: "pglite" } });
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
