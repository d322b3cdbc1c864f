import { sql } from "drizzle-orm";

import { logger } from "../logger";
import type { DatabaseHandle } from "./client";

/** How often the embedded database's planner statistics are brought up to date. */
export const ANALYZE_EVERY_MS = 60 * 60 * 1000;

/**
 * PostgreSQL keeps its planner's statistics up to date itself (autovacuum). PGlite runs in
 * single-user mode without it: its tables were never analyzed, and every plan was made
 * without knowing a table's size. The my-work figures on the dashboard then scanned every
 * task of every project (21 ms a dashboard with a 5,000-task project, where the user's own
 * assignments take about 1 ms once the planner knows the sizes). The process that owns the
 * embedded database analyzes it when it starts (before it serves) and every hour; on
 * PostgreSQL this does nothing. Returns the function that stops it.
 */
export async function keepPlannerStatistics(handle: DatabaseHandle, everyMs = ANALYZE_EVERY_MS) {
  if (handle.engine !== "pglite") return () => {};
  const analyze = () =>
    handle.db.execute(sql`analyze`).then(
      () => undefined,
      (error: unknown) => logger.warn({ err: error }, "could not analyze the embedded database"),
    );
  await analyze();
  const timer = setInterval(() => void analyze(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
