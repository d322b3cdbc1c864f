import { sql } from "drizzle-orm";

import { logger } from "../logger";
import type { DatabaseHandle } from "./client";

/** How often the embedded database is vacuumed and its planner statistics brought up to date. */
export const ANALYZE_EVERY_MS = 10 * 60 * 1000;

/**
 * PostgreSQL keeps its planner's statistics up to date itself (autovacuum). PGlite runs in
 * single-user mode without it: its tables were never analyzed, and every plan was made
 * without knowing a table's size. The my-work figures on the dashboard then scanned every
 * task of every project (21 ms a dashboard with a 5,000-task project, where the user's own
 * assignments take about 1 ms once the planner knows the sizes). Nor was it ever vacuumed:
 * dead rows stayed, and the visibility map was never set, so an index-only count (the
 * board's columns) visited the table for every entry: a 10,000-task board took 18.6 ms to
 * read in-process, 10.9 ms once vacuumed (1,000 tasks: 8.5 ms). The process that owns the
 * embedded database runs `vacuum analyze` when it starts (before it serves) and every ten
 * minutes (≈ 0.2 s at 10,000 tasks, unchanged pages skipped); on PostgreSQL this does
 * nothing. Returns the function that stops it.
 */
export async function keepPlannerStatistics(handle: DatabaseHandle, everyMs = ANALYZE_EVERY_MS) {
  if (handle.engine !== "pglite") return () => {};
  const analyze = () =>
    handle.db.execute(sql`vacuum analyze`).then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, "could not vacuum the embedded database"),
    );
  await analyze();
  const timer = setInterval(() => void analyze(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
