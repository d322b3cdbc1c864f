import { sql } from "drizzle-orm";

import { db, database } from "../db";
import type { Transaction } from "../db/client";
import { activity } from "../db/schema";
import { asEvent, durableKinds, plannedJobs, publish, type DomainEvent } from "../events/bus";
import { EVENT_CATALOG, type EventData, type Verb } from "../events/catalog";
import { enqueue, type NewJob } from "../jobs/queue";
import { wakeWorkers } from "../jobs/worker";
import { PROCESS_ID } from "../realtime/process";

/**
 * Who is acting: a signed-in user, or an anonymous visitor known by IP. `clientId` names
 * the browser tab (sent by the app's scripts), so real-time clients can skip their own echo.
 */
export type Actor = {
  userId: string | null;
  ip: string | null;
  clientId?: string | null;
  /**
   * Acting through an API token rather than a signed-in page (the log says "via API token
   * 'CI'"), or an integration's delivery ("via GitHub").
   */
  via?: { kind: "token" | "integration" | "automation"; id: string; name: string; depth?: number };
};

type Entry<V extends Verb> = {
  verb: V;
  subjectType: string;
  subjectId: string;
  workspaceId?: string | null;
  projectId?: string | null;
  /** Handed to subscribers with the event but never stored in the log (e.g. a one-time token for a mail). */
  transient?: Record<string, unknown>;
  // The verb's data as the event catalogue says (events/catalog.ts); none for a bare event.
} & (keyof EventData<V> extends never ? { data?: EventData<V> } : { data: EventData<V> });

/** One activity row to append: a verb of the catalogue with its data. */
export type ActivityInput = { [V in Verb]: Entry<V> }[Verb];

/**
 * Appends an activity row inside the use case's transaction, or several in one statement (a
 * batch command's rows: the scheduler's occurrences), each its own event in the given order.
 */
export type RecordActivity = (entry: ActivityInput | ActivityInput[]) => Promise<void>;

type Write<T> = (tx: Transaction, record: RecordActivity) => Promise<T>;
/** Rows per insert of a batch (7 parameters each, far below PostgreSQL's 65,535). */
const RECORD_BATCH = 1000;

/**
 * The spine of every use case: one transaction for the change, its activity rows and the
 * jobs of its durable subscribers and planners (the outbox); with PostgreSQL, a NOTIFY in the same
 * transaction tells the other app processes. Once it has committed, the live subscribers
 * (the real-time stream) run here and the workers are woken. A rollback leaves no trace.
 */
export async function writeWithActivity<T>(actor: Actor, write: Write<T>): Promise<T> {
  const events: DomainEvent[] = [];
  const clientId = actor.clientId ?? null;
  let enqueued = false;
  const result = await db().transaction(async (tx) => {
    const jobs: NewJob[] = [];
    const record = async (given: ActivityInput | ActivityInput[]) => {
      const entries = Array.isArray(given) ? given : [given];
      for (let start = 0; start < entries.length; start += RECORD_BATCH) {
        const batch = entries.slice(start, start + RECORD_BATCH);
        // The types hold the shape; the catalogue's schema also holds the values (an enum, a number).
        for (const entry of batch) EVENT_CATALOG[entry.verb].data.parse(entry.data ?? {});
        const rows = await tx
          .insert(activity)
          .values(
            batch.map((entry) => ({
              verb: entry.verb,
              subjectType: entry.subjectType,
              subjectId: entry.subjectId,
              workspaceId: entry.workspaceId ?? null,
              projectId: entry.projectId ?? null,
              actorId: actor.userId,
              data: actor.via ? { ...entry.data, via: actor.via } : (entry.data ?? {}),
            })),
          )
          .returning();
        // The sequence follows the rows' order in the statement.
        rows.sort((a, b) => a.sequence - b.sequence);
        for (const [index, row] of rows.entries()) {
          const entry = batch[index]!;
          events.push({ ...asEvent(row), transient: entry.transient ?? {}, clientId });
          for (const kind of durableKinds(entry.verb)) {
            jobs.push({
              kind,
              payload: { sequence: row.sequence, ...(entry.transient ? { transient: entry.transient } : {}) },
            });
          }
        }
      }
    };
    const value = await write(tx, record);
    jobs.push(...(await plannedJobs(tx, events)));
    await enqueue(tx, jobs);
    enqueued = jobs.length > 0;
    if (events.length > 0 && database().engine === "postgres")
      await notifyOtherProcesses(tx, events, enqueued, clientId);
    return value;
  });
  if (events.length === 0) return result;
  await publish(events);
  if (enqueued) wakeWorkers();
  return result;
}

/**
 * NOTIFY is delivered at commit and only then, so it can never announce a rolled-back
 * change. Ids only (the payload limit is 8,000 bytes): `first-last|process|client`.
 */
async function notifyOtherProcesses(tx: Transaction, events: DomainEvent[], jobs: boolean, clientId: string | null) {
  const first = events[0]!.sequence;
  const last = events[events.length - 1]!.sequence;
  await tx.execute(sql`select pg_notify('plotline_events', ${`${first}-${last}|${PROCESS_ID}|${clientId ?? ""}`})`);
  if (jobs) await tx.execute(sql`select pg_notify('plotline_jobs', '')`);
}
