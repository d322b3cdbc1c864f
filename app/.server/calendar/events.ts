import { and, eq, inArray } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { calendarEventAttendees, calendarEvents } from "../db/schema";
import { FieldError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { workspaceForMember } from "../workspaces/membership";
import { addDays } from "~/utils/calendar-month";
import { DEFAULT_TIME_ZONE, timeZoneOr, zonedInstant } from "~/utils/time-zones";
import { createEventInput, deleteEventInput, updateEventInput } from "./inputs";
import { eventAttendees, eventForMember, eventProject, eventState, eventSubject, attendeeIdsOf } from "./access";

/**
 * The team calendar's use cases: create, update and delete an event. Each checks the policy
 * (editors add events; each stays its creator's to change, or a manager's), writes in one
 * transaction with one activity row (`event.created|updated|deleted`, with the workspace and
 * project set so the real-time stream reaches only members), and leaves notifying the
 * attendees to a durable subscriber (./notifications.ts).
 */
/** What the form gives: days (YYYY-MM-DD) and wall-clock times (HH:MM) in `timeZone`. */
export type EventFields = {
  title: string;
  description?: string;
  allDay: boolean;
  startDate: string;
  /** Ignored for an all-day event; required otherwise. */
  startTime?: string;
  /** The start date when left out. */
  endDate?: string;
  endTime?: string;
  /** The IANA zone the times were typed in; UTC when unknown. */
  timeZone?: string;
  /** A live project of the event's workspace (public id); none when empty. */
  projectId?: string | null;
  /** Members of the event's workspace (user ids). */
  attendeeIds?: string[];
};

/**
 * Instants from the form's days and times. An all-day event runs from midnight UTC of its
 * first day to midnight UTC after its last (exclusive), so its days read the same anywhere.
 */
export function eventTimes(fields: EventFields) {
  const timeZone = timeZoneOr(fields.timeZone, DEFAULT_TIME_ZONE);
  const endDate = fields.endDate || fields.startDate;
  if (fields.allDay) {
    if (endDate < fields.startDate) throw new FieldError("endDate", "The end cannot be before the start");
    return {
      allDay: true,
      startsAt: new Date(`${fields.startDate}T00:00:00Z`),
      endsAt: new Date(`${addDays(endDate, 1)}T00:00:00Z`),
      timeZone,
    };
  }
  if (!fields.startTime) throw new FieldError("startTime", "Enter a start time");
  if (!fields.endTime) throw new FieldError("endTime", "Enter an end time");
  const startsAt = zonedInstant(fields.startDate, fields.startTime, timeZone);
  const endsAt = zonedInstant(endDate, fields.endTime, timeZone);
  if (endsAt < startsAt) {
    throw new FieldError(endDate === fields.startDate ? "endTime" : "endDate", "The end cannot be before the start");
  }
  return { allDay: false, startsAt, endsAt, timeZone };
}

export const createEventCommand = defineCommand({
  name: "event.create",
  input: createEventInput,
  policy: "event.create",
  async run({ tx, record, principal }, input: EventFields & { workspaceId: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "event.create");
    const project = await eventProject(tx, workspace.id, input.projectId);
    const attendees = await eventAttendees(tx, workspace.id, input.attendeeIds ?? []);
    const times = eventTimes(input);
    const title = input.title.trim();
    const [event] = await tx
      .insert(calendarEvents)
      .values({
        publicId: newPublicId(),
        workspaceId: workspace.id,
        projectId: project?.id ?? null,
        title,
        description: input.description?.trim() ?? "",
        ...times,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    if (!event) throw new Error("event insert returned no row");
    if (attendees.length > 0) {
      await tx.insert(calendarEventAttendees).values(attendees.map((userId) => ({ eventId: event.id, userId })));
    }
    await record({
      verb: "event.created",
      ...eventSubject(event),
      // By id, for the attendees' notifications.
      data: { title, addedIds: attendees },
    });
    return { id: event.publicId, title, startsAt: event.startsAt, allDay: event.allDay };
  },
});

export function createEvent(actor: Actor, input: EventFields & { workspaceId: string }) {
  return execute(createEventCommand, principalOf(actor), input);
}

/** Every field of the form: one left empty is cleared. The workspace stays the event's. */
export const updateEventCommand = defineCommand({
  name: "event.update",
  input: updateEventInput,
  policy: "event.update",
  async run({ tx, record, principal }, input: EventFields & { eventId: string }) {
    const actor = asMember(principal);
    const access = await eventForMember(actor.userId, input.eventId, tx);
    authorize(access.role, "event.update", eventState(access, actor.userId));
    const { event } = access;
    const project = await eventProject(tx, event.workspaceId, input.projectId);
    const attendees = await eventAttendees(tx, event.workspaceId, input.attendeeIds ?? []);
    const times = eventTimes(input);
    const next = {
      title: input.title.trim(),
      description: input.description?.trim() ?? "",
      projectId: project?.id ?? null,
      ...times,
    };
    const moved =
      next.allDay !== event.allDay ||
      next.startsAt.getTime() !== event.startsAt.getTime() ||
      next.endsAt.getTime() !== event.endsAt.getTime();
    const changed = (["title", "description", "projectId"] as const).filter((field) => next[field] !== event[field]);
    const before = await attendeeIdsOf(event.id, tx);
    const added = attendees.filter((userId) => !before.includes(userId));
    const removed = before.filter((userId) => !attendees.includes(userId));
    const result = { id: event.publicId, title: next.title, startsAt: next.startsAt, allDay: next.allDay };
    if (!moved && changed.length === 0 && added.length === 0 && removed.length === 0) return result;
    await tx
      .update(calendarEvents)
      .set({ ...next, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(calendarEvents.id, event.id));
    if (added.length > 0) {
      await tx.insert(calendarEventAttendees).values(added.map((userId) => ({ eventId: event.id, userId })));
    }
    if (removed.length > 0) {
      await tx
        .delete(calendarEventAttendees)
        .where(and(eq(calendarEventAttendees.eventId, event.id), inArray(calendarEventAttendees.userId, removed)));
    }
    await record({
      verb: "event.updated",
      // The project it is about now (the stream tells that project's viewers).
      ...eventSubject({ ...event, projectId: next.projectId }),
      data: {
        title: next.title,
        changes: [...changed, ...(moved ? ["time"] : [])],
        moved,
        addedIds: added,
        removedIds: removed,
        // Those who still attend, for "the event you attend moved".
        attendeeIds: attendees,
      },
    });
    return result;
  },
});

export function updateEvent(actor: Actor, input: EventFields & { eventId: string }) {
  return execute(updateEventCommand, principalOf(actor), input);
}

export const deleteEventCommand = defineCommand({
  name: "event.delete",
  input: deleteEventInput,
  policy: "event.delete",
  async run({ tx, record, principal }, input: { eventId: string }) {
    const actor = asMember(principal);
    const access = await eventForMember(actor.userId, input.eventId, tx);
    authorize(access.role, "event.delete", eventState(access, actor.userId));
    const { event } = access;
    const attendees = await attendeeIdsOf(event.id, tx);
    await tx.delete(calendarEvents).where(eq(calendarEvents.id, event.id));
    await record({
      verb: "event.deleted",
      ...eventSubject(event),
      // What the cancellation notice names: the row itself is gone.
      data: {
        title: event.title,
        attendeeIds: attendees,
        allDay: event.allDay,
        startsAt: event.startsAt.toISOString(),
        timeZone: event.timeZone,
      },
    });
    return { id: event.publicId, title: event.title, startsAt: event.startsAt };
  },
});

export function deleteEvent(actor: Actor, input: { eventId: string }) {
  return execute(deleteEventCommand, principalOf(actor), input);
}
