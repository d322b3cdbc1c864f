import pg from "pg";

import { logger } from "../logger";
import { wakeWorkers } from "./worker";

/**
 * A worker process's ear on PostgreSQL: `writeWithActivity` sends `plotline_jobs` when a
 * commit enqueued jobs, and this wakes the process's workers at once instead of at their
 * next poll. The app gets the same from its real-time relay; a worker process has no streams
 * to feed, so it listens on this one channel only. A lost connection is made again with
 * backoff, and the workers look at the table then (what was enqueued meanwhile).
 */
export async function listenForJobs(databaseUrl: string) {
  let stopped = false;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | undefined;

  const connect = async () => {
    const next = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: 5000,
      application_name: "plotline-worker",
    });
    next.on("error", () => {}); // "end" reconnects
    await next.connect();
    await next.query("listen plotline_jobs");
    next.on("notification", () => wakeWorkers());
    next.on("end", () => {
      if (stopped || client !== next) return;
      client = null;
      retry(0);
    });
    client = next;
  };
  const retry = (attempt: number) => {
    const delay = Math.min(10_000, 250 * 2 ** attempt) * (0.75 + Math.random() / 2);
    timer = setTimeout(() => {
      connect()
        .then(() => wakeWorkers())
        .catch((error: unknown) => {
          logger.warn({ err: error, attempt: attempt + 1 }, "job listener could not reconnect; trying again");
          if (!stopped) retry(attempt + 1);
        });
    }, delay);
    timer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(timer);
    const last = client;
    client = null;
    await last?.end().catch(() => {});
  };
}
