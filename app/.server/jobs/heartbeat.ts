import os from "node:os";

import { eq, lt, sql } from "drizzle-orm";

import { db } from "../db";
import { queryRows } from "../db/client";
import { workerHeartbeats } from "../db/schema";

/**
 * Each running job worker keeps a row in `worker_heartbeats`, refreshed every 15 s by a
 * timer of its own (a long job does not stop it) and deleted when the worker stops. What
 * `/healthz` reads from it: how many workers were seen lately and how long the oldest due
 * job has waited. No fresh worker while a job has waited past a minute: "not running".
 * Times are the database's (`now()`), so the processes' clocks need not agree.
 */
export const HEARTBEAT_MS = 15_000;
/** A worker seen within this long counts as running (three missed beats and it does not). */
export const HEARTBEAT_FRESH_MS = 45_000;
/** A due job waiting this long with no worker running means the jobs are not being run. */
export const JOBS_LATE_MS = 60_000;
/** A stale row (a killed worker's) is deleted by the hourly pruning after this long. */
const STALE_KEPT_MS = 3_600_000;

export async function beat(workerId: string) {
  await db()
    .insert(workerHeartbeats)
    .values({ workerId, host: os.hostname(), pid: process.pid })
    .onConflictDoUpdate({ target: workerHeartbeats.workerId, set: { seenAt: sql`now()` } });
}

/** A worker that stops says so at once rather than going stale. */
export async function forget(workerId: string) {
  await db().delete(workerHeartbeats).where(eq(workerHeartbeats.workerId, workerId));
}

export async function pruneHeartbeats() {
  await db()
    .delete(workerHeartbeats)
    .where(lt(workerHeartbeats.seenAt, sql`now() - ${sql.raw(`interval '${STALE_KEPT_MS / 1000} seconds'`)}`));
}

export type JobsHealth = {
  status: "ok" | "not running";
  /** Workers that beat within the last 45 s. */
  workers: number;
  /** How long the longest-waiting due job has been due, in seconds (0 when none is). */
  oldestDueSeconds: number;
};

/** One query: fresh workers and the oldest due job's wait. */
export async function jobsHealth(): Promise<JobsHealth> {
  const [row] = await queryRows<{ workers: number; age: number | null }>(
    db(),
    sql`select
          (select count(*)::int from worker_heartbeats
            where seen_at > now() - ${sql.raw(`interval '${HEARTBEAT_FRESH_MS / 1000} seconds'`)}) as workers,
          (select extract(epoch from now() - min(run_at))::float8 from jobs
            where done_at is null and failed_at is null and run_at <= now()
              and (locked_until is null or locked_until < now())) as age`,
  );
  const workers = Number(row?.workers ?? 0);
  const oldestDueSeconds = Math.max(0, Math.round(Number(row?.age ?? 0)));
  const late = oldestDueSeconds * 1000 > JOBS_LATE_MS;
  return { status: workers === 0 && late ? "not running" : "ok", workers, oldestDueSeconds };
}
