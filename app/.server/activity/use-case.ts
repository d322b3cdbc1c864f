import { db } from "../db";
import type { Transaction } from "../db/client";
import { activity } from "../db/schema";
import { publish, type DomainEvent } from "../events/bus";

/** Who is acting: a signed-in user, or an anonymous visitor known by IP. */
export type Actor = { userId: string | null; ip: string | null };

export type ActivityInput = {
  verb: string;
  subjectType: string;
  subjectId: string;
  workspaceId?: string | null;
  projectId?: string | null;
  data?: Record<string, unknown>;
  /** Handed to subscribers with the event but never stored (e.g. a one-time token for a mail). */
  transient?: Record<string, unknown>;
};

/** Appends one activity row inside the use case's transaction. */
export type RecordActivity = (entry: ActivityInput) => Promise<void>;

type Write<T> = (tx: Transaction, record: RecordActivity) => Promise<T>;

/**
 * The spine of every use case: one transaction for the change and its activity rows, then
 * the matching events published once the transaction has committed (never for a rollback).
 */
export async function writeWithActivity<T>(actor: Actor, write: Write<T>): Promise<T> {
  const events: DomainEvent[] = [];
  const result = await db().transaction(async (tx) => {
    const record = async (entry: ActivityInput) => {
      const [row] = await tx
        .insert(activity)
        .values({
          verb: entry.verb,
          subjectType: entry.subjectType,
          subjectId: entry.subjectId,
          workspaceId: entry.workspaceId ?? null,
          projectId: entry.projectId ?? null,
          actorId: actor.userId,
          data: entry.data ?? {},
        })
        .returning();
      if (row) events.push({ ...row, transient: entry.transient ?? {} });
    };
    return write(tx, record);
  });
  await publish(events);
  return result;
}
