import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { queryRows } from "~/.server/db/client";
import { keepPlannerStatistics } from "~/.server/db/statistics";
import { useTestDatabase } from "../setup/database";

// PostgreSQL analyzes by itself (autovacuum), on its own schedule: only PGlite is tested here.
describe("the embedded database's planner statistics", () => {
  const database = useTestDatabase("pglite");

  /** The planner's row estimate for a table: -1 until it has been analyzed. */
  async function estimatedRows(table: string) {
    const [row] = await queryRows<{ reltuples: number }>(
      database().db,
      sql`select reltuples::float8 as reltuples from pg_class where relname = ${table}`,
    );
    return Number(row?.reltuples);
  }

  it("are made before the server serves, and again on the hour", async () => {
    await database().db.execute(sql`create table statistics_probe (id int)`);
    await database().db.execute(sql`insert into statistics_probe select generate_series(1, 500)`);
    expect(await estimatedRows("statistics_probe")).toBe(-1);

    // The hour shortened to 50 ms.
    const stop = await keepPlannerStatistics(database(), 50);
    try {
      expect(await estimatedRows("statistics_probe")).toBe(500);
      await database().db.execute(sql`insert into statistics_probe select generate_series(501, 1200)`);
      await expect.poll(() => estimatedRows("statistics_probe"), { timeout: 5_000 }).toBe(1200);
    } finally {
      stop();
    }
  });
});
