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

  /** The table's pages and those the visibility map marks all-visible (only a vacuum marks them). */
  async function visibility(table: string) {
    const [row] = await queryRows<{ pages: number; visible: number }>(
      database().db,
      sql`select relpages as pages, relallvisible as visible from pg_class where relname = ${table}`,
    );
    return { pages: Number(row?.pages), visible: Number(row?.visible) };
  }

  it("are made before the server serves, and again every few minutes, with the dead rows vacuumed", async () => {
    await database().db.execute(sql`create table statistics_probe (id int)`);
    await database().db.execute(sql`insert into statistics_probe select generate_series(1, 500)`);
    expect(await estimatedRows("statistics_probe")).toBe(-1);

    // The ten minutes shortened to 50 ms.
    const stop = await keepPlannerStatistics(database(), 50);
    try {
      expect(await estimatedRows("statistics_probe")).toBe(500);
      await database().db.execute(sql`insert into statistics_probe select generate_series(501, 1200)`);
      await expect.poll(() => estimatedRows("statistics_probe"), { timeout: 5_000 }).toBe(1200);
    } finally {
      stop();
    }
    // Vacuumed too: its pages all-visible, so an index-only scan (the board's counts) need not read the table.
    const probe = await visibility("statistics_probe");
    expect(probe.pages).toBeGreaterThan(0);
    expect(probe.visible).toBe(probe.pages);
  });
});
