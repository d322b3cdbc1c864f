import { and, asc, eq, gt, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { createEvent, deleteEvent, updateEvent } from "../calendar/events";
import { db } from "../db";
import { calendarEventAttendees, calendarEvents, profiles, projects } from "../db/schema";
import { addDays } from "~/utils/calendar-month";
import { zonedParts } from "~/utils/time-zones";
import { assertUnchanged, found, route, versioned, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { decodeTimeCursor, encodeTimeCursor } from "./resources";
import { createEventSchema, eventListQuerySchema, updateEventSchema, type eventSchema } from "./schemas";

/**
 * The workspace's team calendar, through its use cases: editors add events, each stays its
 * creator's (or a manager's) to change. Times are given as the form takes them, days and
 * wall-clock times in a zone; the answers add the instants.
 */
export const eventRoutes = [
  route("GET", "/calendar/events", listEvents),
  route("POST", "/calendar/events", postEvent),
  route("GET", "/calendar/events/{eventId}", getEvent),
  route("PATCH", "/calendar/events/{eventId}", patchEvent),
  route("DELETE", "/calendar/events/{eventId}", removeEvent),
];

type ApiEvent = z.infer<typeof eventSchema>;

function selectEvents(where: SQL | undefined) {
  return db()
    .select({
      uuid: calendarEvents.id,
      event: calendarEvents,
      projectId: projects.publicId,
      at: sql<string>`${calendarEvents.startsAt}::text`,
      id: calendarEvents.publicId,
    })
    .from(calendarEvents)
    .leftJoin(projects, and(eq(projects.id, calendarEvents.projectId), isNull(projects.deletedAt)))
    .where(where);
}

type Row = Awaited<ReturnType<typeof selectEvents>>[number];

/** The rows as the API shows them, with their attendees (one query for the page). */
async function shape(rows: Row[]): Promise<ApiEvent[]> {
  const attendees =
    rows.length === 0
      ? []
      : await db()
          .select({
            eventId: calendarEventAttendees.eventId,
            id: calendarEventAttendees.userId,
            name: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${profiles.email}, 'Unknown member')`,
          })
          .from(calendarEventAttendees)
          .innerJoin(profiles, eq(profiles.id, calendarEventAttendees.userId))
          .where(
            inArray(
              calendarEventAttendees.eventId,
              rows.map((row) => row.uuid),
            ),
          );
  return rows.map(({ uuid, event, projectId }) => {
    // As the event's form shows it: in the zone it was typed in; an all-day event by its UTC days.
    const start = zonedParts(event.startsAt, event.timeZone);
    const end = zonedParts(event.endsAt, event.timeZone);
    return {
      id: event.publicId,
      title: event.title,
      description: event.description,
      allDay: event.allDay,
      startsAt: event.startsAt.toISOString(),
      endsAt: event.endsAt.toISOString(),
      startDate: event.allDay ? event.startsAt.toISOString().slice(0, 10) : start.day,
      startTime: event.allDay ? null : start.time,
      endDate: event.allDay ? addDays(event.endsAt.toISOString().slice(0, 10), -1) : end.day,
      endTime: event.allDay ? null : end.time,
      timeZone: event.timeZone,
      projectId,
      attendees: attendees
        .filter((person) => person.eventId === uuid)
        .map(({ id, name }) => ({ id, name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
      createdBy: event.createdBy,
      createdAt: event.createdAt.toISOString(),
      updatedAt: event.updatedAt.toISOString(),
    };
  });
}

async function existingEvent(principal: TokenPrincipal, publicId: string) {
  const rows = await selectEvents(
    and(eq(calendarEvents.publicId, publicId), eq(calendarEvents.workspaceId, principal.workspaceId)),
  );
  const [event] = await shape(rows);
  return found(event, "Event");
}

/** Events overlapping the days `from`…`to` (UTC), by start, a page at a time. */
async function listEvents({ principal, url }: Context) {
  const query = eventListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const conditions = [eq(calendarEvents.workspaceId, principal.workspaceId)];
  if (query.from) conditions.push(gt(calendarEvents.endsAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) conditions.push(lt(calendarEvents.startsAt, new Date(`${addDays(query.to, 1)}T00:00:00Z`)));
  if (query.projectId) conditions.push(eq(projects.publicId, query.projectId));
  if (query.cursor) {
    const { at, id } = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${calendarEvents.startsAt}, ${calendarEvents.publicId}) > (${at}::timestamptz, ${id})`);
  }
  const rows = await selectEvents(and(...conditions))
    .orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.publicId))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return json({
    items: await shape(page),
    nextCursor: rows.length > query.limit && last ? encodeTimeCursor(last) : null,
  });
}

async function postEvent(context: Context) {
  const { principal, actor, request } = context;
  const input = createEventSchema.parse(await jsonBody(request));
  return idempotent(context, JSON.stringify(input), async () => {
    const { id } = await createEvent(actor, { workspaceId: principal.workspacePublicId, ...input });
    return versioned(context.request, await existingEvent(principal, id), 201, {
      Location: `/api/v1/calendar/events/${id}`,
    });
  });
}

async function getEvent({ principal, request }: Context, params: Params) {
  return versioned(request, await existingEvent(principal, params[0]!));
}

/** Fields left out keep their value (the use case takes the whole form); null clears a time or the project. */
async function patchEvent({ principal, actor, request }: Context, params: Params) {
  const event = await existingEvent(principal, params[0]!);
  assertUnchanged(request, event, "event");
  const change = updateEventSchema.parse(await jsonBody(request));
  const merged = {
    title: event.title,
    description: event.description,
    allDay: event.allDay,
    startDate: event.startDate,
    startTime: event.startTime,
    endDate: event.endDate,
    endTime: event.endTime,
    timeZone: event.timeZone,
    projectId: event.projectId,
    attendeeIds: event.attendees.map((person) => person.id),
    ...change,
  };
  await updateEvent(actor, {
    ...merged,
    eventId: event.id,
    startTime: merged.startTime ?? undefined,
    endTime: merged.endTime ?? undefined,
  });
  return versioned(request, await existingEvent(principal, event.id));
}

async function removeEvent({ principal, actor }: Context, params: Params) {
  const event = await existingEvent(principal, params[0]!);
  await deleteEvent(actor, { eventId: event.id });
  return json(null, 204);
}
