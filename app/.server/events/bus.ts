import { eq } from "drizzle-orm";

import { db } from "../db";
import type { Transaction } from "../db/client";
import { activity } from "../db/schema";
import type { NewJob } from "../jobs/queue";
import { defineJob } from "../jobs/registry";
import { logger } from "../logger";
import type { StoredEventData, Verb } from "./catalog";

/**
 * Domain events: one per activity row, made by `writeWithActivity` when its transaction
 * commits. Two kinds of subscriber:
 * - `onEvent` (durable): side effects that must not be lost (mail, notifications, later
 *   webhooks and automations). Each becomes a job written in the change's own transaction
 *   and run by a worker (../jobs), retried until it succeeds.
 * - `planJobs` (durable, planned): decides inside the change's transaction which jobs its
 *   events need, reading the database (webhooks: one job per endpoint that wants the event).
 * - `subscribe` (live): the real-time fan-out, run in this process right after commit;
 *   a missed one costs nothing because clients replay from the activity log.
 */
/** Of one verb, or (by default) of any: a union that a check of `verb` narrows, data included. */
export type DomainEvent<V extends Verb = Verb> = V extends Verb ? EventOf<V> : never;

type EventOf<V extends Verb> = {
  /** The activity row's sequence: unique, ordered, the real-time event id. */
  sequence: number;
  verb: V;
  subjectType: string;
  subjectId: string;
  workspaceId: string | null;
  projectId: string | null;
  actorId: string | null;
  /** As the event catalogue says (events/catalog.ts); rows written before a verb's current version may differ. */
  data: StoredEventData<V>;
  /** Values for subscribers only, never stored in the activity log (in a durable job's payload until it ran). */
  transient: Record<string, unknown>;
  /** The browser tab that made the change, so it can skip its own echo; null when unknown. */
  clientId: string | null;
  createdAt: Date;
};

type Handler<V extends Verb = Verb> = (event: DomainEvent<V>) => Promise<void> | void;

/**
 * An activity row as an event of the catalogue. Rows are written only by `record()`, whose
 * data the catalogue types, so the stored JSON is read back as that shape here, once.
 */
export function asEvent<Row extends { verb: string; data: Record<string, unknown> }>(row: Row) {
  return row as unknown as Omit<Row, "verb" | "data"> & VerbAndData;
}
type VerbAndData = { [V in Verb]: { verb: V; data: StoredEventData<V> } }[Verb];

type BatchHandler = (events: DomainEvent[]) => Promise<void> | void;
/** Reads what it needs with `tx` (the change's transaction) and returns the jobs to write with it. */
export type JobPlanner = (tx: Transaction, events: DomainEvent[]) => Promise<NewJob[]>;
type Registry = {
  live: Map<string, Set<Handler>>;
  durable: Map<string, Set<string>>;
  batches: Set<BatchHandler>;
  planners?: Map<string, JobPlanner>;
};
const holder = globalThis as typeof globalThis & { __plotlineEvents?: Registry };
const registry: Registry = (holder.__plotlineEvents ??= { live: new Map(), durable: new Map(), batches: new Set() });
const batches = registry.batches;
const planners = (registry.planners ??= new Map());

/** Live subscriber of one verb, or of every verb with `*`; returns the unsubscribe. */
export function subscribe<V extends Verb>(verb: V | "*", handler: Handler<V>) {
  const set = registry.live.get(verb) ?? new Set<Handler>();
  set.add(handler as Handler);
  registry.live.set(verb, set);
  return () => set.delete(handler as Handler);
}

/**
 * Live subscriber of every event, one call per committed transaction with its events in
 * order (the real-time fan-out treats a bulk change differently from one change).
 */
export function subscribeBatches(handler: BatchHandler) {
  batches.add(handler);
  return () => batches.delete(handler);
}

/**
 * Durable subscriber of one verb, or of every verb with `*`: `name` is the job kind (stable
 * across releases, e.g. `mail.invitation`), and the handler runs from the jobs table.
 * Returns the unregister.
 */
export function onEvent<V extends Verb>(verb: V | "*", name: string, handler: Handler<V>) {
  const names = registry.durable.get(verb) ?? new Set<string>();
  names.add(name);
  registry.durable.set(verb, names);
  const undefine = defineJob(name, async (payload) => {
    const event = await loadEvent(Number(payload.sequence), payload);
    if (event) await handler(event as DomainEvent<V>);
  });
  return () => {
    names.delete(name);
    undefine();
  };
}

/** The job kinds a verb sets off, for the outbox rows written with the change. */
export function durableKinds(verb: string): string[] {
  return [...new Set([...(registry.durable.get(verb) ?? []), ...(registry.durable.get("*") ?? [])])];
}

/**
 * A planner of durable jobs, called once per committing transaction with all its events,
 * inside it: for consumers whose jobs depend on data (one per webhook endpoint), so that a
 * change nobody listens to writes no job. `name` keys it (registering again replaces it).
 * Returns the unregister.
 */
export function planJobs(name: string, planner: JobPlanner) {
  planners.set(name, planner);
  return () => {
    if (planners.get(name) === planner) planners.delete(name);
  };
}

/** The planned jobs of a transaction's events (every planner's), written with the change. */
export async function plannedJobs(tx: Transaction, events: DomainEvent[]): Promise<NewJob[]> {
  if (events.length === 0 || planners.size === 0) return [];
  const jobs: NewJob[] = [];
  for (const planner of planners.values()) jobs.push(...(await planner(tx, events)));
  return jobs;
}

/** Runs the live subscribers of each event; a failing one is logged and stops nothing. */
export async function publish(events: DomainEvent[]) {
  for (const event of events) {
    for (const handler of [...(registry.live.get(event.verb) ?? []), ...(registry.live.get("*") ?? [])]) {
      try {
        await handler(event);
      } catch (error) {
        logger.error({ err: error, verb: event.verb, sequence: event.sequence }, "event subscriber failed");
      }
    }
  }
  for (const handler of batches) {
    try {
      await handler(events);
    } catch (error) {
      logger.error({ err: error, sequences: events.map((event) => event.sequence) }, "event subscriber failed");
    }
  }
}

/** An event again from its activity row, with what the job kept of it (transient values, client). */
async function loadEvent(sequence: number, payload: Record<string, unknown>): Promise<DomainEvent | null> {
  const [row] = await db().select().from(activity).where(eq(activity.sequence, sequence));
  if (!row) return null;
  const transient = payload.transient && typeof payload.transient === "object" ? payload.transient : {};
  return { ...asEvent(row), transient: transient as Record<string, unknown>, clientId: null };
}
