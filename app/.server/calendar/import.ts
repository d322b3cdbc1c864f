import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";

import { and, asc, eq, inArray, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { calendarEventAttendees, calendarEvents, profiles, workspaceMembers, workspaces } from "../db/schema";
import { FieldError } from "../errors";
import { newPublicId } from "../ids";
import { authorize, can } from "../policies";
import { derivedSecret } from "../secrets";
import { sign, verifySignature } from "../security/tokens";
import { workspaceForMember } from "../workspaces/membership";
import { isTimeZone, zonedInstant } from "~/utils/time-zones";
import { EVENT_ATTENDEES_MAX, EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX } from "~/validation/team-calendar";
import {
  ICS_IMPORT_MAX_BYTES,
  ICS_IMPORT_MAX_EVENTS,
  type ImportedEvent,
  type ImportPreview,
  type ImportProblem,
} from "~/validation/calendar-import";

/**
 * Importing an `.ics` file into the team calendar (issue 33): the file is read with ical.js
 * into plain events (`readIcs`, which names what it could not take: an event without a
 * start, a cancelled one, the occurrences of a repeating event after its first), shown as a
 * preview (`previewImport`: which are new, which the calendar has already, which attendees
 * are not members), then created by one command in one unit of work (`event.import`).
 * Each event keeps its file's `UID` (`calendar_events.external_uid`, unique per workspace),
 * so importing the same file again adds nothing.
 *
 * Times: `Z` times are instants; a `TZID` is read from the file's VTIMEZONE, else as an
 * IANA zone; floating times (and a `TZID` neither knows) are in the importer's zone. An
 * all-day event runs from midnight UTC of its first day to midnight UTC after its last, as
 * the calendar stores them.
 */
type Db = Database | Transaction;

export type ReadIcs = { events: ImportedEvent[]; problems: ImportProblem[] };

const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(2200, 0, 1);
const UID_MAX = 255;

/** The text of an uploaded file, refused beside the field when it is not one we take. */
export async function icsTextOf(file: FormDataEntryValue | null) {
  if (!(file instanceof File) || file.size === 0) throw new FieldError("file", "Choose an .ics file to import.");
  if (file.size > ICS_IMPORT_MAX_BYTES) {
    throw new FieldError(
      "file",
      `The file is larger than ${ICS_IMPORT_MAX_BYTES / 1024 / 1024} MB: split it and import the parts.`,
    );
  }
  return { name: file.name.slice(0, 200), text: await file.text() };
}

/**
 * The previewed file, carried to the Create step by the preview's form (a hidden field) so
 * that nothing is stored in between and it works without JavaScript: gzipped, and signed for
 * the member and workspace, so the server takes back only what it gave (never a forged
 * archive that would expand without end).
 */
export function sealFile(userId: string, workspaceId: string, file: { name: string; text: string }) {
  const packed = gzipSync(JSON.stringify(file)).toString("base64url");
  return `${packed}.${sign(derivedSecret("calendar-import"), "ics-import", `${userId}:${workspaceId}:${packed}`)}`;
}

export function openFile(userId: string, workspaceId: string, sealed: unknown): { name: string; text: string } {
  const [packed = "", signature = ""] = typeof sealed === "string" ? sealed.split(".") : [];
  if (
    !packed ||
    !signature ||
    !verifySignature(derivedSecret("calendar-import"), "ics-import", `${userId}:${workspaceId}:${packed}`, signature)
  ) {
    throw new FieldError("file", "Choose the file again: this preview does not belong to you and this workspace.");
  }
  const file = JSON.parse(
    gunzipSync(Buffer.from(packed, "base64url"), { maxOutputLength: ICS_IMPORT_MAX_BYTES * 4 }).toString("utf8"),
  ) as { name: string; text: string };
  return { name: String(file.name).slice(0, 200), text: String(file.text) };
}

/** The events of an iCalendar file, or a field error that says why it is not one. */
export function readIcs(text: string, importerZone: string): ReadIcs {
  if (text.length > ICS_IMPORT_MAX_BYTES) {
    throw new FieldError("file", `The file is larger than ${ICS_IMPORT_MAX_BYTES / 1024 / 1024} MB.`);
  }
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text.replace(/^\uFEFF/, "")) as unknown[]);
  } catch (error) {
    const reason = error instanceof Error ? error.message.slice(0, 200) : "it could not be read";
    throw new FieldError("file", `This is not an iCalendar (.ics) file: ${reason}.`);
  }
  if (calendar.name !== "vcalendar") {
    throw new FieldError("file", "This is not an iCalendar (.ics) file: it does not start with BEGIN:VCALENDAR.");
  }
  const components = calendar.getAllSubcomponents("vevent");
  if (components.length === 0) throw new FieldError("file", "The file has no events (VEVENT) to import.");
  if (components.length > ICS_IMPORT_MAX_EVENTS) {
    throw new FieldError(
      "file",
      `The file has ${components.length} events: import at most ${ICS_IMPORT_MAX_EVENTS} at a time (split the file).`,
    );
  }
  const events: ImportedEvent[] = [];
  const problems: ImportProblem[] = [];
  const seen = new Set<string>();
  let floating = false;
  components.forEach((component, index) => {
    const label = String(component.getFirstPropertyValue("summary") ?? "").trim() || `Event ${index + 1}`;
    const problem = (message: string) => problems.push({ event: label.slice(0, EVENT_TITLE_MAX), message });
    try {
      const event = readEvent(component, importerZone, problem, () => (floating = true));
      if (!event) return;
      if (seen.has(event.uid)) return problem("appears twice in the file: imported once");
      seen.add(event.uid);
      events.push(event);
    } catch (error) {
      problem(`could not be read (${error instanceof Error ? error.message.slice(0, 120) : "unknown error"}): skipped`);
    }
  });
  // In the order they happen (ISO instants of one format sort as text).
  events.sort((a, b) => a.startsAt.localeCompare(b.startsAt));
  if (floating) {
    problems.push({ event: "Times without a time zone", message: `are read as ${importerZone} time` });
  }
  return { events, problems };
}

function readEvent(
  component: ICAL.Component,
  importerZone: string,
  problem: (message: string) => void,
  floating: () => void,
) {
  if (component.getFirstProperty("recurrence-id")) {
    problem("is a changed occurrence of a repeating event: skipped (only first occurrences are imported)");
    return null;
  }
  if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") {
    problem("is cancelled: skipped");
    return null;
  }
  const startProperty = component.getFirstProperty("dtstart");
  if (!startProperty) {
    problem("has no start (DTSTART): skipped");
    return null;
  }
  const start = startProperty.getFirstValue() as ICAL.Time;
  const allDay = start.isDate;
  const zone = zoneOf(startProperty, importerZone, problem);
  if (!allDay && zone.kind === "floating") floating();
  const startsAt = allDay ? dayInstant(start) : instantOf(start, zone);
  let endsAt: Date;
  const endProperty = component.getFirstProperty("dtend");
  const duration = component.getFirstPropertyValue("duration") as ICAL.Duration | null;
  if (endProperty) {
    const end = endProperty.getFirstValue() as ICAL.Time;
    endsAt = allDay
      ? dayInstant(end)
      : instantOf(
          end,
          zoneOf(endProperty, importerZone, () => undefined),
        );
  } else if (duration) {
    endsAt = new Date(startsAt.getTime() + duration.toSeconds() * 1000);
  } else {
    // RFC 5545 3.6.1: a day without an end is that one day; a time without one is an instant.
    endsAt = allDay ? new Date(startsAt.getTime() + 86_400_000) : startsAt;
  }
  if (allDay && endsAt <= startsAt) endsAt = new Date(startsAt.getTime() + 86_400_000);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) {
    problem("has a date that could not be read: skipped");
    return null;
  }
  if (endsAt < startsAt) {
    problem("ends before it starts: skipped");
    return null;
  }
  if (startsAt.getTime() < EARLIEST || endsAt.getTime() > LATEST) {
    problem("is before 1970 or after 2199: skipped");
    return null;
  }
  if (component.getFirstProperty("rrule")) problem("repeats: only its first occurrence is imported");

  let title = String(component.getFirstPropertyValue("summary") ?? "").trim() || "Untitled event";
  if (title.length > EVENT_TITLE_MAX) {
    problem(`has a title longer than ${EVENT_TITLE_MAX} characters: shortened`);
    title = title.slice(0, EVENT_TITLE_MAX);
  }
  let description = String(component.getFirstPropertyValue("description") ?? "").trim();
  const location = String(component.getFirstPropertyValue("location") ?? "").trim();
  if (location) description = description ? `${description}\n\nWhere: ${location}` : `Where: ${location}`;
  if (description.length > EVENT_DESCRIPTION_MAX) {
    problem(`has a description longer than ${EVENT_DESCRIPTION_MAX} characters: shortened`);
    description = description.slice(0, EVENT_DESCRIPTION_MAX);
  }
  const attendeeEmails = [
    ...new Set(
      component
        .getAllProperties("attendee")
        .map((attendee) =>
          String(attendee.getFirstValue() ?? "")
            .replace(/^mailto:/i, "")
            .trim()
            .toLowerCase(),
        )
        .filter((email) => /^[^\s@]+@[^\s@]+$/.test(email) && email.length <= 320),
    ),
  ].slice(0, EVENT_ATTENDEES_MAX);
  const rawUid = String(component.getFirstPropertyValue("uid") ?? "").trim();
  // A file without UIDs still imports once: its events are known by what they say.
  const uid =
    rawUid && rawUid.length <= UID_MAX
      ? rawUid
      : `sha256:${createHash("sha256")
          .update(rawUid || `${title}|${startsAt.toISOString()}|${endsAt.toISOString()}`)
          .digest("hex")}`;
  return {
    uid,
    title,
    description,
    allDay,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    timeZone: zone.iana ?? importerZone,
    attendeeEmails,
  } satisfies ImportedEvent;
}

type Zone = { kind: "utc" | "file" | "iana" | "floating"; iana: string | null; name: string };

/** How a DATE-TIME property's zone is read: UTC, the file's VTIMEZONE, an IANA name, or the importer's zone. */
function zoneOf(property: ICAL.Property, importerZone: string, problem: (message: string) => void): Zone {
  const time = property.getFirstValue() as ICAL.Time;
  const tzid = property.getParameter("tzid");
  const name = typeof tzid === "string" ? tzid : "";
  if (time.zone === ICAL.Timezone.utcTimezone) return { kind: "utc", iana: null, name: "UTC" };
  if (time.zone && time.zone !== ICAL.Timezone.localTimezone && name) {
    return { kind: "file", iana: isTimeZone(name) ? name : null, name };
  }
  if (name && isTimeZone(name)) return { kind: "iana", iana: name, name };
  if (name)
    problem(`is in the time zone “${name.slice(0, 60)}”, which the file does not describe: read as ${importerZone}`);
  return { kind: "floating", iana: importerZone, name: importerZone };
}

function instantOf(time: ICAL.Time, zone: Zone) {
  if (zone.kind === "utc" || zone.kind === "file") return new Date(time.toUnixTime() * 1000);
  const day = `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
  const clock = `${String(time.hour).padStart(2, "0")}:${String(time.minute).padStart(2, "0")}`;
  return new Date(zonedInstant(day, clock, zone.iana!).getTime() + time.second * 1000);
}

function dayInstant(time: ICAL.Time) {
  return new Date(Date.UTC(time.year, time.month - 1, time.day));
}

/** The workspaces the member may add events to (public id, name), for the upload form. */
export async function importWorkspaces(userId: string) {
  const rows = await db()
    .select({ id: workspaces.publicId, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.name));
  return rows.filter((row) => can(row.role, "event.create")).map(({ id, name }) => ({ id, name }));
}

/** The UIDs of the file that the workspace's calendar has already. */
async function importedUids(tx: Db, workspaceId: string, uids: string[]) {
  if (uids.length === 0) return new Set<string>();
  const rows = await tx
    .select({ uid: calendarEvents.externalUid })
    .from(calendarEvents)
    .where(and(eq(calendarEvents.workspaceId, workspaceId), inArray(calendarEvents.externalUid, uids)));
  return new Set(rows.map((row) => row.uid!));
}

/** The workspace's members among the e-mail addresses, by lower-cased address. */
async function membersByEmail(tx: Db, workspaceId: string, emails: string[]) {
  if (emails.length === 0) return new Map<string, { id: string; name: string }>();
  const rows = await tx
    .select({ id: workspaceMembers.userId, email: profiles.email, name: profiles.fullName })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(sql`lower(${profiles.email})`, emails)));
  return new Map(rows.map((row) => [row.email.toLowerCase(), { id: row.id, name: row.name?.trim() || row.email }]));
}

/**
 * What importing the file into the workspace would do, writing nothing: each event new or
 * already in the calendar, with the members it would invite; and every problem by event.
 */
export async function previewImport(
  userId: string,
  input: { workspaceId: string; fileName: string; text: string; importerZone: string },
): Promise<ImportPreview> {
  const workspace = await workspaceForMember(userId, input.workspaceId);
  authorize(workspace.role, "event.create");
  const { events, problems } = readIcs(input.text, input.importerZone);
  const existing = await importedUids(
    db(),
    workspace.id,
    events.map((event) => event.uid),
  );
  const emails = [...new Set(events.flatMap((event) => event.attendeeEmails))];
  const members = await membersByEmail(db(), workspace.id, emails);
  const strangers = emails.filter((email) => !members.has(email));
  for (const email of strangers.slice(0, 20)) {
    problems.push({ event: email, message: `is not a member of ${workspace.name}: left off the events' attendees` });
  }
  if (strangers.length > 20) {
    problems.push({ event: `${strangers.length - 20} more addresses`, message: "are not members: left off" });
  }
  return {
    fileName: input.fileName,
    workspace: { id: workspace.publicId, name: workspace.name },
    events: events.map((event) => ({
      title: event.title,
      allDay: event.allDay,
      when: whenOf(event, input.importerZone),
      attendees: event.attendeeEmails.flatMap((email) => {
        const member = members.get(email);
        return member ? [member.name] : [];
      }),
      existing: existing.has(event.uid),
    })),
    problems,
  };
}

/** "Mar 9, 2026" (to "Mar 11, 2026"), or "Mar 9, 2026, 9:00 AM – 10:00 AM" in the importer's zone. */
function whenOf(event: ImportedEvent, timeZone: string) {
  const starts = new Date(event.startsAt);
  const ends = new Date(event.endsAt);
  if (event.allDay) {
    const day = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
    const last = new Date(ends.getTime() - 86_400_000);
    return last > starts ? `${day.format(starts)} – ${day.format(last)}` : day.format(starts);
  }
  const full = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
  const time = new Intl.DateTimeFormat("en-US", { timeZone, timeStyle: "short" });
  const sameDay = full.format(starts).split(",").slice(0, 2).join() === full.format(ends).split(",").slice(0, 2).join();
  if (ends.getTime() === starts.getTime()) return full.format(starts);
  return `${full.format(starts)} – ${sameDay ? time.format(ends) : full.format(ends)}`;
}

const importedEventInput = z.object({
  uid: z
    .string()
    .min(1)
    .max(UID_MAX + 80),
  title: z.string().trim().min(1).max(EVENT_TITLE_MAX),
  description: z.string().max(EVENT_DESCRIPTION_MAX),
  allDay: z.boolean(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
  timeZone: z.string().max(64),
  attendeeEmails: z.array(z.string().max(320)).max(EVENT_ATTENDEES_MAX),
});

const importEventsInput = z.object({
  workspaceId: z.string().min(1).max(40),
  fileName: z.string().max(200),
  events: z.array(importedEventInput).min(1).max(ICS_IMPORT_MAX_EVENTS),
});

/**
 * Creates a file's events in the workspace's calendar in one unit of work: those whose UID
 * it has already are left as they are; attendees are the members among the addresses
 * (invited without a notice per event: an import is not a meeting request). One activity
 * row, `event.imported`, lists the new events.
 */
export const importEventsCommand = defineCommand({
  name: "event.import",
  input: importEventsInput,
  policy: "event.create",
  async run({ tx, record, principal }, input) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "event.create");
    for (const event of input.events) {
      if (event.endsAt < event.startsAt) throw new FieldError("file", `“${event.title}” ends before it starts.`);
    }
    const existing = await importedUids(
      tx,
      workspace.id,
      input.events.map((event) => event.uid),
    );
    const fresh = input.events.filter((event) => !existing.has(event.uid));
    const members = await membersByEmail(tx, workspace.id, [
      ...new Set(fresh.flatMap((event) => event.attendeeEmails.map((email) => email.toLowerCase()))),
    ]);
    const rows = fresh.map((event) => ({
      publicId: newPublicId(),
      workspaceId: workspace.id,
      title: event.title.trim(),
      description: event.description.trim(),
      allDay: event.allDay,
      startsAt: new Date(event.startsAt),
      endsAt: new Date(event.endsAt),
      timeZone: isTimeZone(event.timeZone) ? event.timeZone : "UTC",
      externalUid: event.uid,
      createdBy: actor.userId,
      updatedBy: actor.userId,
    }));
    const idOf = new Map<string, string>();
    for (let start = 0; start < rows.length; start += 100) {
      const inserted = await tx
        .insert(calendarEvents)
        .values(rows.slice(start, start + 100))
        .returning({ id: calendarEvents.id, publicId: calendarEvents.publicId });
      for (const row of inserted) idOf.set(row.publicId, row.id);
    }
    const attendees = fresh.flatMap((event, index) =>
      [...new Set(event.attendeeEmails.map((email) => members.get(email.toLowerCase())?.id))]
        .filter((userId): userId is string => Boolean(userId))
        .map((userId) => ({ eventId: idOf.get(rows[index]!.publicId)!, userId })),
    );
    for (let start = 0; start < attendees.length; start += 500) {
      await tx.insert(calendarEventAttendees).values(attendees.slice(start, start + 500));
    }
    const importId = newPublicId();
    if (fresh.length > 0) {
      await record({
        verb: "event.imported",
        subjectType: "calendar_import",
        subjectId: importId,
        workspaceId: workspace.id,
        data: {
          file: input.fileName,
          created: fresh.length,
          skipped: input.events.length - fresh.length,
          eventIds: rows.map((row) => row.publicId),
        },
      });
    }
    return {
      created: fresh.length,
      skipped: input.events.length - fresh.length,
      // The month to show afterwards: the earliest new event's.
      firstDay: rows.map((row) => row.startsAt.toISOString().slice(0, 10)).sort()[0] ?? null,
    };
  },
});

export function importEvents(actor: Actor, input: z.input<typeof importEventsInput>) {
  return execute(importEventsCommand, principalOf(actor), input);
}
