import { eq } from "drizzle-orm";

import { db } from "../db";
import { calendarEvents, workspaces } from "../db/schema";
import { onEvent, type DomainEvent } from "../events/bus";
import { nameOf, stillMembers } from "../notifications/context";
import { deliverNotifications } from "../notifications/deliver";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";

/**
 * Attendees hear of the team calendar's events: those added by a create or an update are
 * invited, those who already attended hear that it moved, and everyone who attended hears
 * that it was cancelled. Durable subscribers (a job written with the change); the pipeline
 * (deliver.ts) never notifies the person who acted, and mails and pushes as for any other.
 */
export function registerEventNotifications() {
  const undo = [
    onEvent("event.created", "notify.event_invited", invited),
    onEvent("event.updated", "notify.event_invited", invited),
    onEvent("event.updated", "notify.event_moved", moved),
    onEvent("event.deleted", "notify.event_cancelled", cancelled),
  ];
  return () => undo.forEach((unregister) => unregister());
}

/** The event as it is now (none once deleted: a later job finds nothing to announce). */
async function eventNow(publicId: string) {
  const [row] = await db()
    .select({
      publicId: calendarEvents.publicId,
      title: calendarEvents.title,
      allDay: calendarEvents.allDay,
      startsAt: calendarEvents.startsAt,
      timeZone: calendarEvents.timeZone,
      workspaceId: calendarEvents.workspaceId,
      workspaceName: workspaces.name,
    })
    .from(calendarEvents)
    .innerJoin(workspaces, eq(workspaces.id, calendarEvents.workspaceId))
    .where(eq(calendarEvents.publicId, publicId));
  return row ?? null;
}

/** "May 4, 2026, 9:30 AM CEST" in the zone it was entered in; an all-day event by its day. */
function whenOf(event: { allDay: boolean; startsAt: Date; timeZone: string }) {
  if (event.allDay) {
    return new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" }).format(event.startsAt);
  }
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone: event.timeZone,
      dateStyle: "medium",
      timeStyle: "short",
    }).format(event.startsAt);
  } catch {
    return event.startsAt.toISOString();
  }
}

async function toAttendees(
  event: DomainEvent,
  recipients: string[],
  kind: string,
  content: (actor: string) => { title: string; body: string; link: string },
) {
  const others = recipients.filter((userId) => userId !== event.actorId);
  if (others.length === 0 || !event.workspaceId) return;
  const people = await stillMembers(event.workspaceId, others);
  if (people.length === 0) return;
  const message = content(await nameOf(event.actorId));
  await deliverNotifications(
    people.map((userId) => ({
      userId,
      kind,
      ...message,
      workspaceId: event.workspaceId,
      actorId: event.actorId,
      data: { sequence: event.sequence, event: event.subjectId },
      // As the other rules' (notifications/subscribers.ts): a retried job writes nothing twice.
      dedupeKey: `${kind}:${event.sequence}`,
    })),
  );
}

async function invited(event: DomainEvent<"event.created" | "event.updated">) {
  const added = event.data.addedIds;
  if (added.length === 0) return;
  const now = await eventNow(event.subjectId);
  if (!now) return;
  await toAttendees(event, added, NOTIFICATION_KINDS.eventInvited, (actor) => ({
    title: `${actor} invited you to ${now.title}`,
    body: `${whenOf(now)}, in ${now.workspaceName}.`,
    link: `/app/calendar/event/${now.publicId}`,
  }));
}

async function moved(event: DomainEvent<"event.updated">) {
  if (!event.data.moved) return;
  const added = new Set(event.data.addedIds);
  const attending = event.data.attendeeIds.filter((userId) => !added.has(userId));
  if (attending.length === 0) return;
  const now = await eventNow(event.subjectId);
  if (!now) return;
  await toAttendees(event, attending, NOTIFICATION_KINDS.eventMoved, (actor) => ({
    title: `${actor} moved ${now.title}`,
    body: `It is now ${whenOf(now)}.`,
    link: `/app/calendar/event/${now.publicId}`,
  }));
}

async function cancelled(event: DomainEvent<"event.deleted">) {
  const attending = event.data.attendeeIds;
  if (attending.length === 0) return;
  const startsAt = new Date(event.data.startsAt);
  const valid = !Number.isNaN(startsAt.getTime());
  const title = event.data.title;
  const when = valid ? whenOf({ allDay: event.data.allDay, startsAt, timeZone: event.data.timeZone }) : null;
  await toAttendees(event, attending, NOTIFICATION_KINDS.eventCancelled, (actor) => ({
    title: `${actor} cancelled ${title}`,
    body: when ? `It was on ${when}.` : "",
    link: valid ? `/app/calendar?month=${startsAt.toISOString().slice(0, 7)}` : "/app/calendar",
  }));
}
