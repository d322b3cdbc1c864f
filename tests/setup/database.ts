import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import pg from "pg";
import { afterAll, beforeAll, inject } from "vitest";

import { setDatabase } from "~/.server/db";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { initSecrets } from "~/.server/secrets";

import { POSTGRES_URL } from "./postgres";

/**
 * Integration tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is
 * set: each test file gets its own fresh database with the real migrations applied.
 */
export type Engine = "pglite" | "postgres";

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export type TestDatabase = DatabaseHandle & { url?: string; drop(): Promise<void> };

export async function createTestDatabase(engine: Engine, options: { fresh?: boolean } = {}): Promise<TestDatabase> {
  if (engine === "pglite") {
    // A copy of the prepared template (global-setup.ts), on which the boot steps find nothing
    // to do; `fresh` starts from an empty database instead, for the migrations' own tests.
    const loadDataDir = options.fresh ? undefined : new Blob([fs.readFileSync(inject("pgliteTemplate"))]);
    const handle = await openDatabase({ dataDir: "memory://", loadDataDir });
    await prepareDatabase(handle);
    return { ...handle, drop: () => handle.close() };
  }
  // TEST_DATABASE_URL, or the local default for the files that need PostgreSQL whatever the
  // engines (postgres.ts): the environment is left as it was, for the files that follow.
  const adminUrl = POSTGRES_URL;
  const name = `plotline_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  await prepareDatabase(handle);
  return {
    ...handle,
    url: url.toString(),
    drop: async () => {
      await handle.close();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

async function withAdmin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh migrated database for the calling `describe` block, made the process's database
 * (with fresh secrets) before its tests and dropped after them. Returns a getter.
 */
export function useTestDatabase(engine: Engine) {
  let database: TestDatabase | undefined;
  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.drop();
  });
  return () => {
    if (!database) throw new Error("the test database is not open yet");
    return database;
  };
}
