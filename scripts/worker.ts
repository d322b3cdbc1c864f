// `npm run worker`: a process that only runs jobs (mail, notifications…), for deployments
// that keep them out of the app processes (JOBS_IN_APP=false) or want more of them. Any
// number of workers share the jobs table (claims use FOR UPDATE SKIP LOCKED). PostgreSQL
// only: PGlite's data directory belongs to the app process, whose in-app worker runs the jobs.
// SIGTERM or SIGINT lets the job in hand finish, then exits.
//
// It never just vanishes: a lost database connection (terminated, PostgreSQL restarting) is
// retried with backoff and logged once ("database connection lost, retrying in N s", then
// "database connection restored"); only after DB_RECONNECT_GIVE_UP_MS without the database
// does it log that it gives up and exit with code 1, for its supervisor to restart it.
import { sql } from "drizzle-orm";

import { registerSubscribers } from "~/.server/boot/subscribers";
import { openDatabase } from "~/.server/db/client";
import { setDatabase } from "~/.server/db";
import { env } from "~/.server/env";
import { startWorker } from "~/.server/jobs/worker";
import { logger } from "~/.server/logger";
import { startRelay } from "~/.server/realtime/relay";
import { initSecrets } from "~/.server/secrets";

const fail = (message: string): never => {
  console.error(`Plotline worker could not start: ${message}`);
  process.exit(1);
};

const config = (() => {
  try {
    return env();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
const databaseUrl =
  config.databaseUrl ??
  fail("DATABASE_URL is not set. Separate workers need PostgreSQL; with the embedded database the app runs the jobs.");

initSecrets(config.dataDir, { sessionSecret: config.sessionSecret });
const handle = await openDatabase({ databaseUrl, dataDir: config.dataDir });
try {
  // The app migrates at its start; a worker never does, so two versions never race on it.
  await handle.db.execute(sql`select 1 from jobs limit 1`);
} catch (error) {
  await handle.close();
  fail(
    `the jobs table cannot be read at ${handle.location} (${rootMessage(error)}); start the app or run npm run db:migrate first`,
  );
}
setDatabase(handle);
registerSubscribers();
// The relay wakes the worker when another process enqueues (NOTIFY plotline_jobs), and carries
// what jobs send to the app processes' streams (live notifications) through notifyChannel.
const relay = await startRelay(databaseUrl);
const worker = startWorker({ leaseMs: config.jobLeaseMs });
logger.info({ worker: worker.workerId, location: handle.location }, "job worker started");
// Its timers do not hold the process open (the app's worker shares them), and while the
// database is away there is no socket that does: without this the process would end, with
// code 0, as soon as its connections were dropped.
const keepAlive = setInterval(() => {}, 1 << 30);

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "job worker stopping after the job in hand");
  clearInterval(keepAlive);
  await worker.stop();
  await relay.stop();
  await handle.close();
  process.exit(0);
}
process.once("SIGTERM", () => void stop("SIGTERM"));
process.once("SIGINT", () => void stop("SIGINT"));

/** drizzle wraps the driver's error ("Failed query: ...") in `cause`. */
function rootMessage(error: unknown): string {
  if (error instanceof Error && error.cause) return rootMessage(error.cause);
  return error instanceof Error ? (error.message.split("\n")[0] ?? error.name) : String(error);
}
