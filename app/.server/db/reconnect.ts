import { env } from "../env";
import { logger } from "../logger";
import { database } from "./index";

/**
 * What a process does when its database goes away (a dropped connection, PostgreSQL
 * restarting): the parts that keep talking to it on their own (the job worker's loop, the
 * real-time relay's LISTEN connection) report each failure here and wait the delay it
 * answers, 0.5 s doubling to 30 s, before they try again. One outage is one pair of log lines
 * per process, "database connection lost, retrying in N s" and "database connection
 * restored", however many parts noticed it. Past `DB_RECONNECT_GIVE_UP_MS` without a success
 * (and a last ping that fails too) the process logs that it gives up and exits with code 1,
 * so a supervisor restarts it; it never just stops.
 *
 * Requests need nothing of this: the pool opens a new connection for the next query.
 */
export const FIRST_RETRY_MS = 500;
export const LONGEST_RETRY_MS = 30_000;

/** The wait before try number `failures + 1`: 0.5 s, 1 s, 2 s … at most 30 s. */
export function retryDelay(failures: number) {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, failures - 1));
}

type Outage = { since: number; failures: number; givingUp: boolean };
type State = { outage: Outage | null; giveUp: (downMs: number) => void };

const holder = globalThis as typeof globalThis & { __plotlineConnectionWatch?: State };
const state = (holder.__plotlineConnectionWatch ??= { outage: null, giveUp: exitForGood });

/**
 * A part could not reach the database (`where`: which one). Returns how long it should wait
 * before it tries again. The first failure of an outage is logged; a failure past the
 * give-up time checks once more with a ping and then gives up.
 */
export function connectionLost(error: unknown, where: string): number {
  const now = Date.now();
  const outage = (state.outage ??= { since: now, failures: 0, givingUp: false });
  outage.failures += 1;
  const delay = retryDelay(outage.failures);
  if (outage.failures === 1) {
    logger.warn(
      { err: error, where, retryInMs: delay },
      `database connection lost, retrying in ${formatSeconds(delay)} s`,
    );
  } else if (now - outage.since >= env().dbReconnectGiveUpMs && !outage.givingUp) {
    outage.givingUp = true;
    void lastPing().then((answered) => {
      if (answered) return connectionRestored("ping");
      if (state.outage === outage) state.giveUp(Date.now() - outage.since);
    });
  }
  return delay;
}

/** A part reached the database again (or never lost it): ends the outage, if there was one. */
export function connectionRestored(where: string) {
  const outage = state.outage;
  if (!outage) return;
  state.outage = null;
  logger.info({ where, downMs: Date.now() - outage.since, failures: outage.failures }, "database connection restored");
}

/** Since when the database has been unreachable, or null while it answers. */
export function connectionOutage(): { since: Date; failures: number } | null {
  return state.outage ? { since: new Date(state.outage.since), failures: state.outage.failures } : null;
}

/** What giving up does (tests replace it); by default the process logs and exits with 1. Returns the restore. */
export function onGiveUp(giveUp: (downMs: number) => void) {
  const previous = state.giveUp;
  state.giveUp = giveUp;
  return () => {
    state.giveUp = previous;
    state.outage = null;
  };
}

function exitForGood(downMs: number) {
  logger.fatal(
    { downMs },
    `database unreachable for ${formatSeconds(downMs)} s (DB_RECONNECT_GIVE_UP_MS): giving up, exiting with code 1`,
  );
  process.exit(1);
}

async function lastPing() {
  try {
    await database().ping(5_000);
    return true;
  } catch {
    return false;
  }
}

function formatSeconds(ms: number) {
  return ms < 10_000 ? String(Math.round(ms / 100) / 10) : String(Math.round(ms / 1000));
}

const CONNECTION_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  // PostgreSQL: shutting down, terminated by an administrator, starting up, too many clients.
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);
const CONNECTION_MESSAGES =
  /Connection terminated|connection error|timeout exceeded when trying to connect|Client was closed|not queryable|no answer within/i;

/**
 * Whether an error says the database could not be reached, rather than that a statement was
 * wrong: node-postgres's connection failures, PostgreSQL's class 08 and shutdown codes,
 * looked for through Drizzle's wrapping (`cause`).
 */
export function isConnectionError(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== "object") return false;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    if (typeof message === "string" && CONNECTION_MESSAGES.test(message)) return true;
    current = cause;
  }
  return false;
}
