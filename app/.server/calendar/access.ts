import { and, eq, inArray, isNull } from "drizzle-orm";

import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { calendarEventAttendees, calendarEvents, projects, workspaceMembers, workspaces } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";

type Db = Database | Transaction;

/**
 * A team calendar event by public id, with its workspace and the user's role there, for a
 * member of that workspace; anyone else gets "not found", whether or not it exists.
 */
export async function eventForMember(userId: string, eventPublicId: string, tx: Db = db()) {
  const [row] = await tx
    .select({
      event: calendarEvents,
      workspace: { id: workspaces.id, publicId: workspaces.publicId, name: workspaces.name },
      role: workspaceMembers.role,
    })
    .from(calendarEvents)
    .innerJoin(workspaces, eq(workspaces.id, calendarEvents.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, calendarEvents.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(eq(calendarEvents.publicId, eventPublicId));
  if (!row) throw new NotFoundError("Event");
  return row;
}
export type EventAccess = Awaited<ReturnType<typeof eventForMember>>;

/** The event's state for the policies: editing and deleting are its creator's (or a manager's). */
export function eventState(access: Pick<EventAccess, "event">, userId: string) {
  return { ownedByActor: access.event.createdBy === userId };
}

/** Who an activity row about an event is about: the event, in its workspace and (when set) project. */
export function eventSubject(event: { publicId: string; workspaceId: string; projectId: string | null }) {
  return {
    subjectType: "event",
    subjectId: event.publicId,
    workspaceId: event.workspaceId,
    projectId: event.projectId,
  };
}

/**
 * A live (not deleted, not archived) project of the workspace by public id, or a field
 * error: an event is about the workspace's current work, never another workspace's.
 */
export async function eventProject(tx: Db, workspaceId: string, projectPublicId: string | null | undefined) {
  if (!projectPublicId) return null;
  const [row] = await tx
    .select({ id: projects.id, publicId: projects.publicId, name: projects.name })
    .from(projects)
    .where(
      and(
        eq(projects.publicId, projectPublicId),
        eq(projects.workspaceId, workspaceId),
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
      ),
    );
  if (!row) throw new FieldError("projectId", "Choose one of the workspace's projects");
  return row;
}

/** The attendees, each a member of the workspace; anyone else is refused beside the field. */
export async function eventAttendees(tx: Db, workspaceId: string, userIds: readonly string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, unique)));
  if (rows.length !== unique.length) {
    throw new FieldError("attendeeIds", "Only members of the event's workspace can attend");
  }
  return unique;
}

export async function attendeeIdsOf(eventId: string, tx: Db = db()) {
  const rows = await tx
    .select({ userId: calendarEventAttendees.userId })
    .from(calendarEventAttendees)
    .where(eq(calendarEventAttendees.eventId, eventId));
  return rows.map((row) => row.userId);
}
