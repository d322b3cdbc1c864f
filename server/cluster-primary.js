// WEB_CONCURRENCY=N (N > 1, with DATABASE_URL): server.js becomes a small primary that runs N
// app processes on one port with node:cluster (the primary accepts connections and hands
// them round-robin to the processes). It never loads the app. PostgreSQL already carries
// what the processes share: real-time events, presence, rate limits, jobs and sessions.
import cluster from "node:cluster";
import process from "node:process";

/** Most processes worth running: each holds its own database pool and ~150 MB of memory. */
const MAX_PROCESSES = 64;
/** A process that dies sooner than this after starting counts as a crash loop. */
const EARLY_EXIT_MS = 10_000;
/** How long a stop waits for the processes' own graceful shutdown (each takes under 2 s). */
const STOP_GRACE_MS = 5_000;

/**
 * How many app processes to run, from WEB_CONCURRENCY: 1 when unset. Throws a one-line
 * message for a value that is not a whole number in range, or above 1 without PostgreSQL
 * (the embedded database belongs to one process).
 */
export function processCount(env = process.env) {
  const raw = env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const count = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!(count >= 1 && count <= MAX_PROCESSES)) {
    throw new Error(`WEB_CONCURRENCY must be a whole number from 1 to ${MAX_PROCESSES} (got "${raw}")`);
  }
  if (count > 1 && !env.DATABASE_URL) {
    throw new Error(
      "WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL): the embedded database belongs to one process",
    );
  }
  return count;
}

/**
 * Starts `count` app processes: the first alone (it migrates the database and writes
 * DATA_DIR's generated secrets, which the others then read), the rest once it listens. A
 * process that exits unasked is replaced, unless it exits soon after starting (a crash
 * loop: the primary stops with it). SIGTERM or SIGINT stops them all gracefully.
 */
export async function runPrimary(count) {
  let stopping = false;

  const start = () =>
    new Promise((resolve, reject) => {
      const worker = cluster.fork();
      const startedAt = Date.now();
      worker.once("listening", () => resolve(worker));
      worker.once("exit", (code, signal) => {
        if (stopping) return;
        const why = signal ?? `code ${code}`;
        if (Date.now() - startedAt < EARLY_EXIT_MS) {
          reject(new Error(`an app process exited while starting (${why})`));
          stopAll(1);
          return;
        }
        console.error(`An app process exited (${why}); starting another`);
        start().catch(() => {});
      });
    });

  function stopAll(code) {
    if (stopping) return;
    stopping = true;
    process.exitCode = code;
    const workers = Object.values(cluster.workers ?? {});
    if (workers.length === 0) process.exit(code);
    for (const worker of workers) worker.process.kill("SIGTERM");
    cluster.on("exit", () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
    });
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker.process.kill("SIGKILL");
      process.exit(code);
    }, STOP_GRACE_MS).unref();
  }

  process.once("SIGTERM", () => stopAll(0));
  process.once("SIGINT", () => stopAll(0));

  try {
    await start();
    await Promise.all(Array.from({ length: count - 1 }, start));
    console.log(`Plotline runs ${count} app processes on one port (WEB_CONCURRENCY=${count})`);
    if (!process.env.SMTP_URL) {
      console.warn("Without SMTP_URL each app process keeps its own local outbox: /dev/mail shows only its own mail");
    }
  } catch (error) {
    console.error(`Plotline could not start: ${error.message}`);
    stopAll(1);
  }
}
