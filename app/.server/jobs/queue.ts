import { and, eq, isNull, lt, sql } from "drizzle-orm";

import { db } from "../db";
import { queryRows, type Database, type Transaction } from "../db/client";
import { jobs } from "../db/schema";
import { jobRetryDelay } from "./registry";

/**
 * The durable jobs table (an outbox): a job is written in the same transaction as the
 * change that needs it, so a crash after commit loses nothing, and run later by a worker
 * (worker.ts), so no request waits for SMTP. Claims use `FOR UPDATE SKIP LOCKED` and a
 * lease (`locked_until`): a worker that dies mid-job leaves a lease that runs out, and the
 * job is claimed again.
 */
export type NewJob = {
  kind: string;
  payload?: Record<string, unknown>;
  /** When it may run; now when omitted. */
  runAt?: Date;
  /** At most one waiting (unclaimed) job per key: a second enqueue with the key is dropped. */
  dedupeKey?: string;
  maxAttempts?: number;
};

export type Job = typeof jobs.$inferSelect;

/** Writes jobs inside the caller's transaction; they run only if it commits. */
export async function enqueue(tx: Transaction | Database, items: NewJob[]) {
  if (items.length === 0) return;
  await tx
    .insert(jobs)
    .values(
      items.map((item) => ({
        kind: item.kind,
        payload: item.payload ?? {},
        runAt: item.runAt ?? new Date(),
        dedupeKey: item.dedupeKey ?? null,
        maxAttempts: item.maxAttempts ?? 8,
      })),
    )
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`${jobs.dedupeKey} is not null and ${jobs.doneAt} is null and ${jobs.failedAt} is null and ${jobs.lockedUntil} is null`,
    });
}

/**
 * Claims the next due job for `workerId` with a lease of `leaseMs`: due means its time has
 * come and nobody holds a live lease on it. Returns null when nothing is due. A claimed job
 * gives up its dedupe key: the key means "one waiting", and a retry released later must not
 * collide with the next waiting job of the same key (the handlers of keyed jobs find their
 * own work, so a retry and its successor do not repeat each other).
 */
export async function claimNext(workerId: string, leaseMs: number, now = new Date()): Promise<Job | null> {
  const until = new Date(now.getTime() + leaseMs);
  const [row] = await queryRows<{ id: string | number }>(
    db(),
    sql`with next as (
          select id from jobs
          where done_at is null and failed_at is null and run_at <= ${now.toISOString()}::timestamptz
            and (locked_until is null or locked_until < ${now.toISOString()}::timestamptz)
          order by run_at, id
          limit 1
          for update skip locked
        )
        update jobs set locked_until = ${until.toISOString()}::timestamptz, locked_by = ${workerId},
          attempts = attempts + 1, dedupe_key = null
        from next where jobs.id = next.id
        returning jobs.id`,
  );
  if (!row) return null;
  const [job] = await db()
    .select()
    .from(jobs)
    .where(eq(jobs.id, Number(row.id)));
  return job ?? null;
}

/** Done: the payload is emptied (it may hold a one-time token for a mail) and kept a while for inspection. */
export async function completeJob(job: Job, workerId: string) {
  await db()
    .update(jobs)
    .set({ doneAt: new Date(), lockedUntil: null, payload: {}, lastError: null })
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
}

/**
 * Failed this attempt: back off exponentially (2 s, 4 s, 8 s … at most an hour, unless the
 * kind has its own delays) and try again, or give up after `max_attempts` (the row stays,
 * with its last error, for an operator).
 */
export async function failJob(job: Job, workerId: string, error: unknown, now = new Date()) {
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
  const giveUp = job.attempts >= job.maxAttempts;
  const delay = jobRetryDelay(job.kind)?.(job.attempts) ?? Math.min(3_600_000, 1000 * 2 ** job.attempts);
  await db()
    .update(jobs)
    .set(
      giveUp
        ? { failedAt: now, lockedUntil: null, lastError: message, payload: {} }
        : { runAt: new Date(now.getTime() + delay), lockedUntil: null, lastError: message },
    )
    .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)));
  return giveUp;
}

/** The earliest time a waiting job becomes due (for the worker's next wake-up), or null. */
export async function nextRunAt(): Promise<Date | null> {
  const [row] = await db()
    .select({
      at: sql<string | Date | null>`min(coalesce(greatest(${jobs.runAt}, ${jobs.lockedUntil}), ${jobs.runAt}))`,
    })
    .from(jobs)
    .where(and(isNull(jobs.doneAt), isNull(jobs.failedAt)));
  return row?.at ? new Date(row.at) : null;
}

/** Finished jobs older than `days` are deleted (failed ones are kept for an operator). */
export async function pruneDoneJobs(days = 7, now = new Date()) {
  await db()
    .delete(jobs)
    .where(lt(jobs.doneAt, new Date(now.getTime() - days * 86_400_000)));
}
