import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";

import { db } from "../db";
import { queryRows } from "../db/client";
import { activity, projects, workspaceMembers } from "../db/schema";
import { asEvent, type DomainEvent } from "../events/bus";
import { logger } from "../logger";
import { liveCard } from "../tasks/live-card";
import type { ChangeEvent, StreamMessage } from "../../utils/realtime";

/**
 * This process's real-time connections and the fan-out to them. Every event reaches only
 * the connections of members of its workspace; membership is read when a stream opens and
 * read again for the people a membership change touches, before that change is delivered
 * (so a removed member never sees it). Events from other processes come in through the
 * relay (relay.ts); a sequence seen twice is delivered once.
 */
export type Connection = {
  id: string;
  userId: string;
  workspaces: Set<string>;
  send(message: StreamMessage): void;
  /** Presence: what this connection is looking at (set by the presence module). */
  view: { projectId: string | null; taskId: string | null; idle: boolean };
};

type Hub = { connections: Set<Connection>; recent: Set<number>; lastSequence: number; projectIds: Map<string, string> };
const holder = globalThis as typeof globalThis & { __plotlineHub?: Hub };
const hub = (holder.__plotlineHub ??= {
  connections: new Set(),
  recent: new Set(),
  lastSequence: 0,
  projectIds: new Map(),
});

const RECENT_LIMIT = 4096;

/**
 * Task changes sent with the card as it now is (live-card.ts), so an open board patches it
 * without reading the board again: `true` when the change may move cards between columns
 * (and the counts come too). Others (a task made a subtask, a status renamed) make views read again.
 */
const CARD_VERBS = new Map([
  ["task.created", true],
  ["task.moved", true],
  ["task.updated", true],
  ["task.deleted", true],
  ["task.reordered", false],
  ["task.assignees_changed", false],
  ["task.labels_changed", false],
  ["task.checklist_changed", false],
]);
/** Past this many events at once (a bulk edit, a catch-up) each view reads again instead: cheaper than a card each. */
const CARD_BATCH_LIMIT = 20;
/** A reconnecting client gets at most this many missed events; past that it reloads what it shows. */
export const REPLAY_LIMIT = 500;

const MEMBERSHIP_VERBS = new Set([
  "member.joined",
  "member.removed",
  "member.left",
  "workspace.created",
  "workspace.deleted",
  "workspace.ownership_transferred",
]);

export function connections(): ReadonlySet<Connection> {
  return hub.connections;
}

export function addConnection(connection: Connection) {
  hub.connections.add(connection);
}

export function removeConnection(connection: Connection) {
  hub.connections.delete(connection);
}

/** The highest sequence delivered by this process: where the relay catches up from. */
export function lastDeliveredSequence() {
  return hub.lastSequence;
}

/** Forgets what was delivered (the database may be another one: tests open a new one per file and engine). */
export function resetDelivered() {
  hub.recent.clear();
  hub.lastSequence = 0;
}

/** Where this process starts: events up to `sequence` happened before it listened. */
export function startAfter(sequence: number) {
  if (sequence > hub.lastSequence) hub.lastSequence = sequence;
}

export async function memberships(userId: string): Promise<Set<string>> {
  const rows = await db()
    .select({ workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.userId, userId));
  return new Set(rows.map((row) => row.workspaceId));
}

/** Delivers events in order to every connection allowed to see them. */
export async function deliver(
  events: Array<
    Pick<DomainEvent, "sequence" | "verb" | "subjectId" | "workspaceId" | "projectId" | "actorId" | "clientId"> & {
      data?: Record<string, unknown>;
    }
  >,
) {
  const withCards = events.length <= CARD_BATCH_LIMIT;
  for (const event of events) {
    if (hub.recent.has(event.sequence)) continue;
    remember(event.sequence);
    const workspaceId = event.workspaceId;
    if (!workspaceId) continue;
    if (MEMBERSHIP_VERBS.has(event.verb)) await refreshMemberships(event);
    const audience = [...hub.connections].filter((connection) => connection.workspaces.has(workspaceId));
    if (audience.length === 0) continue;
    const data = await toWire(event);
    if (withCards) {
      await attachCard(data, event.verb);
      await attachRelated(data, event);
    }
    const message = { event: "change" as const, id: String(event.sequence), data };
    for (const connection of audience) connection.send(message);
  }
}

async function attachCard(data: ChangeEvent, verb: string) {
  const withCounts = CARD_VERBS.get(verb);
  if (withCounts === undefined) return;
  try {
    const card = await liveCard(data.id, withCounts);
    if (card) data.card = card;
  } catch (error) {
    // Without it, the views read again: slower, never wrong.
    logger.warn({ err: error, verb }, "could not read a live card");
  }
}

/**
 * A change that shows on other tasks through their relations (issue 34): a task done, back
 * from done, renamed or deleted changes the Blocked badge or the relations list of the tasks
 * related to it; a relation added or removed, those of its other task. Their projects go with
 * the event (`related`), so views of those projects read again (a board in the task's own
 * project patches the task's card and reads again for the others).
 */
const RELATED_VERBS = new Set([
  "task.moved",
  "task.updated",
  "task.deleted",
  "task.relation_added",
  "task.relation_removed",
]);

async function attachRelated(
  data: ChangeEvent,
  event: Pick<DomainEvent, "verb" | "subjectId"> & { data?: Record<string, unknown> },
) {
  // A task moved to another project leaves the views of the one it was in.
  if (event.verb === "task.project_changed" && typeof event.data?.fromProjectId === "string") {
    data.related = [event.data.fromProjectId];
    return;
  }
  if (!RELATED_VERBS.has(event.verb)) return;
  try {
    const otherId = typeof event.data?.otherId === "string" ? event.data.otherId : null;
    const related = await relatedProjects(event.verb.startsWith("task.relation_") ? otherId : null, data.id);
    if (related.length > 0) data.related = related;
  } catch (error) {
    logger.warn({ err: error, verb: event.verb }, "could not read a change's related projects");
  }
}

/**
 * The public ids of the live projects of the tasks related to the task `publicId` (either
 * end, any kind), or of the one task `otherId`: both ends of the relations table's indexes.
 */
async function relatedProjects(otherId: string | null, publicId: string): Promise<string[]> {
  const rows = otherId
    ? await queryRows<{ id: string }>(
        db(),
        sql`select p.public_id as id from tasks t join projects p on p.id = t.project_id
          where t.public_id = ${otherId} and t.deleted_at is null and p.deleted_at is null`,
      )
    : await queryRows<{ id: string }>(
        db(),
        sql`with self as (select id from tasks where public_id = ${publicId}),
          others as (
            select r.to_task_id as task_id from task_relations r, self where r.from_task_id = self.id
            union
            select r.from_task_id from task_relations r, self where r.to_task_id = self.id
          )
          select distinct p.public_id as id from others
          join tasks t on t.id = others.task_id
          join projects p on p.id = t.project_id
          where t.deleted_at is null and p.deleted_at is null`,
      );
  return rows.map((row) => row.id);
}

/** Sends a message to every connection of one user in this process (notifications, presence). */
export function sendToUser(userId: string, message: StreamMessage) {
  for (const connection of hub.connections) {
    if (connection.userId === userId) connection.send(message);
  }
}

/**
 * What a reconnecting client missed after `sequence`, in order, within its workspaces:
 * null when more than REPLAY_LIMIT, and the client should reload instead.
 */
export async function missedSince(workspaces: Set<string>, sequence: number) {
  if (workspaces.size === 0) return [];
  const rows = await db()
    .select()
    .from(activity)
    .where(and(gt(activity.sequence, sequence), inArray(activity.workspaceId, [...workspaces])))
    .orderBy(asc(activity.sequence))
    .limit(REPLAY_LIMIT + 1);
  if (rows.length > REPLAY_LIMIT) return null;
  return Promise.all(
    rows.map(async (row) => ({ id: String(row.sequence), data: await toWire({ ...asEvent(row), clientId: null }) })),
  );
}

async function refreshMemberships(event: Pick<DomainEvent, "verb" | "subjectId" | "workspaceId" | "actorId">) {
  const touched = new Set<string>();
  for (const connection of hub.connections) {
    const affected =
      connection.userId === event.subjectId ||
      connection.userId === event.actorId ||
      (event.verb === "workspace.deleted" &&
        event.workspaceId !== null &&
        connection.workspaces.has(event.workspaceId));
    if (affected) touched.add(connection.userId);
  }
  for (const userId of touched) {
    const current = await memberships(userId).catch((error: unknown) => {
      logger.warn({ err: error }, "could not reread memberships for a stream");
      return new Set<string>();
    });
    for (const connection of hub.connections) if (connection.userId === userId) connection.workspaces = current;
  }
}

async function toWire(
  event: Pick<DomainEvent, "sequence" | "verb" | "subjectId" | "projectId" | "actorId" | "clientId">,
): Promise<ChangeEvent> {
  return {
    type: event.verb,
    id: event.subjectId,
    version: event.sequence,
    actor: event.actorId,
    clientId: event.clientId,
    project: event.projectId ? await projectPublicId(event.projectId) : null,
  };
}

/** Project uuids never leave the server: events name the project by its public id. */
async function projectPublicId(projectId: string) {
  const known = hub.projectIds.get(projectId);
  if (known) return known;
  const [row] = await db().select({ publicId: projects.publicId }).from(projects).where(eq(projects.id, projectId));
  if (!row) return null;
  if (hub.projectIds.size > 10_000) hub.projectIds.clear();
  hub.projectIds.set(projectId, row.publicId);
  return row.publicId;
}

function remember(sequence: number) {
  hub.recent.add(sequence);
  if (sequence > hub.lastSequence) hub.lastSequence = sequence;
  if (hub.recent.size > RECENT_LIMIT) {
    const oldest = hub.recent.values().next().value;
    if (oldest !== undefined) hub.recent.delete(oldest);
  }
}
