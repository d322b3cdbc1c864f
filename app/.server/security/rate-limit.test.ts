import { randomBytes } from "node:crypto";

import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { createTestDatabase, type TestDatabase } from "../../../tests/setup/database";

import { closeRateLimitStore, consume, openRateLimitStore, RATE_LIMIT_TABLE } from "./rate-limit";

const limit = { points: 3, durationSeconds: 60 };
const uniqueKey = () => `203.0.113.${randomBytes(2).readUInt16BE() % 255}-${randomBytes(4).toString("hex")}`;

afterEach(() => closeRateLimitStore());

describe("rate limits in memory (the embedded default)", () => {
  it("allows the points, then refuses with the wait in seconds", async () => {
    await openRateLimitStore({});
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) expect(await consume("test", limit, key)).toEqual({ allowed: true });
    const refused = await consume("test", limit, key);
    expect(refused).toMatchObject({ allowed: false });
    expect(refused.allowed === false && refused.retryAfterSeconds).toBeGreaterThan(55);
    // Another key, or another limit name, has its own count.
    expect(await consume("test", limit, uniqueKey())).toEqual({ allowed: true });
    expect(await consume("other", limit, key)).toEqual({ allowed: true });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("rate limits in PostgreSQL (DATABASE_URL)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(() => database.drop());

  it("shares one count between processes and keeps no addresses in the table", async () => {
    const url = database.url!;
    const key = `shared-${uniqueKey()}`;
    // Two "processes": two pools, the store reopened between them as a second process would open it.
    await openRateLimitStore({ databaseUrl: url });
    expect(await consume("test", limit, key)).toEqual({ allowed: true });
    expect(await consume("test", limit, key)).toEqual({ allowed: true });
    await closeRateLimitStore();
    await openRateLimitStore({ databaseUrl: url });
    expect(await consume("test", limit, key)).toEqual({ allowed: true });
    expect(await consume("test", limit, key)).toMatchObject({ allowed: false });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ key: string; points: number }>(
        `select key, points from ${RATE_LIMIT_TABLE} where key like 'test:3:60:%'`,
      );
      expect(rows.some((row) => row.points === 4)).toBe(true);
      expect(rows.every((row) => !row.key.includes("203.0.113."))).toBe(true);
    } finally {
      await client.end();
    }
  });

  it("keeps a process-scoped limit in this process's memory: no row, and another process counts afresh", async () => {
    const url = database.url!;
    const key = `local-${uniqueKey()}`;
    await openRateLimitStore({ databaseUrl: url });
    for (let i = 0; i < 3; i++) expect(await consume("test-local", limit, key, "process")).toEqual({ allowed: true });
    expect(await consume("test-local", limit, key, "process")).toMatchObject({ allowed: false });
    await closeRateLimitStore();
    await openRateLimitStore({ databaseUrl: url });
    expect(await consume("test-local", limit, key, "process")).toEqual({ allowed: true });

    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query(`select key from ${RATE_LIMIT_TABLE} where key like 'test-local:%'`);
      expect(rows).toEqual([]);
    } finally {
      await client.end();
    }
  });

  it("falls back to memory when PostgreSQL stops answering", async () => {
    const pool = new pg.Pool({ connectionString: database.url, max: 1 });
    pool.on("error", () => {});
    await openRateLimitStore({ pool });
    await pool.end(); // every query fails from now on
    const key = uniqueKey();
    for (let i = 0; i < 3; i++) expect(await consume("test-down", limit, key)).toEqual({ allowed: true });
    expect(await consume("test-down", limit, key)).toMatchObject({ allowed: false });
  });
});
