import { and, asc, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

import { createEvent } from "~/.server/calendar/events";
import {
  FEED_PATH_PREFIX,
  createCalendarFeed,
  regenerateCalendarFeed,
  revokeCalendarFeed,
} from "~/.server/calendar/feeds";
import { serveFeed } from "~/.server/calendar/feed-ics";
import { activity, projects, statuses, taskAssignees, tasks } from "~/.server/db/schema";
import { newPublicId } from "~/.server/ids";
import { createProject, deleteProject } from "~/.server/projects/projects";
import { removeMember } from "~/.server/team/members";
import { createTask, deleteTask, updateTask } from "~/.server/tasks/tasks";
import * as feedRoute from "~/routes/api/calendar-feed";
import * as settingsRoute from "~/routes/app/settings";
import * as projectRoute from "~/routes/app/project";
import { addDays } from "~/utils/calendar-month";
import { zonedParts } from "~/utils/time-zones";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/**
 * Secret calendar feeds (issue 33): a member with 1,000 dated tasks and 50 events gets one
 * VEVENT per item that ical.js reads back, all-day tasks on their days and timed events at
 * the right instants on both sides of a daylight-saving change in New York and Berlin;
 * `If-None-Match` gets 304 until something changes; regenerated, revoked and unknown URLs
 * answer 404; nobody else's tasks are ever in it; a project's feed follows its owner's access.
 */
const NOW = new Date("2026-03-01T12:00:00Z");
const BATCH_TASKS = 996;

type Parsed = { uid: string; summary: string; start: ICAL.Time; end: ICAL.Time; attendees: string[] };

function parse(text: string): Parsed[] {
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return calendar.getAllSubcomponents("vevent").map((vevent) => ({
    uid: String(vevent.getFirstPropertyValue("uid")),
    summary: String(vevent.getFirstPropertyValue("summary")),
    start: vevent.getFirstPropertyValue("dtstart") as ICAL.Time,
    end: vevent.getFirstPropertyValue("dtend") as ICAL.Time,
    attendees: vevent.getAllProperties("attendee").map((attendee) => String(attendee.getFirstValue()).toLowerCase()),
  }));
}

function tokenOf(url: string) {
  const file = url.slice(url.indexOf(FEED_PATH_PREFIX) + FEED_PATH_PREFIX.length);
  return file;
}

async function fetchFeed(file: string, headers: Record<string, string> = {}, now = NOW) {
  const response = await serveFeed(file, new Request(`http://localhost${FEED_PATH_PREFIX}${file}`, { headers }), now);
  const bytes = Buffer.from(await response.arrayBuffer());
  const text = response.headers.get("content-encoding") === "gzip" ? gunzipSync(bytes).toString() : bytes.toString();
  return { response, text };
}

const wallClock = (time: ICAL.Time, timeZone: string) => {
  const parts = zonedParts(new Date(time.toUnixTime() * 1000), timeZone);
  return `${parts.day} ${parts.time}`;
};

describe.each(engines)("calendar feeds on %s", (engine) => {
  const database = useTestDatabase(engine);

  /** Tasks straight into the tables, assigned to `assignee`: a thousand through the command would take minutes. */
  async function seedTasks(projectPublicId: string, assigneeId: string, count: number, title: string) {
    const [project] = await database().db.select().from(projects).where(eq(projects.publicId, projectPublicId));
    const [status] = await database()
      .db.select()
      .from(statuses)
      .where(eq(statuses.projectId, project!.id))
      .orderBy(asc(statuses.position));
    const start = project!.taskCounter;
    const rows = Array.from({ length: count }, (_, i) => {
      const due = addDays("2026-01-01", i % 700);
      return {
        publicId: newPublicId(),
        workspaceId: project!.workspaceId,
        projectId: project!.id,
        number: start + i + 1,
        title: `${title} ${i + 1}`,
        statusId: status!.id,
        position: `a${String(start + i).padStart(6, "0")}`,
        dueDate: due,
        startDate: i % 5 === 0 ? addDays(due, -3) : null,
      };
    });
    for (let offset = 0; offset < rows.length; offset += 250) {
      const inserted = await database()
        .db.insert(tasks)
        .values(rows.slice(offset, offset + 250))
        .returning({ id: tasks.id });
      await database()
        .db.insert(taskAssignees)
        .values(inserted.map((row) => ({ taskId: row.id, userId: assigneeId })));
    }
    await database()
      .db.update(projects)
      .set({ taskCounter: start + count })
      .where(eq(projects.id, project!.id));
    return rows;
  }

  async function world() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const tara = await buildUser({ fullName: "Tara Teammate" });
    const otto = await buildUser({ fullName: "Otto Outsider" });
    await addMember(owner.workspaceId, tara.id, "editor");
    // The owner is also in Tara's workspace: their feed reads both.
    await addMember(tara.workspaceId, owner.id, "editor");
    const website = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const ops = await createProject(tara.actor, { workspaceId: tara.workspaceId, name: "Ops" });
    const secret = await createProject(otto.actor, { workspaceId: otto.workspaceId, name: "Secret" });
    return { owner, tara, otto, website: website.id, ops: ops.id, secret: secret.id };
  }

  it("serves a member's tasks and events as one VEVENT each, on the right days and instants, to nobody else", async () => {
    const { owner, tara, otto, website, ops, secret } = await world();
    const seeded = await seedTasks(website, owner.id, BATCH_TASKS, "Batch task");
    // Four through the command, in Tara's workspace and around the changes of clock.
    const made = [
      await createTask(tara.actor, {
        projectId: ops,
        title: "Across NY spring",
        dueDate: "2026-03-08",
        assigneeIds: [owner.id],
      }),
      await createTask(tara.actor, {
        projectId: ops,
        title: "Spans Berlin spring",
        startDate: "2026-03-28",
        dueDate: "2026-03-30",
        assigneeIds: [owner.id, tara.id],
      }),
      await createTask(owner.actor, {
        projectId: website,
        title: "NY autumn",
        dueDate: "2026-11-01",
        assigneeIds: [owner.id],
      }),
      await createTask(owner.actor, {
        projectId: website,
        title: "Berlin autumn",
        dueDate: "2026-10-25",
        assigneeIds: [owner.id],
      }),
    ];
    // Never in the owner's feed: someone else's, unassigned, deleted, outside the window.
    await createTask(otto.actor, {
      projectId: secret,
      title: "Otto's secret plan",
      dueDate: "2026-03-05",
      assigneeIds: [otto.id],
    });
    await createTask(tara.actor, {
      projectId: ops,
      title: "Tara's own errand",
      dueDate: "2026-03-05",
      assigneeIds: [tara.id],
    });
    const gone = await createTask(owner.actor, {
      projectId: website,
      title: "Deleted chore",
      dueDate: "2026-03-05",
      assigneeIds: [owner.id],
    });
    await deleteTask(owner.actor, { taskId: gone.id });
    await createTask(owner.actor, {
      projectId: website,
      title: "Long ago",
      dueDate: "2025-06-01",
      assigneeIds: [owner.id],
    });
    await createTask(owner.actor, { projectId: website, title: "Undated", assigneeIds: [owner.id] });

    // 50 events the owner attends or made, across the daylight-saving changes of two zones.
    const zoned = [
      { title: "NY before spring", startDate: "2026-03-07", timeZone: "America/New_York" },
      { title: "NY after spring", startDate: "2026-03-09", timeZone: "America/New_York" },
      { title: "NY before autumn", startDate: "2026-10-31", timeZone: "America/New_York" },
      { title: "NY after autumn", startDate: "2026-11-02", timeZone: "America/New_York" },
      { title: "Berlin before spring", startDate: "2026-03-28", timeZone: "Europe/Berlin" },
      { title: "Berlin after spring", startDate: "2026-03-30", timeZone: "Europe/Berlin" },
      { title: "Berlin before autumn", startDate: "2026-10-24", timeZone: "Europe/Berlin" },
      { title: "Berlin after autumn", startDate: "2026-10-26", timeZone: "Europe/Berlin" },
    ];
    for (const event of zoned) {
      await createEvent(tara.actor, {
        workspaceId: tara.workspaceId,
        ...event,
        allDay: false,
        startTime: "09:00",
        endTime: "10:30",
        attendeeIds: [owner.id, tara.id],
      });
    }
    await createEvent(tara.actor, {
      workspaceId: tara.workspaceId,
      title: "Offsite over the change",
      allDay: true,
      startDate: "2026-03-07",
      endDate: "2026-03-09",
      attendeeIds: [owner.id],
    });
    for (let i = 0; i < 41; i++) {
      await createEvent(owner.actor, {
        workspaceId: owner.workspaceId,
        title: `Own event ${i + 1}`,
        allDay: false,
        startDate: addDays("2026-04-01", i),
        startTime: "14:00",
        endTime: "15:00",
        timeZone: "UTC",
      });
    }
    // Not the owner's: Tara's event without them, Otto's event.
    await createEvent(tara.actor, {
      workspaceId: tara.workspaceId,
      title: "Tara's dentist",
      allDay: true,
      startDate: "2026-03-10",
    });
    await createEvent(otto.actor, {
      workspaceId: otto.workspaceId,
      title: "Otto's party",
      allDay: true,
      startDate: "2026-03-10",
    });

    const { url } = await createCalendarFeed(owner.actor, { projectId: null });
    expect(url).toMatch(new RegExp(`^http://localhost:\\d+${FEED_PATH_PREFIX}[A-Za-z0-9_-]{43}\\.ics$`));
    const file = tokenOf(url);
    const { response, text } = await fetchFeed(file);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    // RFC 5545 3.1: no line longer than 75 octets.
    expect(text.split("\r\n").filter((line) => Buffer.byteLength(line) > 75)).toEqual([]);

    const items = parse(text);
    expect(items).toHaveLength(1000 + 50);
    expect(new Set(items.map((item) => item.uid)).size).toBe(1050);
    const taskItems = items.filter((item) => item.uid.startsWith("task-"));
    const eventItems = items.filter((item) => item.uid.startsWith("event-"));
    expect(taskItems).toHaveLength(1000);
    expect(eventItems).toHaveLength(50);
    expect(new Set(taskItems.map((item) => item.uid.slice(5, item.uid.indexOf("@"))))).toEqual(
      new Set([...seeded.map((row) => row.publicId), ...made.map((task) => task.id)]),
    );
    for (const leak of ["Otto", "Tara's own errand", "Deleted chore", "Long ago", "Undated", "Tara's dentist"]) {
      expect(text).not.toContain(leak);
    }

    // Tasks: all-day, from the start date (when set) to the day after the due date.
    for (const row of seeded.slice(0, 10)) {
      const item = taskItems.find((candidate) => candidate.uid.startsWith(`task-${row.publicId}@`))!;
      expect(item.start.isDate).toBe(true);
      expect(item.start.toString()).toBe(row.startDate ?? row.dueDate);
      expect(item.end.toString()).toBe(addDays(row.dueDate, 1));
    }
    const byTitle = (title: string) => items.find((item) => item.summary.endsWith(title))!;
    expect(byTitle("Across NY spring").start.toString()).toBe("2026-03-08");
    expect(byTitle("Spans Berlin spring").start.toString()).toBe("2026-03-28");
    expect(byTitle("Spans Berlin spring").end.toString()).toBe("2026-03-31");
    expect(byTitle("NY autumn").start.toString()).toBe("2026-11-01");
    expect(byTitle("Berlin autumn").end.toString()).toBe("2026-10-26");
    expect(byTitle("Across NY spring").summary).toMatch(/^OPS-\d+ Across NY spring$/);

    // Timed events: UTC instants that read 09:00–10:30 in their zone on both sides of each change.
    for (const event of zoned) {
      const item = byTitle(event.title);
      expect(item.start.isDate).toBe(false);
      expect(item.start.zone?.tzid).toBe("UTC");
      expect(wallClock(item.start, event.timeZone)).toBe(`${event.startDate} 09:00`);
      expect(wallClock(item.end, event.timeZone)).toBe(`${event.startDate} 10:30`);
      expect(item.attendees.sort()).toEqual([`mailto:${owner.email}`, `mailto:${tara.email}`].sort());
    }
    // The offsets moved: New York 14:00 UTC before its spring change, 13:00 after; Berlin 08:00 then 07:00.
    expect(byTitle("NY before spring").start.toString()).toBe("2026-03-07T14:00:00Z");
    expect(byTitle("NY after spring").start.toString()).toBe("2026-03-09T13:00:00Z");
    expect(byTitle("Berlin before spring").start.toString()).toBe("2026-03-28T08:00:00Z");
    expect(byTitle("Berlin after spring").start.toString()).toBe("2026-03-30T07:00:00Z");
    expect(byTitle("NY after autumn").start.toString()).toBe("2026-11-02T14:00:00Z");
    expect(byTitle("Berlin after autumn").start.toString()).toBe("2026-10-26T08:00:00Z");
    // An all-day event over the New York change keeps its days.
    const offsite = byTitle("Offsite over the change");
    expect(offsite.start.isDate).toBe(true);
    expect([offsite.start.toString(), offsite.end.toString()]).toEqual(["2026-03-07", "2026-03-10"]);

    // Another member's feed never shows the owner's tasks.
    const { url: ottoUrl } = await createCalendarFeed(otto.actor, { projectId: null });
    const otto_ = await fetchFeed(tokenOf(ottoUrl));
    expect(
      parse(otto_.text)
        .map((item) => item.summary)
        .sort(),
    ).toEqual(["Otto's party", expect.stringMatching(/Otto's secret plan$/)].sort());
    expect(otto_.text).not.toContain("Batch task");
  });

  it("answers 304 to a matching If-None-Match until something changes, gzips when asked, and 404s when turned off", async () => {
    const { owner, website } = await world();
    const task = await createTask(owner.actor, {
      projectId: website,
      title: "Ship it",
      dueDate: "2026-03-20",
      assigneeIds: [owner.id],
    });
    const first = await createCalendarFeed(owner.actor, { projectId: null });
    // Asked again, the feed is the same one.
    expect((await createCalendarFeed(owner.actor, { projectId: null })).url).toBe(first.url);
    const file = tokenOf(first.url);

    const plain = await fetchFeed(file);
    const etag = plain.response.headers.get("etag")!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(plain.response.headers.get("cache-control")).toBe("private, no-cache");
    const zipped = await fetchFeed(file, { "Accept-Encoding": "gzip, br" });
    expect(zipped.response.headers.get("content-encoding")).toBe("gzip");
    expect(zipped.text).toBe(plain.text);

    for (const tag of [etag, `W/${etag}`, `"other", ${etag}`, "*"]) {
      const again = await fetchFeed(file, { "If-None-Match": tag });
      expect({ tag, status: again.response.status }).toEqual({ tag, status: 304 });
      expect(again.text).toBe("");
      expect(again.response.headers.get("etag")).toBe(etag);
    }
    expect((await fetchFeed(file, { "If-None-Match": '"stale"' })).response.status).toBe(200);

    // A change in one of its workspaces makes a new answer, even inside the cache's quarter hour.
    await updateTask(owner.actor, { taskId: task.id, title: "Ship it now" });
    const changed = await fetchFeed(file, { "If-None-Match": etag });
    expect(changed.response.status).toBe(200);
    expect(changed.response.headers.get("etag")).not.toBe(etag);
    expect(changed.text).toContain("Ship it now");
    // So does a new day (the window moves).
    const tomorrow = await fetchFeed(file, {}, new Date(NOW.getTime() + 86_400_000));
    expect(tomorrow.response.status).toBe(200);

    // The route answers the same, and an unknown or malformed token is a 404 that says nothing more.
    const routed = await callLoader(feedRoute.loader, {
      path: `${FEED_PATH_PREFIX}${file}`,
      params: { file },
      user: null,
    });
    expect(routed.status).toBe(200);
    for (const wrong of [`${"A".repeat(43)}.ics`, "short.ics", file.replace(".ics", ".txt"), `${file}x`]) {
      expect((await fetchFeed(wrong)).response.status).toBe(404);
    }

    const { url: renewed } = await regenerateCalendarFeed(owner.actor, { projectId: null });
    expect(renewed).not.toBe(first.url);
    expect((await fetchFeed(file)).response.status).toBe(404);
    expect((await fetchFeed(tokenOf(renewed))).response.status).toBe(200);
    await revokeCalendarFeed(owner.actor, { projectId: null });
    expect((await fetchFeed(tokenOf(renewed))).response.status).toBe(404);

    // Each step is in the activity log, the token in none of them.
    const logged = await database()
      .db.select({ verb: activity.verb, data: activity.data })
      .from(activity)
      .where(and(eq(activity.actorId, owner.id), sql`${activity.verb} like 'calendar_feed.%'`))
      .orderBy(asc(activity.sequence));
    expect(logged.map((row) => row.verb)).toEqual([
      "calendar_feed.created",
      "calendar_feed.regenerated",
      "calendar_feed.revoked",
    ]);
    const token = file.slice(0, -4);
    expect(JSON.stringify(logged)).not.toContain(token);
  });

  it("gives each member who sees a project their own feed of it, which stops when they lose access", async () => {
    const { owner, tara, otto, website } = await world();
    const viewer = await buildUser({ fullName: "Vera Viewer" });
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await createTask(owner.actor, { projectId: website, title: "Unassigned launch", dueDate: "2026-04-01" });
    await createTask(owner.actor, {
      projectId: website,
      title: "Tara's part",
      dueDate: "2026-04-02",
      assigneeIds: [tara.id],
    });
    await createEvent(owner.actor, {
      workspaceId: owner.workspaceId,
      projectId: website,
      title: "Website review",
      allDay: false,
      startDate: "2026-04-03",
      startTime: "11:00",
      endTime: "12:00",
      timeZone: "Europe/Berlin",
      attendeeIds: [tara.id],
    });
    await createEvent(owner.actor, {
      workspaceId: owner.workspaceId,
      title: "Not about it",
      allDay: true,
      startDate: "2026-04-03",
    });

    // A viewer makes theirs from the project's Settings; the URL is theirs alone.
    const made = await callAction(projectRoute.action, {
      user: viewer,
      path: `/app/project/${website}`,
      params: { projectId: website },
      form: { intent: "create-calendar-feed" },
    });
    expect(made.status).toBe(302);
    expect(made.location).toBe(`/app/project/${website}?view=settings#settings-calendar-feed`);
    const page = await callLoader(projectRoute.loader, {
      user: viewer,
      path: `/app/project/${website}?view=settings`,
      params: { projectId: website },
    });
    const feed = (page.data as { calendarFeed: { url: string } }).calendarFeed;
    expect(feed.url).toContain(FEED_PATH_PREFIX);
    const ownerPage = await callLoader(projectRoute.loader, {
      user: owner,
      path: `/app/project/${website}?view=settings`,
      params: { projectId: website },
    });
    expect((ownerPage.data as { calendarFeed: { url: string | null } }).calendarFeed.url).toBeNull();

    const { text } = await fetchFeed(tokenOf(feed.url));
    expect(
      parse(text)
        .map((item) => item.summary.replace(/^WEB-\d+ /, ""))
        .sort(),
    ).toEqual(["Tara's part", "Unassigned launch", "Website review"]);
    expect(text).toContain("X-WR-CALNAME:Website · Plotline");

    // An outsider cannot make one of it (not found, as if it did not exist).
    const refused = await callAction(projectRoute.action, {
      user: otto,
      path: `/app/project/${website}`,
      params: { projectId: website },
      form: { intent: "create-calendar-feed" },
    });
    expect(refused.status).toBe(404);

    // Removed from the workspace: the URL answers 404 at once; so does a deleted project's.
    await removeMember(owner.actor, { workspaceId: owner.workspaceId, userId: viewer.id });
    expect((await fetchFeed(tokenOf(feed.url))).response.status).toBe(404);
    const { url: ownersFeed } = await createCalendarFeed(owner.actor, { projectId: website });
    expect((await fetchFeed(tokenOf(ownersFeed))).response.status).toBe(200);
    await deleteProject(owner.actor, { projectId: website, confirmName: "Website" });
    expect((await fetchFeed(tokenOf(ownersFeed))).response.status).toBe(404);
    await expect(createCalendarFeed(owner.actor, { projectId: website })).rejects.toThrow("Project not found");
  });

  it("shows the member's own feed URL in Settings → Integrations, made, renewed and turned off there", async () => {
    const { owner, otto } = await world();
    const tab = (user: TestUser) => callLoader(settingsRoute.loader, { user, path: "/app/settings?tab=integrations" });
    const post = (intent: string) =>
      callAction(settingsRoute.action, { user: owner, path: "/app/settings?tab=integrations", form: { intent } });
    const feedOf = async (user: TestUser) =>
      ((await tab(user)).data as { calendarFeed: { url: string | null } }).calendarFeed;
    expect((await feedOf(owner)).url).toBeNull();
    expect((await post("create-calendar-feed")).location).toBe("/app/settings?tab=integrations#calendar-feed");
    const url = (await feedOf(owner)).url!;
    expect(url).toContain(FEED_PATH_PREFIX);
    expect((await feedOf(otto)).url).toBeNull();
    await post("regenerate-calendar-feed");
    const renewed = (await feedOf(owner)).url!;
    expect(renewed).not.toBe(url);
    await post("revoke-calendar-feed");
    expect((await feedOf(owner)).url).toBeNull();
    // Nothing left to turn off: not found.
    expect((await post("revoke-calendar-feed")).status).toBe(404);
  });
});
