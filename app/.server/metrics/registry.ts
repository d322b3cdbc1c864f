import { sql } from "drizzle-orm";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

import { database } from "../db";
import { queryRows } from "../db/client";
import { jobKinds } from "../jobs/registry";
import { logger } from "../logger";
import { connections } from "../realtime/hub";

/**
 * The process's Prometheus metrics (served at /metrics: server/metrics.ts; each one is
 * described in docs/operations.md). Kept on globalThis so that development's reloads of
 * this module find the metrics already registered instead of registering them twice.
 */
const holder = globalThis as typeof globalThis & { __plotlineMetrics?: ReturnType<typeof createMetrics> };

export function metrics() {
  holder.__plotlineMetrics ??= createMetrics();
  return holder.__plotlineMetrics;
}

function createMetrics() {
  const registry = new Registry();
  // RSS, heap, CPU, event-loop lag (sampled by perf_hooks), open handles, garbage collection.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequests: new Counter({
      name: "plotline_http_requests_total",
      help: "HTTP requests answered by the app (static files aside), by method, route pattern and status.",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: "plotline_http_request_duration_seconds",
      help: "Time from the request reaching the app to the last byte of its answer (event streams aside).",
      labelNames: ["method", "route", "status"] as const,
      registers,
    }),
    jobFailures: new Counter({
      name: "plotline_job_failures_total",
      help: "Job attempts that failed in this process's worker, by kind and whether it will be retried.",
      labelNames: ["kind", "outcome"] as const,
      registers,
      collect() {
        // Every kind starts at 0, so that rate() sees the first failure as one.
        for (const kind of jobKinds()) for (const outcome of OUTCOMES) this.inc({ kind, outcome }, 0);
      },
    }),
    streams: new Gauge({
      name: "plotline_sse_connections",
      help: "Real-time event streams (/app/events) open on this process.",
      registers,
      collect() {
        this.set(connections().size);
      },
    }),
    ...jobTableGauges(registers),
    ...poolGauges(registers),
  };
}

/**
 * The jobs table as every process sees it, read once per scrape (one query over the jobs
 * not yet done): whichever process runs the jobs, any app process reports the queue.
 */
function jobTableGauges(registers: Registry[]) {
  // A scrape collects every metric at once: the four gauges share one reading of the table.
  let reading: Promise<JobTable | null> | undefined;
  const read = () => {
    reading ??= readJobTable().finally(() => (reading = undefined));
    return reading;
  };
  const gauge = (name: string, help: string, value: (table: JobTable) => number) =>
    new Gauge({
      name,
      help,
      registers,
      async collect() {
        const table = await read();
        if (table) this.set(value(table));
        else this.reset();
      },
    });
  return {
    jobsDue: gauge("plotline_jobs_due", "Jobs due and waiting for a worker.", (table) => table.due),
    jobsOldestDueAge: gauge(
      "plotline_jobs_oldest_due_age_seconds",
      "How long the longest-waiting due job has been due (0 when none is).",
      (table) => Math.max(0, table.age ?? 0),
    ),
    jobsRunning: gauge("plotline_jobs_running", "Jobs a worker holds now.", (table) => table.running),
    jobsFailed: gauge(
      "plotline_jobs_failed",
      "Jobs given up on after their last attempt (kept in the table for an operator).",
      (table) => table.failed,
    ),
  };
}

type JobTable = { due: number; running: number; failed: number; age: number | null };

async function readJobTable(): Promise<JobTable | null> {
  try {
    const [row] = await queryRows<JobTable>(
      database().db,
      sql`select
            count(*) filter (where ${waiting})::int as due,
            count(*) filter (where failed_at is null and locked_until >= now())::int as running,
            count(*) filter (where failed_at is not null)::int as failed,
            extract(epoch from now() - min(run_at) filter (where ${waiting}))::float8 as age
          from jobs where done_at is null`,
    );
    return row ?? null;
  } catch (error) {
    // A scrape while the database is away still answers, with the rest of the metrics.
    logger.warn({ err: error }, "metrics could not read the jobs table");
    return null;
  }
}

/** Waiting: not failed, its time has come, and no live lease (a worker's claim). */
const waiting = sql.raw(`failed_at is null and run_at <= now() and (locked_until is null or locked_until < now())`);

/** PostgreSQL's connection pool; with PGlite (one connection, no pool) these have no samples. */
function poolGauges(registers: Registry[]) {
  const poolNow = () => database().pool?.();
  const connectionsByState = new Gauge({
    name: "plotline_db_pool_connections",
    help: "PostgreSQL connections of this process's pool, busy or idle.",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const now = poolNow();
      this.reset();
      if (!now) return;
      this.set({ state: "busy" }, now.busy);
      this.set({ state: "idle" }, now.idle);
    },
  });
  const poolMax = new Gauge({
    name: "plotline_db_pool_max_connections",
    help: "The most connections this process's pool opens.",
    labelNames: ["engine"] as const,
    registers,
    collect() {
      const now = poolNow();
      this.reset();
      if (now) this.set({ engine: "postgres" }, now.max);
    },
  });
  const poolWaiting = new Gauge({
    name: "plotline_db_pool_waiting_queries",
    help: "Queries waiting for a free connection of the pool (all busy).",
    labelNames: ["engine"] as const,
    registers,
    collect() {
      const now = poolNow();
      this.reset();
      if (now) this.set({ engine: "postgres" }, now.waiting);
    },
  });
  return { poolConnections: connectionsByState, poolMax, poolWaiting };
}

const OUTCOMES = ["retry", "gave_up"] as const;

/** Counts a failed job attempt (the worker calls it whether the job will be retried or not). */
export function countJobFailure(kind: string, gaveUp: boolean) {
  metrics().jobFailures.inc({ kind, outcome: gaveUp ? "gave_up" : "retry" });
}
