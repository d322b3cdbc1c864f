import { asc, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { calendarEventAttendees, calendarEvents, notifications } from "~/.server/db/schema";
import { createEvent, deleteEvent, updateEvent, type EventFields } from "~/.server/calendar/events";
import { EVENTS_PER_DAY, teamCalendarDay, teamCalendarMonth } from "~/.server/calendar/team-calendar";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { runDueJobs } from "~/.server/jobs/worker";
import { registerNotificationSubscribers } from "~/.server/notifications/subscribers";
import { createProject, deleteProject, setProjectArchived } from "~/.server/projects/projects";
import { createTask } from "~/.server/tasks/tasks";
import * as calendarRoute from "~/routes/app/team-calendar";
import * as dayRoute from "~/routes/app/team-calendar-day";
import * as eventRoute from "~/routes/app/team-calendar-event";
import * as newEventRoute from "~/routes/app/team-calendar-new";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/**
 * The team calendar (issue 13): the event use cases and their permissions, what a month
 * and a day read (events overlapping the grid in the viewer's zone, all-day events on their
 * own days everywhere, tasks only from visible projects), the routes' answers, and the
 * attendees' notifications.
 */
const timed = (overrides: Partial<EventFields> = {}): EventFields => ({
  title: "Team sync",
  allDay: false,
  startDate: "2026-05-04",
  startTime: "09:00",
  endTime: "10:00",
  timeZone: "UTC",
  ...overrides,
});

describe.each(engines)("team calendar on %s", (engine) => {
  const database = useTestDatabase(engine);
  let stop: () => void;
  beforeAll(() => {
    stop = registerNotificationSubscribers();
  });
  afterAll(() => stop());

  /** An owner with an admin, an editor and a viewer in their workspace. */
  async function team() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const admin = await buildUser({ fullName: "Adam Admin" });
    const editor = await buildUser({ fullName: "Ada Editor" });
    const viewer = await buildUser({ fullName: "Vic Viewer" });
    await addMember(owner.workspaceId, admin.id, "admin");
    await addMember(owner.workspaceId, editor.id, "editor");
    await addMember(owner.workspaceId, viewer.id, "viewer");
    return { owner, admin, editor, viewer, workspaceId: owner.workspaceId };
  }

  async function refusal(promise: Promise<unknown>) {
    return promise.then(
      () => null,
      (error: unknown) => error,
    );
  }

  async function eventRow(publicId: string) {
    const [row] = await database().db.select().from(calendarEvents).where(eq(calendarEvents.publicId, publicId));
    return row ?? null;
  }

  it("lets editors add events, each its creator's (or a manager's) to change, and no outsider or viewer", async () => {
    const { owner, admin, editor, viewer, workspaceId } = await team();
    const outsider = await buildUser();
    const event = await createEvent(owner.actor, { workspaceId, ...timed() });
    expect(await eventRow(event.id)).toMatchObject({
      title: "Team sync",
      allDay: false,
      startsAt: new Date("2026-05-04T09:00:00Z"),
      endsAt: new Date("2026-05-04T10:00:00Z"),
      timeZone: "UTC",
      createdBy: owner.id,
    });

    // Outsiders learn nothing: every use case answers "not found".
    expect(await refusal(createEvent(outsider.actor, { workspaceId, ...timed() }))).toBeInstanceOf(NotFoundError);
    expect(await refusal(updateEvent(outsider.actor, { eventId: event.id, ...timed() }))).toBeInstanceOf(NotFoundError);
    expect(await refusal(deleteEvent(outsider.actor, { eventId: event.id }))).toBeInstanceOf(NotFoundError);
    // A viewer reads, never writes.
    expect(await refusal(createEvent(viewer.actor, { workspaceId, ...timed() }))).toBeInstanceOf(ForbiddenError);
    // An editor adds events but changes only their own.
    expect(await refusal(updateEvent(editor.actor, { eventId: event.id, ...timed({ title: "Mine" }) }))).toEqual(
      new ForbiddenError("You can edit only the events you created."),
    );
    expect(await refusal(deleteEvent(editor.actor, { eventId: event.id }))).toBeInstanceOf(ForbiddenError);
    const own = await createEvent(editor.actor, { workspaceId, ...timed({ title: "Editor's" }) });
    await updateEvent(editor.actor, { eventId: own.id, ...timed({ title: "Editor's, renamed" }) });
    expect((await eventRow(own.id))?.title).toBe("Editor's, renamed");
    // A manager tidies anyone's.
    await updateEvent(admin.actor, { eventId: own.id, ...timed({ title: "Tidied", allDay: true }) });
    expect(await eventRow(own.id)).toMatchObject({
      title: "Tidied",
      allDay: true,
      startsAt: new Date("2026-05-04T00:00:00Z"),
      endsAt: new Date("2026-05-05T00:00:00Z"),
      updatedBy: admin.id,
    });
    await deleteEvent(admin.actor, { eventId: own.id });
    expect(await eventRow(own.id)).toBeNull();
    expect(await eventRow(event.id)).not.toBeNull();
  });

  it("refuses attendees outside the workspace, another workspace's project, and an end before the start", async () => {
    const { owner, editor, workspaceId } = await team();
    const outsider = await buildUser();
    const theirs = await createProject(outsider.actor, { workspaceId: outsider.workspaceId, name: "Theirs" });
    const ours = await createProject(owner.actor, { workspaceId, name: "Ours" });
    const archived = await createProject(owner.actor, { workspaceId, name: "Old" });
    await setProjectArchived(owner.actor, { projectId: archived.id, archived: true });

    const refused = async (fields: Partial<EventFields>) => {
      const error = await refusal(createEvent(owner.actor, { workspaceId, ...timed({ title: "Refused", ...fields }) }));
      expect(error).toBeInstanceOf(FieldError);
      return { field: (error as FieldError).field, message: (error as FieldError).message };
    };
    expect(await refused({ attendeeIds: [editor.id, outsider.id] })).toEqual({
      field: "attendeeIds",
      message: "Only members of the event's workspace can attend",
    });
    for (const projectId of [theirs.id, archived.id, "NoSuchProj"]) {
      expect(await refused({ projectId })).toEqual({
        field: "projectId",
        message: "Choose one of the workspace's projects",
      });
    }
    expect(await refused({ startTime: "10:00", endTime: "09:30" })).toEqual({
      field: "endTime",
      message: "The end cannot be before the start",
    });
    expect(await refused({ endDate: "2026-05-03" })).toMatchObject({ field: "endDate" });
    expect(await refused({ allDay: true, endDate: "2026-05-03" })).toMatchObject({ field: "endDate" });
    expect(await database().db.select().from(calendarEvents).where(eq(calendarEvents.title, "Refused"))).toEqual([]);

    const event = await createEvent(owner.actor, {
      workspaceId,
      ...timed({ projectId: ours.id, attendeeIds: [editor.id, owner.id, editor.id] }),
    });
    const row = await eventRow(event.id);
    const attendees = await database()
      .db.select({ userId: calendarEventAttendees.userId })
      .from(calendarEventAttendees)
      .where(eq(calendarEventAttendees.eventId, row!.id));
    expect(attendees.map((a) => a.userId).sort()).toEqual([editor.id, owner.id].sort());
    expect(row?.projectId).not.toBeNull();
  });

  it("stores times typed in a zone as instants, and all-day events as UTC days with an exclusive end", async () => {
    const { owner, workspaceId } = await team();
    const paris = await createEvent(owner.actor, {
      workspaceId,
      ...timed({ startTime: "09:30", endTime: "11:00", timeZone: "Europe/Paris" }),
    });
    expect(await eventRow(paris.id)).toMatchObject({
      startsAt: new Date("2026-05-04T07:30:00Z"),
      endsAt: new Date("2026-05-04T09:00:00Z"),
      timeZone: "Europe/Paris",
    });
    const retreat = await createEvent(owner.actor, {
      workspaceId,
      ...timed({ title: "Retreat", allDay: true, endDate: "2026-05-06", timeZone: "Asia/Tokyo" }),
    });
    expect(await eventRow(retreat.id)).toMatchObject({
      startsAt: new Date("2026-05-04T00:00:00Z"),
      endsAt: new Date("2026-05-07T00:00:00Z"),
    });
  });

  it("lays out the month in the viewer's zone: timed events by their local days, all-day events on their own days", async () => {
    const { owner, workspaceId } = await team();
    const outsider = await buildUser();
    const add = (fields: Partial<EventFields>) => createEvent(owner.actor, { workspaceId, ...timed(fields) });
    // 23:30 UTC on May 4 is May 5 in Tokyo and still May 4 in Los Angeles.
    await add({ title: "Late call", startTime: "23:30", endTime: "23:45" });
    // All day on May 6 to 7: those days wherever the viewer is.
    await add({ title: "Offsite", allDay: true, startDate: "2026-05-06", endDate: "2026-05-07" });
    // Three days, from the evening of the 10th to the morning of the 12th (UTC).
    await add({
      title: "Hackathon",
      startDate: "2026-05-10",
      startTime: "18:00",
      endDate: "2026-05-12",
      endTime: "08:00",
    });
    // On the grid's edges: April 26 (its first cell) and June 6 (its last); June 7 is past it.
    await add({ title: "First cell", allDay: true, startDate: "2026-04-26" });
    await add({ title: "Last cell", startDate: "2026-06-06", startTime: "12:00", endTime: "13:00" });
    await add({ title: "Past the grid", allDay: true, startDate: "2026-06-07" });
    await createEvent(outsider.actor, { workspaceId: outsider.workspaceId, ...timed({ title: "Not ours" }) });

    const month = (timeZone: string) =>
      teamCalendarMonth(owner.id, { month: { year: 2026, month: 5 }, timeZone, workspace: null, showTasks: false });
    const titlesByDay = (days: Awaited<ReturnType<typeof month>>["days"]) =>
      Object.fromEntries(
        days.filter((day) => day.events.length > 0).map((day) => [day.date, day.events.map((e) => e.title)]),
      );

    const tokyo = await month("Asia/Tokyo");
    expect(tokyo.days).toHaveLength(42);
    expect(titlesByDay(tokyo.days)).toEqual({
      "2026-04-26": ["First cell"],
      "2026-05-05": ["Late call"],
      "2026-05-06": ["Offsite"],
      "2026-05-07": ["Offsite"],
      // 18:00 UTC on the 10th is 03:00 on the 11th in Tokyo; 08:00 UTC on the 12th is 17:00 there.
      "2026-05-11": ["Hackathon"],
      "2026-05-12": ["Hackathon"],
      "2026-06-06": ["Last cell"],
    });
    expect(tokyo.days.find((day) => day.date === "2026-05-05")?.events[0]).toMatchObject({
      when: "8:30 AM",
      allDay: false,
    });
    expect(tokyo.days.find((day) => day.date === "2026-05-12")?.events[0]?.when).toBe("until 5:00 PM");

    const losAngeles = await month("America/Los_Angeles");
    expect(titlesByDay(losAngeles.days)).toMatchObject({
      "2026-05-04": ["Late call"],
      "2026-05-06": ["Offsite"],
      "2026-05-07": ["Offsite"],
      "2026-05-10": ["Hackathon"],
      "2026-05-11": ["Hackathon"],
      "2026-05-12": ["Hackathon"],
    });
    expect(losAngeles.days.find((day) => day.date === "2026-05-06")?.events[0]?.when).toBe("All day");
    // The outsider's event is in no one else's month.
    expect(JSON.stringify(tokyo)).not.toContain("Not ours");
  });

  it("bounds each cell with the day's total, and the day page lists them all", async () => {
    const { owner, workspaceId } = await team();
    for (let i = 0; i < EVENTS_PER_DAY + 2; i++) {
      await createEvent(owner.actor, {
        workspaceId,
        ...timed({ title: `Meeting ${i}`, startTime: `1${i}:00`, endTime: `1${i}:30` }),
      });
    }
    const month = await teamCalendarMonth(owner.id, {
      month: { year: 2026, month: 5 },
      timeZone: "UTC",
      workspace: null,
      showTasks: false,
    });
    const cell = month.days.find((day) => day.date === "2026-05-04")!;
    expect(cell.events.map((event) => event.title)).toEqual(["Meeting 0", "Meeting 1", "Meeting 2"]);
    expect(cell.eventTotal).toBe(EVENTS_PER_DAY + 2);
    const day = await teamCalendarDay(owner.id, {
      day: "2026-05-04",
      timeZone: "UTC",
      workspace: null,
      showTasks: true,
    });
    expect(day.events).toHaveLength(EVENTS_PER_DAY + 2);
  });

  it("overlays tasks due only from the live projects the user can see, filtered by workspace", async () => {
    const { owner, viewer, workspaceId } = await team();
    const outsider = await buildUser();
    const project = await createProject(owner.actor, { workspaceId, name: "Launch", color: "teal" });
    const gone = await createProject(owner.actor, { workspaceId, name: "Gone" });
    const theirs = await createProject(outsider.actor, { workspaceId: outsider.workspaceId, name: "Theirs" });
    const own = await createProject(viewer.actor, { workspaceId: viewer.workspaceId, name: "Own" });
    await createTask(owner.actor, { projectId: project.id, title: "Ship it", dueDate: "2026-05-04" });
    await createTask(owner.actor, { projectId: gone.id, title: "Lost", dueDate: "2026-05-04" });
    await createTask(outsider.actor, { projectId: theirs.id, title: "Secret", dueDate: "2026-05-04" });
    await createTask(viewer.actor, { projectId: own.id, title: "Personal", dueDate: "2026-05-04" });
    await deleteProject(owner.actor, { projectId: gone.id });

    const read = (workspace: string | null, showTasks = true) =>
      teamCalendarMonth(viewer.id, { month: { year: 2026, month: 5 }, timeZone: "UTC", workspace, showTasks });
    const tasksOn = (calendar: Awaited<ReturnType<typeof read>>) =>
      calendar.days.find((day) => day.date === "2026-05-04")!.tasks.map((task) => task.title);
    expect(tasksOn(await read(null)).sort()).toEqual(["Personal", "Ship it"]);
    expect(
      (await read(null)).days.find((day) => day.date === "2026-05-04")!.tasks.find((t) => t.title === "Ship it"),
    ).toMatchObject({ project: { id: project.id, name: "Launch", color: "teal" } });
    expect(tasksOn(await read(workspaceId))).toEqual(["Ship it"]);
    // Another's workspace as the filter shows nothing of it: the user's own workspaces only.
    expect(tasksOn(await read(outsider.workspaceId)).sort()).toEqual(["Personal", "Ship it"]);
    expect(tasksOn(await read(null, false))).toEqual([]);
  });

  it("notifies the attendees added, those attending of a move and a cancellation, never the actor", async () => {
    const { owner, admin, editor, viewer, workspaceId } = await team();
    const notesOf = async (user: TestUser) =>
      database()
        .db.select({ kind: notifications.kind, title: notifications.title, link: notifications.link })
        .from(notifications)
        .where(eq(notifications.userId, user.id))
        .orderBy(asc(notifications.createdAt), asc(notifications.id));

    const event = await createEvent(owner.actor, {
      workspaceId,
      ...timed({ attendeeIds: [owner.id, editor.id], timeZone: "Europe/Paris" }),
    });
    await runDueJobs();
    expect(await notesOf(editor)).toEqual([
      {
        kind: "event.invited",
        title: "Olive Owner invited you to Team sync",
        link: `/app/calendar/event/${event.id}`,
      },
    ]);
    expect(await notesOf(owner)).toEqual([]);

    // Adding the viewer invites only them; the time is unchanged, so nobody hears of a move.
    await updateEvent(owner.actor, {
      eventId: event.id,
      ...timed({ attendeeIds: [owner.id, editor.id, viewer.id], timeZone: "Europe/Paris" }),
    });
    await runDueJobs();
    expect((await notesOf(viewer)).map((note) => note.kind)).toEqual(["event.invited"]);
    expect(await notesOf(editor)).toHaveLength(1);

    // The admin moves it: the attendees hear, the admin (not attending) does not.
    await updateEvent(admin.actor, {
      eventId: event.id,
      ...timed({
        startTime: "14:00",
        endTime: "15:00",
        attendeeIds: [owner.id, editor.id, viewer.id],
        timeZone: "Europe/Paris",
      }),
    });
    await runDueJobs();
    for (const user of [owner, editor, viewer]) {
      expect((await notesOf(user)).at(-1)).toMatchObject({ kind: "event.moved", title: "Adam Admin moved Team sync" });
    }
    expect(await notesOf(admin)).toEqual([]);

    await deleteEvent(owner.actor, { eventId: event.id });
    await runDueJobs();
    expect((await notesOf(editor)).at(-1)).toEqual({
      kind: "event.cancelled",
      title: "Olive Owner cancelled Team sync",
      link: "/app/calendar?month=2026-05",
    });
    expect((await notesOf(owner)).map((note) => note.kind)).toEqual(["event.moved"]);
  });

  describe("routes", () => {
    let owner: TestUser;
    let viewer: TestUser;
    let editor: TestUser;
    let outsider: TestUser;
    let eventId: string;
    beforeAll(async () => {
      ({ owner, viewer, editor } = await team());
      outsider = await buildUser();
      ({ id: eventId } = await createEvent(owner.actor, { workspaceId: owner.workspaceId, ...timed() }));
    });

    const form = (fields: Record<string, string> = {}) => ({
      intent: "create-event",
      workspaceId: owner.workspaceId,
      title: "Planning",
      startDate: "2026-05-04",
      startTime: "09:00",
      endDate: "2026-05-04",
      endTime: "10:00",
      timeZone: "Europe/Paris",
      ...fields,
    });

    it("opens on the current month, says so for a month that is not one, and never answers 500", async () => {
      const current = await callLoader(calendarRoute.loader, { user: owner, path: "/app/calendar" });
      const now = new Date().toISOString().slice(0, 7);
      expect(current.status).toBe(200);
      expect(current.data).toMatchObject({ calendar: { month: now }, notice: null });
      const asked = await callLoader(calendarRoute.loader, { user: owner, path: "/app/calendar?month=2026-05" });
      expect(asked.data).toMatchObject({ calendar: { month: "2026-05", title: "May 2026" } });
      for (const bad of ["2026-13", "garbage", "0000-01", "2026-5"]) {
        const outcome = await callLoader(calendarRoute.loader, { user: owner, path: `/app/calendar?month=${bad}` });
        expect(outcome.status).toBe(200);
        expect(outcome.data).toMatchObject({
          calendar: { month: now },
          notice: expect.stringContaining("is not a month"),
        });
      }
      const day = await callLoader(dayRoute.loader, {
        user: owner,
        path: "/app/calendar/day/2026-02-30",
        params: { date: "2026-02-30" },
      });
      expect(day.status).toBe(404);
    });

    it("adds an event by the plain form, keeps what was typed on an error, and refuses viewers and outsiders", async () => {
      const added = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ attendeeIds: owner.id, redirectTo: "/app/calendar?month=2026-01&tasks=1" }),
      });
      expect(added).toMatchObject({ status: 302, location: "/app/calendar?month=2026-05&tasks=1" });
      const [row] = await database().db.select().from(calendarEvents).where(eq(calendarEvents.title, "Planning"));
      expect(row).toMatchObject({ startsAt: new Date("2026-05-04T07:00:00Z"), timeZone: "Europe/Paris" });

      const early = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ title: "Too early", startTime: "10:00", endTime: "09:00" }),
      });
      expect(early.status).toBe(400);
      expect(JSON.stringify(early.data)).toContain("The end cannot be before the start");
      expect(JSON.stringify(early.data)).toContain("Too early");

      const stranger = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ attendeeIds: outsider.id }),
      });
      expect(stranger.status).toBe(400);
      expect(JSON.stringify(stranger.data)).toContain("Only members of the event");

      expect(
        (await callAction(newEventRoute.action, { user: viewer, path: "/app/calendar/new", form: form() })).status,
      ).toBe(403);
      expect(
        (await callAction(newEventRoute.action, { user: outsider, path: "/app/calendar/new", form: form() })).status,
      ).toBe(404);
    });

    it("moves an end date left on the start the form showed with the start, in either direction", async () => {
      // The form opened on May 4 (today, say); the start was changed, the end left alone.
      const later = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ title: "Moved later", startDate: "2026-05-20", startDateShown: "2026-05-04" }),
      });
      expect(later.status).toBe(302);
      const earlier = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ title: "Moved earlier", startDate: "2026-04-28", startDateShown: "2026-05-04" }),
      });
      expect(earlier.status).toBe(302);
      const rows = await database()
        .db.select()
        .from(calendarEvents)
        .where(inArray(calendarEvents.title, ["Moved later", "Moved earlier"]));
      const byTitle = new Map(rows.map((row) => [row.title, row]));
      expect(byTitle.get("Moved later")).toMatchObject({
        startsAt: new Date("2026-05-20T07:00:00Z"),
        endsAt: new Date("2026-05-20T08:00:00Z"),
      });
      expect(byTitle.get("Moved earlier")).toMatchObject({
        startsAt: new Date("2026-04-28T07:00:00Z"),
        endsAt: new Date("2026-04-28T08:00:00Z"),
      });
      // An end the user moved themselves stays where they put it: before the start, refused.
      const refused = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ startDate: "2026-05-20", endDate: "2026-05-10", startDateShown: "2026-05-04" }),
      });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.data)).toContain("The end cannot be before the start");
      // And an empty end date is the start's day.
      const sameDay = await callAction(newEventRoute.action, {
        user: editor,
        path: "/app/calendar/new",
        form: form({ title: "No end date", startDate: "2026-06-02", endDate: "" }),
      });
      expect(sameDay.status).toBe(302);
    });

    it("shows an event to members only, and lets its creator edit and delete it", async () => {
      const path = `/app/calendar/event/${eventId}`;
      const params = { eventId };
      expect((await callLoader(eventRoute.loader, { user: outsider, path, params })).status).toBe(404);
      const seen = await callLoader(eventRoute.loader, { user: viewer, path: `${path}?edit`, params });
      expect(seen).toMatchObject({
        status: 200,
        data: { editing: false, event: { canEdit: false, title: "Team sync" } },
      });
      const update = {
        intent: "update-event",
        title: "Renamed",
        startDate: "2026-05-04",
        allDay: "on",
        timeZone: "UTC",
      };
      expect((await callAction(eventRoute.action, { user: outsider, path, params, form: update })).status).toBe(404);
      expect((await callAction(eventRoute.action, { user: viewer, path, params, form: update })).status).toBe(403);
      expect((await callAction(eventRoute.action, { user: editor, path, params, form: update })).status).toBe(403);
      expect((await callAction(eventRoute.action, { user: owner, path, params, form: update })).status).toBe(302);
      expect(await eventRow(eventId)).toMatchObject({ title: "Renamed", allDay: true });
      const unknown = await callAction(eventRoute.action, { user: owner, path, params, form: { intent: "nope" } });
      expect(unknown.status).toBe(400);
      const deleted = await callAction(eventRoute.action, {
        user: owner,
        path,
        params,
        form: { intent: "delete-event" },
      });
      expect(deleted).toMatchObject({ status: 302, location: "/app/calendar?month=2026-05" });
      expect(await eventRow(eventId)).toBeNull();
      expect((await callLoader(eventRoute.loader, { user: owner, path, params })).status).toBe(404);
    });
  });
});
