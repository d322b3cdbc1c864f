import { asc, between, gt, max } from "drizzle-orm";
import pg from "pg";

import { db } from "../db";
import { connectionLost, connectionRestored } from "../db/reconnect";
import { activity } from "../db/schema";
import { asEvent } from "../events/bus";
import { wakeWorkers } from "../jobs/worker";
import { logger } from "../logger";
import { deliver, lastDeliveredSequence, startAfter } from "./hub";
import { PROCESS_ID } from "./process";

/**
 * Across app processes, with PostgreSQL: one dedicated connection (never from the pool,
 * whose clients come and go) LISTENs on Plotline's channels. NOTIFY carries ids only (its
 * payload is capped at 8,000 bytes) and has no replay, so after a lost connection the relay
 * reconnects with backoff (db/reconnect.ts), LISTENs on every channel again and reads what
 * it missed from the activity log.
 *
 * Channels: `plotline_events` (activity sequences, sent by writeWithActivity inside the
 * transaction), `plotline_jobs` (wake the workers) and any registered with `onChannel`
 * (presence, user messages), whose payloads are small JSON that names the sending process.
 */
type ChannelHandler = (payload: Record<string, unknown>) => void;
const channels = new Map<string, ChannelHandler>();

/**
 * Handles one extra channel's messages from other processes (this process's own are
 * skipped). Channel names are plain identifiers (`plotline_presence`); registering after
 * the relay started listens at once.
 */
export function onChannel(channel: string, handler: ChannelHandler) {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`Bad channel name ${channel}`);
  channels.set(channel, handler);
  relay?.client
    ?.query(`listen ${channel}`)
    .catch((error: unknown) => logger.warn({ err: error, channel }, "could not LISTEN"));
}

/** Sends a small JSON message to the other processes; nothing without PostgreSQL. */
export async function notifyChannel(channel: string, payload: Record<string, unknown>) {
  if (!relay) return;
  const text = JSON.stringify({ ...payload, process: PROCESS_ID });
  if (Buffer.byteLength(text) > 7900) throw new Error(`NOTIFY payload too large for ${channel}`);
  await relay.client?.query("select pg_notify($1, $2)", [channel, text]);
}

type Relay = { client: pg.Client | null; stopped: boolean; timer?: NodeJS.Timeout };
let relay: Relay | null = null;

export function relayRunning() {
  return relay !== null && relay.client !== null;
}

/** Starts listening; resolves once the first connection is up (or throws if it cannot be made). */
export async function startRelay(databaseUrl: string) {
  const state: Relay = { client: null, stopped: false };
  relay = state;
  const [latest] = await db()
    .select({ sequence: max(activity.sequence) })
    .from(activity);
  startAfter(Number(latest?.sequence ?? 0));
  await connect(state, databaseUrl, 0, false);
  return {
    async stop() {
      state.stopped = true;
      clearTimeout(state.timer);
      const client = state.client;
      state.client = null;
      if (relay === state) relay = null;
      await client?.end().catch(() => {});
    },
  };
}

async function connect(state: Relay, databaseUrl: string, attempt: number, catchUp: boolean) {
  // Named, so an operator (or a test) can find the relay's session in pg_stat_activity.
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: 5000,
    application_name: "plotline-relay",
  });
  let lastError: unknown = null;
  client.on("error", (error) => (lastError = error)); // the "end" handler below reconnects
  try {
    await client.connect();
    // Every channel again on each new connection: LISTEN belongs to the session.
    await client.query(
      `listen plotline_events; listen plotline_jobs; ${[...channels.keys()].map((c) => `listen ${c};`).join(" ")}`,
    );
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
  client.on("notification", (message) => {
    void receive(message.channel, message.payload ?? "").catch((error: unknown) =>
      logger.warn({ err: error, channel: message.channel }, "could not relay a notification"),
    );
  });
  client.on("end", () => {
    if (state.stopped || state.client !== client) return;
    state.client = null;
    scheduleReconnect(state, databaseUrl, lastError ?? new Error("the relay's connection ended"));
  });
  state.client = client;
  if (attempt > 0 || catchUp) {
    connectionRestored("relay");
    logger.info({ attempt }, "real-time relay reconnected; catching up from the activity log");
    await catchUpFrom(lastDeliveredSequence()).catch((error: unknown) =>
      logger.warn({ err: error }, "real-time relay could not catch up from the activity log"),
    );
    wakeWorkers();
  }
}

/**
 * Tries again after the wait the connection watch gives (db/reconnect.ts: 0.5 s doubling to
 * 30 s, one log line per outage, giving up after DB_RECONNECT_GIVE_UP_MS).
 */
function scheduleReconnect(state: Relay, databaseUrl: string, error: unknown, attempt = 1) {
  const delay = connectionLost(error, "relay");
  state.timer = setTimeout(() => {
    if (state.stopped) return;
    connect(state, databaseUrl, attempt, true).catch((failure: unknown) => {
      if (!state.stopped) scheduleReconnect(state, databaseUrl, failure, attempt + 1);
    });
  }, delay);
  state.timer.unref();
}

async function receive(channel: string, payload: string) {
  if (channel === "plotline_jobs") return wakeWorkers();
  if (channel === "plotline_events") {
    const [range = "", origin, clientId] = payload.split("|");
    if (origin === PROCESS_ID) return;
    const [first, last] = range.split("-").map(Number);
    if (!Number.isSafeInteger(first) || !Number.isSafeInteger(last)) return;
    const rows = await db()
      .select()
      .from(activity)
      .where(between(activity.sequence, first!, last!))
      .orderBy(asc(activity.sequence));
    return deliver(rows.map((row) => ({ ...asEvent(row), clientId: clientId || null })));
  }
  const handler = channels.get(channel);
  if (!handler) return;
  const message = JSON.parse(payload) as Record<string, unknown>;
  if (message.process !== PROCESS_ID) handler(message);
}

/** NOTIFY has no replay: what was committed while the relay was away comes from the log. */
async function catchUpFrom(sequence: number) {
  for (;;) {
    const rows = await db()
      .select()
      .from(activity)
      .where(gt(activity.sequence, sequence))
      .orderBy(asc(activity.sequence))
      .limit(1000);
    if (rows.length === 0) return;
    await deliver(rows.map((row) => ({ ...asEvent(row), clientId: null })));
    sequence = rows[rows.length - 1]!.sequence;
    if (rows.length < 1000) return;
  }
}
