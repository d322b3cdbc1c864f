import { randomUUID } from "node:crypto";

import { connectionLost, connectionRestored, isConnectionError } from "../db/reconnect";
import { logger } from "../logger";
import { countJobFailure } from "../metrics/registry";
import { inJob } from "./current";
import { beat, forget, HEARTBEAT_MS, pruneHeartbeats } from "./heartbeat";
import { claimNext, completeJob, failJob, nextRunAt, pruneDoneJobs, type Job } from "./queue";
import { jobHandler, registeredPrunings } from "./registry";

/**
 * Runs due jobs one after another. Inside the app by default (server/app.ts) and as its own
 * process with `npm run worker`; any number of them share the table. A worker sleeps until
 * the next job is due, at most `idleMs`, and wakes early when a commit in this process
 * enqueued something (`wakeWorkers`) or, with PostgreSQL, another process did (LISTEN).
 */
export type WorkerOptions = {
  /** How long a claimed job is held before another worker may take it over. */
  leaseMs?: number;
  /** The longest sleep between two looks at the table. */
  idleMs?: number;
};

const holder = globalThis as typeof globalThis & { __plotlineWakers?: Set<() => void> };
const wakers = (holder.__plotlineWakers ??= new Set());

/** Nudges every worker of this process to look for due jobs now. */
export function wakeWorkers() {
  for (const wake of wakers) wake();
}

export function startWorker(options: WorkerOptions = {}) {
  const workerId = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseMs = options.leaseMs ?? 60_000;
  const idleMs = options.idleMs ?? 5_000;
  let stopped = false;
  let wakeUp: (() => void) | undefined;
  let nudged = false;
  const wake = () => {
    nudged = true;
    wakeUp?.();
  };
  wakers.add(wake);

  // The heartbeat has a timer of its own, so a long job does not make the worker look gone.
  let beating: Promise<void> = Promise.resolve();
  const pulse = () => {
    beating = beat(workerId).catch((error: unknown) => {
      // A lost connection is the loop's to report; anything else would hide the worker from /healthz.
      if (!isConnectionError(error)) logger.warn({ err: error, worker: workerId }, "job worker heartbeat failed");
    });
  };
  pulse();
  const heartbeat = setInterval(pulse, HEARTBEAT_MS);
  heartbeat.unref();

  const loop = (async () => {
    let lastPrune = 0;
    while (!stopped) {
      nudged = false;
      let wait = idleMs;
      try {
        while (!stopped) {
          const ran = await runOne(workerId, leaseMs);
          connectionRestored("jobs"); // the claim's query answered
          if (!ran) break; // else keep going while jobs are due
        }
        if (Date.now() - lastPrune > 3_600_000) {
          lastPrune = Date.now();
          await pruneAll();
        }
        const next = await nextRunAt();
        if (next) wait = Math.max(0, Math.min(idleMs, next.getTime() - Date.now()));
      } catch (error) {
        if (isConnectionError(error)) {
          // Waits 0.5 s, doubling to 30 s; a nudge (the relay is back, a job was enqueued) tries at once.
          wait = connectionLost(error, "jobs");
        } else {
          logger.error({ err: error }, "job worker could not read the jobs table");
        }
      }
      if (stopped || nudged) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        timer.unref();
        wakeUp = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wakeUp = undefined;
    }
  })();

  return {
    workerId,
    /** Finishes the job in hand, then stops (and removes its heartbeat). */
    async stop() {
      stopped = true;
      wakers.delete(wake);
      clearInterval(heartbeat);
      wakeUp?.();
      await loop;
      await beating;
      await forget(workerId).catch(() => {});
    },
  };
}

/** Claims and runs one due job; false when none was due. */
export async function runOne(workerId: string, leaseMs = 60_000, now?: Date): Promise<boolean> {
  const job = await claimNext(workerId, leaseMs, now);
  if (!job) return false;
  await runJob(job, workerId, now);
  return true;
}

async function runJob(job: Job, workerId: string, now?: Date) {
  const handler = jobHandler(job.kind);
  try {
    if (!handler) throw new Error(`No handler for jobs of kind ${job.kind}`);
    // In the job's scope: a mail it sends takes its Message-ID from the job (jobs/current.ts).
    await inJob(job, () => handler(job.payload, job, now ?? new Date()));
    await completeJob(job, workerId);
  } catch (error) {
    const gaveUp = await failJob(job, workerId, error, now);
    countJobFailure(job.kind, gaveUp);
    logger[gaveUp ? "error" : "warn"](
      { err: error, job: job.id, kind: job.kind, attempt: job.attempts },
      gaveUp ? "job failed for good" : "job failed; it will be retried",
    );
  }
}

/**
 * Runs every job due at `now` until none is left (tests, and scripts that must finish their
 * side effects before exiting). Returns how many ran.
 */
/** Finished jobs past their week, then every registered pruning; one failing stops none of the others. */
export async function pruneAll(now = new Date()) {
  await pruneDoneJobs(7, now);
  await pruneHeartbeats();
  for (const [name, prune] of registeredPrunings()) {
    await prune(now).catch((error: unknown) => logger.error({ err: error, pruning: name }, "pruning failed"));
  }
}

export async function runDueJobs(options: { now?: Date; workerId?: string } = {}) {
  const workerId = options.workerId ?? `drain-${process.pid}`;
  let count = 0;
  while (await runOne(workerId, 60_000, options.now)) count++;
  return count;
}
