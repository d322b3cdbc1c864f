import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { createCalendarFeed } from "~/.server/calendar/feeds";
import { serveFeed } from "~/.server/calendar/feed-ics";
import { activity, calendarEventAttendees, calendarEvents, workspaces } from "~/.server/db/schema";
import { ICS_IMPORT_MAX_EVENTS } from "~/validation/calendar-import";
import * as importRoute from "~/routes/app/team-calendar-import";
import { createEvent } from "~/.server/calendar/events";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/**
 * Importing an .ics file into the team calendar (issue 33): the upload is previewed (what
 * would be created, the problems named, nothing written), then created in one unit of work;
 * the same file again creates nothing; times keep their zones; attendees are the members
 * among the file's addresses; bad files are refused beside the field, never with a 500.
 */
const ics = (events: string[], extra = "") =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Example Corp//Calendar 1.0//EN", extra, ...events, "END:VCALENDAR", ""]
    .filter((line) => line !== "")
    .join("\r\n");

const BERLIN_VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  "TZID:W. Europe Standard Time",
  "BEGIN:STANDARD",
  "DTSTART:16010101T030000",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:16010101T020000",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
].join("\r\n");

function sampleFile(memberEmail: string) {
  return ics(
    [
      // An IANA zone the file does not describe, the day after New York's spring change.
      "BEGIN:VEVENT\r\nUID:standup-1@example.com\r\nSUMMARY:Standup\r\nDTSTART;TZID=America/New_York:20260309T090000\r\nDTEND;TZID=America/New_York:20260309T091500\r\n" +
        `ATTENDEE;CN=Member:mailto:${memberEmail.toUpperCase()}\r\nATTENDEE;CN=Stranger:mailto:stranger@elsewhere.example\r\nEND:VEVENT`,
      // Outlook's Windows zone name, described by the file's VTIMEZONE (after Berlin's change).
      "BEGIN:VEVENT\r\nUID:review-2@example.com\r\nSUMMARY:Quarterly review\r\nDESCRIPTION:Bring the numbers\\, please.\r\nLOCATION:Room 4\r\nDTSTART;TZID=W. Europe Standard Time:20260330T140000\r\nDURATION:PT1H30M\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:holiday-3@example.com\r\nSUMMARY:Company holiday\r\nDTSTART;VALUE=DATE:20260403\r\nDTEND;VALUE=DATE:20260405\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:weekly-4@example.com\r\nSUMMARY:Weekly planning\r\nDTSTART:20260310T150000Z\r\nDTEND:20260310T160000Z\r\nRRULE:FREQ=WEEKLY;COUNT=10\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:cancelled-5@example.com\r\nSUMMARY:Cancelled lunch\r\nSTATUS:CANCELLED\r\nDTSTART:20260311T120000Z\r\nEND:VEVENT",
      "BEGIN:VEVENT\r\nUID:nostart-6@example.com\r\nSUMMARY:No start\r\nEND:VEVENT",
    ],
    BERLIN_VTIMEZONE,
  );
}

const file = (text: string, name = "team.ics") => new File([text], name, { type: "text/calendar" });

describe.each(engines)("importing an .ics file on %s", (engine) => {
  const database = useTestDatabase(engine);

  async function team() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const member = await buildUser({ fullName: "Mia Member" });
    const viewer = await buildUser({ fullName: "Vic Viewer" });
    await addMember(owner.workspaceId, member.id, "editor");
    await addMember(owner.workspaceId, viewer.id, "viewer");
    return { owner, member, viewer };
  }

  const preview = (user: TestUser, workspaceId: string, upload: File | string) =>
    callAction(importRoute.action, {
      user,
      path: "/app/calendar/import",
      form: { intent: "preview-import", workspaceId, file: upload },
    });
  const create = (user: TestUser, workspaceId: string, sealed: string) =>
    callAction(importRoute.action, {
      user,
      path: "/app/calendar/import",
      form: { intent: "import-events", workspaceId, file: sealed },
    });

  async function eventsOf(workspacePublicId: string) {
    return database()
      .db.select({
        id: calendarEvents.id,
        title: calendarEvents.title,
        description: calendarEvents.description,
        allDay: calendarEvents.allDay,
        startsAt: calendarEvents.startsAt,
        endsAt: calendarEvents.endsAt,
        timeZone: calendarEvents.timeZone,
        uid: calendarEvents.externalUid,
      })
      .from(calendarEvents)
      .innerJoin(workspaces, eq(workspaces.id, calendarEvents.workspaceId))
      .where(eq(workspaces.publicId, workspacePublicId))
      .orderBy(asc(calendarEvents.startsAt));
  }

  type Preview = {
    preview: {
      events: { title: string; when: string; attendees: string[]; existing: boolean }[];
      problems: { event: string; message: string }[];
    };
    sealed: string;
  };

  it("previews without writing, creates the new events once, and a second import adds nothing", async () => {
    const { owner, member } = await team();
    const w = owner.workspaceId;
    const page = await callLoader(importRoute.loader, { user: owner, path: `/app/calendar/import?workspace=${w}` });
    expect(page.data).toMatchObject({ workspace: w });

    const before = await eventsOf(w);
    const shown = await preview(owner, w, file(sampleFile(member.email)));
    expect(shown.status).toBe(200);
    const { preview: found, sealed } = shown.data as Preview;
    // In the order they happen.
    expect(found.events.map((event) => [event.title, event.existing])).toEqual([
      ["Standup", false],
      ["Weekly planning", false],
      ["Quarterly review", false],
      ["Company holiday", false],
    ]);
    // Times as the importer reads them (UTC without a zone cookie).
    expect(found.events[0]).toMatchObject({ when: "Mar 9, 2026, 1:00 PM – 1:15 PM", attendees: ["Mia Member"] });
    expect(found.events[3]!.when).toBe("Apr 3, 2026 – Apr 4, 2026");
    const problems = found.problems.map((problem) => `${problem.event} ${problem.message}`);
    expect(problems).toEqual([
      "Weekly planning repeats: only its first occurrence is imported",
      "Cancelled lunch is cancelled: skipped",
      "No start has no start (DTSTART): skipped",
      expect.stringMatching(/^stranger@elsewhere\.example is not a member of .+: left off the events' attendees$/),
    ]);
    expect(await eventsOf(w)).toEqual(before);

    const made = await create(owner, w, sealed);
    expect(made.status).toBe(302);
    expect(made.location).toBe(`/app/calendar?month=2026-03&workspace=${w}`);
    const rows = await eventsOf(w);
    expect(rows.map((row) => [row.title, row.uid, row.startsAt.toISOString(), row.endsAt.toISOString()])).toEqual([
      ["Standup", "standup-1@example.com", "2026-03-09T13:00:00.000Z", "2026-03-09T13:15:00.000Z"],
      ["Weekly planning", "weekly-4@example.com", "2026-03-10T15:00:00.000Z", "2026-03-10T16:00:00.000Z"],
      ["Quarterly review", "review-2@example.com", "2026-03-30T12:00:00.000Z", "2026-03-30T13:30:00.000Z"],
      ["Company holiday", "holiday-3@example.com", "2026-04-03T00:00:00.000Z", "2026-04-05T00:00:00.000Z"],
    ]);
    expect(rows.find((row) => row.title === "Standup")!.timeZone).toBe("America/New_York");
    expect(rows.find((row) => row.title === "Company holiday")!.allDay).toBe(true);
    expect(rows.find((row) => row.title === "Quarterly review")!.description).toBe(
      "Bring the numbers, please.\n\nWhere: Room 4",
    );
    const standup = rows.find((row) => row.title === "Standup")!;
    const attendees = await database()
      .db.select({ userId: calendarEventAttendees.userId })
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, standup.id));
    expect(attendees).toEqual([{ userId: member.id }]);
    const logged = await database()
      .db.select({ data: activity.data })
      .from(activity)
      .where(and(eq(activity.verb, "event.imported"), eq(activity.actorId, owner.id)));
    expect(logged).toHaveLength(1);
    expect(logged[0]!.data).toMatchObject({ file: "team.ics", created: 4, skipped: 0 });

    // The same file again: previewed as already there, and creating adds nothing.
    const again = await preview(owner, w, file(sampleFile(member.email)));
    const second = again.data as Preview;
    expect(second.preview.events.every((event) => event.existing)).toBe(true);
    const recreated = await create(owner, w, second.sealed);
    expect(recreated.status).toBe(302);
    expect(await eventsOf(w)).toHaveLength(4);
    // A file without UIDs is known by what its events say: still imported once.
    const anonymous = ics(["BEGIN:VEVENT\r\nSUMMARY:No uid\r\nDTSTART:20260312T100000Z\r\nEND:VEVENT"]);
    for (let i = 0; i < 2; i++) {
      const shownAgain = (await preview(owner, w, file(anonymous))).data as Preview;
      expect((await create(owner, w, shownAgain.sealed)).status).toBe(302);
    }
    expect(await eventsOf(w)).toHaveLength(5);
  });

  it("refuses bad files and forged previews beside the field, viewers with 403, and writes nothing", async () => {
    const { owner, viewer } = await team();
    const outsider = await buildUser();
    const w = owner.workspaceId;
    const before = await eventsOf(w);
    const refusals: [string, Awaited<ReturnType<typeof preview>>][] = [
      ["not a calendar", await preview(owner, w, file("hello, world"))],
      ["no events", await preview(owner, w, file(ics([])))],
      ["empty", await preview(owner, w, file(""))],
      ["no file", await preview(owner, w, "")],
      [
        "too many events",
        await preview(
          owner,
          w,
          file(
            ics(
              Array.from(
                { length: ICS_IMPORT_MAX_EVENTS + 1 },
                (_, i) => `BEGIN:VEVENT\r\nUID:${i}\r\nSUMMARY:E${i}\r\nDTSTART:20260312T100000Z\r\nEND:VEVENT`,
              ),
            ),
          ),
        ),
      ],
      ["too large", await preview(owner, w, file(`BEGIN:VCALENDAR\r\nX-PAD:${"x".repeat(2 * 1024 * 1024)}\r\n`))],
      ["forged preview", await create(owner, w, "H4sIAAAAAAAAA.forged")],
      ["no preview", await create(owner, w, "")],
    ];
    for (const [label, outcome] of refusals) {
      expect({ label, status: outcome.status }).toEqual({ label, status: 400 });
      expect((outcome.data as { error: { field: string } }).error.field, label).toBe("file");
    }
    expect(JSON.stringify(refusals[4]![1].data)).toContain(`import at most ${ICS_IMPORT_MAX_EVENTS} at a time`);

    // A preview made for one workspace (or member) does not create in another.
    const shown = (await preview(owner, w, file(sampleFile("nobody@example.com")))).data as Preview;
    const theirs = await create(outsider, outsider.workspaceId, shown.sealed);
    expect(theirs.status).toBe(400);
    // A viewer may not import (403); an outsider's preview of another workspace is not found.
    expect((await preview(viewer, w, file(sampleFile("nobody@example.com")))).status).toBe(403);
    expect((await preview(outsider, w, file(sampleFile("nobody@example.com")))).status).toBe(404);
    expect(await eventsOf(w)).toEqual(before);
  });

  it("reads back a Plotline feed: its events import into another workspace with their times", async () => {
    const { owner, member } = await team();
    await createEvent(owner.actor, {
      workspaceId: owner.workspaceId,
      title: "Berlin sync",
      allDay: false,
      startDate: "2026-03-30",
      startTime: "09:00",
      endTime: "09:30",
      timeZone: "Europe/Berlin",
      attendeeIds: [member.id],
    });
    const { url } = await createCalendarFeed(owner.actor, { projectId: null });
    const feed = await serveFeed(
      url.slice(url.lastIndexOf("/") + 1),
      new Request(url),
      new Date("2026-03-01T00:00:00Z"),
    );
    const text = await feed.text();
    // Into the member's own workspace, where the owner is not a member: no attendees, the same instant.
    const shown = (await preview(member, member.workspaceId, file(text, "plotline.ics"))).data as Preview;
    expect(shown.preview.events.map((event) => event.title)).toEqual(["Berlin sync"]);
    expect((await create(member, member.workspaceId, shown.sealed)).status).toBe(302);
    const [row] = await eventsOf(member.workspaceId);
    expect(row!.startsAt.toISOString()).toBe("2026-03-30T07:00:00.000Z");
  });
});
