import { and, asc, eq, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import {
  activity,
  checklistItems,
  jobs,
  labels,
  projects,
  statuses,
  taskAssignees,
  taskFollowers,
  taskLabels,
  taskSeries,
  tasks,
} from "~/.server/db/schema";
import { FieldError, ForbiddenError } from "~/.server/errors";
import { runDueJobs } from "~/.server/jobs/worker";
import { createProject } from "~/.server/projects/projects";
import { addChecklistItem } from "~/.server/tasks/checklist";
import { createLabel, setTaskLabels } from "~/.server/tasks/labels";
import { liveCard } from "~/.server/tasks/live-card";
import {
  createOccurrenceCommand,
  createOccurrencesCommand,
  setRecurrence,
  skipOccurrence,
  stopRecurrence,
  updateSeries,
} from "~/.server/tasks/recurrence";
import {
  bootstrapRecurrence,
  MATERIALISE_JOB,
  materialiseDue,
  ownerPrincipal,
  registerRecurrence,
} from "~/.server/tasks/recurrence-jobs";
import { inUnitOfWork, within } from "~/.server/commands/command";
import { createTask, moveTask, setTaskAssignees, updateTask } from "~/.server/tasks/tasks";
import { removeMember } from "~/.server/team/members";
import { presetRule, ruleOf, defaultRepeat } from "~/utils/recurrence";
import { zonedInstant, zonedParts } from "~/utils/time-zones";
import * as taskRoute from "~/routes/app/task";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/**
 * Repeating tasks (issue 34, part 3) on PGlite and PostgreSQL: the scheduler makes each
 * occurrence at the start of its day in the series' zone, on the right day at month ends and
 * across daylight-saving changes; after completion the next comes from the completion day;
 * skip, stop and "edit all future"; an owner who lost the right stops the series.
 */
describe.each(engines)("recurring tasks on %s", (engine) => {
  useTestDatabase(engine);
  let unregister: () => void;
  beforeAll(() => {
    unregister = registerRecurrence();
  });
  afterAll(() => unregister());

  async function projectOf(owner: TestUser) {
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Chores" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, row!.id))
      .orderBy(asc(statuses.position));
    return { id: created.id, row: row!, done: columns.find((column) => column.category === "done")! };
  }

  /** The project's tasks of one title, oldest first, with their series day and dates. */
  async function occurrences(projectRowId: string, title: string) {
    return db()
      .select({
        id: tasks.id,
        publicId: tasks.publicId,
        occurrenceOn: tasks.occurrenceOn,
        dueDate: tasks.dueDate,
        startDate: tasks.startDate,
        createdAt: tasks.createdAt,
        createdBy: tasks.createdBy,
        title: tasks.title,
      })
      .from(tasks)
      .where(and(eq(tasks.projectId, projectRowId), eq(tasks.title, title), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.number));
  }

  async function seriesOf(taskPublicId: string) {
    const [task] = await db().select().from(tasks).where(eq(tasks.publicId, taskPublicId));
    const [series] = await db().select().from(taskSeries).where(eq(taskSeries.id, task!.seriesId!));
    return series!;
  }

  it("monthly on the 31st: Feb 28, Mar 31, Apr 30 … Feb 29 of the leap year, each made at its day's start", async () => {
    const owner = await buildUser();
    const project = await projectOf(owner);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Pay rent", dueDate: "2027-01-31" });
    const rule = ruleOf({ ...defaultRepeat("2027-01-31", "monthly"), monthDay: 31 });
    const set = await setRecurrence(owner.actor, { taskId: task.id, rule, mode: "schedule", timeZone: "UTC" });
    expect(set.sentence).toBe("Repeats every month on the 31st (or the month's last day)");
    expect(set.nextOn).toBe("2027-02-28");
    // An hour before the next one's day: nothing; at its start: the task.
    expect((await materialiseDue(new Date("2027-02-27T23:00:00Z"))).made).toBe(0);
    const seen: string[] = [];
    for (let month = 0; month < 13; month++) {
      const series = await seriesOf(task.id);
      const at = series.nextAt!;
      expect((await materialiseDue(at)).made).toBe(1);
      seen.push(series.nextOn!);
      // Run again at once: nothing more (the job may run twice).
      expect((await materialiseDue(at)).made).toBe(0);
    }
    expect(seen).toEqual([
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
      "2027-06-30",
      "2027-07-31",
      "2027-08-31",
      "2027-09-30",
      "2027-10-31",
      "2027-11-30",
      "2027-12-31",
      "2028-01-31",
      "2028-02-29",
    ]);
    const made = await occurrences(project.row.id, "Pay rent");
    expect(made.map((row) => row.dueDate)).toEqual(["2027-01-31", ...seen]);
    expect(made.every((row) => row.createdBy === owner.id)).toBe(true);
  });

  it.each([
    ["America/New_York", "2027-03-01", "2027-11-15"],
    ["Europe/Berlin", "2027-03-15", "2027-11-08"],
  ])("weekly in %s: every Monday through both clock changes, made at local midnight", async (zone, first, last) => {
    const owner = await buildUser();
    const project = await projectOf(owner);
    const title = `Weekly review ${zone}`;
    const task = await createTask(owner.actor, { projectId: project.id, title, dueDate: first });
    await setRecurrence(owner.actor, {
      taskId: task.id,
      rule: presetRule("weekly", first),
      mode: "schedule",
      timeZone: zone,
    });
    const dueDates = [first];
    for (let week = 0; week < 40; week++) {
      const series = await seriesOf(task.id);
      const midnight = zonedInstant(series.nextOn!, "00:00", zone);
      expect(series.nextAt!.getTime()).toBe(midnight.getTime());
      // A minute before its local midnight: not yet.
      expect((await materialiseDue(new Date(midnight.getTime() - 60_000))).made).toBe(0);
      expect((await materialiseDue(midnight)).made).toBe(1);
      dueDates.push(series.nextOn!);
      if (series.nextOn === last) break;
    }
    expect(dueDates.at(-1)).toBe(last);
    const made = await occurrences(project.row.id, title);
    expect(made.map((row) => row.dueDate)).toEqual(dueDates);
    for (const row of made.slice(1)) {
      expect(new Date(`${row.dueDate}T00:00:00Z`).getUTCDay()).toBe(1);
    }
  });

  it("after completion: the next comes N days after the day it was completed, with the template copied once", async () => {
    const owner = await buildUser();
    const mate = await buildUser();
    await addMember(owner.workspaceId, mate.id, "editor");
    const project = await projectOf(owner);
    const task = await createTask(owner.actor, {
      projectId: project.id,
      title: "Water the plants",
      priority: "high",
      startDate: "2027-05-01",
      dueDate: "2027-05-03",
    });
    await setTaskAssignees(owner.actor, { taskId: task.id, userIds: [mate.id] });
    const label = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "home", color: "green" });
    await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [label.id] });
    await addChecklistItem(owner.actor, { taskId: task.id, title: "Balcony" });
    await addChecklistItem(owner.actor, { taskId: task.id, title: "Kitchen" });
    const set = await setRecurrence(owner.actor, {
      taskId: task.id,
      rule: "FREQ=DAILY;INTERVAL=3",
      mode: "after_completion",
      timeZone: "UTC",
    });
    expect(set.sentence).toBe("Repeats 3 days after completion");
    expect(set.nextOn).toBeNull();
    // The scheduler leaves it be: it has no date of its own.
    expect((await seriesOf(task.id)).nextAt).toBeNull();

    await moveTask(owner.actor, { taskId: task.id, statusId: project.done.publicId, placement: { at: "end" } });
    expect(await runDueJobs()).toBeGreaterThan(0);
    const made = await occurrences(project.row.id, "Water the plants");
    expect(made).toHaveLength(2);
    const today = new Date().toISOString().slice(0, 10);
    const next = made[1]!;
    const plus = (days: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    expect(next.occurrenceOn).toBe(plus(3));
    // Its dates keep their distance from the occurrence's day: start two days before the due date.
    expect([next.startDate, next.dueDate]).toEqual([plus(1), plus(3)]);
    const items = await db()
      .select({ title: checklistItems.title })
      .from(checklistItems)
      .where(eq(checklistItems.taskId, next.id))
      .orderBy(asc(checklistItems.position));
    expect(items.map((item) => item.title)).toEqual(["Balcony", "Kitchen"]);
    const loaded = await callLoader(taskRoute.loader, {
      user: owner,
      path: `/app/project/${project.id}/task/${next.publicId}`,
      params: { projectId: project.id, taskId: next.publicId },
    });
    expect(loaded.status).toBe(200);
    const page = loaded.data as Awaited<ReturnType<typeof taskRoute.loader>>;
    expect(page.members.filter((member) => member.assigned).map((member) => member.id)).toEqual([mate.id]);
    expect(page.labels.filter((item) => item.checked).map((item) => item.name)).toEqual(["home"]);
    expect(page.repeat.series?.sentence).toBe("Repeats 3 days after completion");

    // Reopening and completing the old one again makes nothing: it is no longer the current one.
    const [open] = await db()
      .select()
      .from(statuses)
      .where(and(eq(statuses.projectId, project.row.id), eq(statuses.category, "not_started")));
    await moveTask(owner.actor, { taskId: task.id, statusId: open!.publicId, placement: { at: "end" } });
    await moveTask(owner.actor, { taskId: task.id, statusId: project.done.publicId, placement: { at: "end" } });
    await runDueJobs();
    expect(await occurrences(project.row.id, "Water the plants")).toHaveLength(2);
  });

  it("skip moves the next one on; stop ends the series; viewers may do neither", async () => {
    const owner = await buildUser();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const project = await projectOf(owner);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Standup", dueDate: "2027-06-07" });
    await setRecurrence(owner.actor, {
      taskId: task.id,
      rule: "FREQ=WEEKLY;BYDAY=MO",
      mode: "schedule",
      timeZone: "UTC",
    });
    await expect(skipOccurrence(viewer.actor, { taskId: task.id })).rejects.toBeInstanceOf(ForbiddenError);
    const skipped = await skipOccurrence(owner.actor, { taskId: task.id });
    expect(skipped).toMatchObject({ skipped: "2027-06-14", nextOn: "2027-06-21" });
    // (Other tests' series share the database: count this one's tasks.)
    const dueDates = async () => (await occurrences(project.row.id, "Standup")).map((row) => row.dueDate);
    await materialiseDue(new Date("2027-06-14T12:00:00Z"));
    expect(await dueDates()).toEqual(["2027-06-07"]);
    await materialiseDue(new Date("2027-06-21T00:00:00Z"));
    expect(await dueDates()).toEqual(["2027-06-07", "2027-06-21"]);
    await expect(stopRecurrence(viewer.actor, { taskId: task.id })).rejects.toBeInstanceOf(ForbiddenError);
    // The card's repeat icon, read with the card, until the series stops.
    expect((await liveCard(task.id, false))?.card?.repeating).toBe(true);
    await stopRecurrence(owner.actor, { taskId: task.id });
    expect((await liveCard(task.id, false))?.card?.repeating).toBe(false);
    await materialiseDue(new Date("2027-12-31T00:00:00Z"));
    expect(await dueDates()).toHaveLength(2);
    await expect(skipOccurrence(owner.actor, { taskId: task.id })).rejects.toBeInstanceOf(FieldError);
    const verbs = await db()
      .select({ verb: activity.verb })
      .from(activity)
      .where(eq(activity.subjectId, task.id))
      .orderBy(asc(activity.sequence));
    expect(verbs.map((row) => row.verb)).toEqual(
      expect.arrayContaining(["task.recurrence_set", "task.occurrence_skipped", "task.recurrence_stopped"]),
    );
  });

  it("edit all future: the template becomes the task as it is now; edit this changes only the task", async () => {
    const owner = await buildUser();
    const project = await projectOf(owner);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Report", dueDate: "2027-07-01" });
    await setRecurrence(owner.actor, {
      taskId: task.id,
      rule: "FREQ=MONTHLY;BYMONTHDAY=1",
      mode: "schedule",
      timeZone: "UTC",
    });
    // Edit this one only: the next is made from the template as it was.
    await updateTask(owner.actor, { taskId: task.id, title: "Report (July only)" });
    await materialiseDue(new Date("2027-08-01T00:00:00Z"));
    const [, august] = await db()
      .select({ publicId: tasks.publicId, title: tasks.title })
      .from(tasks)
      .where(eq(tasks.projectId, project.row.id))
      .orderBy(asc(tasks.number));
    expect(august!.title).toBe("Report");
    // Edit all future from August's task: a new title, priority and checklist.
    await updateTask(owner.actor, { taskId: august!.publicId, title: "Monthly report", priority: "urgent" });
    await addChecklistItem(owner.actor, { taskId: august!.publicId, title: "Numbers" });
    const posted = await callAction(taskRoute.action, {
      user: owner,
      path: `/app/project/${project.id}/task/${august!.publicId}`,
      params: { projectId: project.id, taskId: august!.publicId },
      form: { intent: "update-series" },
    });
    expect(posted.status).toBe(302);
    await materialiseDue(new Date("2027-09-01T00:00:00Z"));
    const [september] = await occurrences(project.row.id, "Monthly report").then((rows) => rows.slice(1));
    expect(september!.dueDate).toBe("2027-09-01");
    const items = await db().select().from(checklistItems).where(eq(checklistItems.taskId, september!.id));
    expect(items.map((item) => item.title)).toEqual(["Numbers"]);
    const [row] = await db().select({ priority: tasks.priority }).from(tasks).where(eq(tasks.id, september!.id));
    expect(row!.priority).toBe("urgent");
    void updateSeries;
  });

  it("the page's forms: a preset without JavaScript, a custom rule by fetcher, skip and stop", async () => {
    const owner = await buildUser();
    const project = await projectOf(owner);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Backup", dueDate: "2027-01-31" });
    const params = { projectId: project.id, taskId: task.id };
    const post = (form: Record<string, string | string[]>) =>
      callAction(taskRoute.action, { user: owner, path: `/app/project/${project.id}/task/${task.id}`, params, form });
    // The loader offers the presets for the task's day: "Monthly on the 31st" among them.
    const loaded = await callLoader(taskRoute.loader, {
      user: owner,
      path: `/app/project/${project.id}/task/${task.id}`,
      params,
    });
    const { presets } = (loaded.data as Awaited<ReturnType<typeof taskRoute.loader>>).repeat;
    const monthly = presets.find((preset) => preset.label === "Monthly on the 31st")!;
    expect((await post({ intent: "set-recurrence", preset: monthly.value, timeZone: "Europe/Berlin" })).status).toBe(
      302,
    );
    expect((await seriesOf(task.id)).rule).toBe("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1");
    const custom = await post({
      intent: "set-recurrence",
      via: "fetcher",
      preset: "custom",
      frequency: "weekly",
      interval: "2",
      day: ["MO", "TH"],
      mode: "schedule",
      timeZone: "Europe/Berlin",
    });
    expect(custom.status).toBe(200);
    expect(custom.data).toMatchObject({ ok: true, sentence: "Repeats every 2 weeks on Mon, Thu" });
    const bad = await post({
      intent: "set-recurrence",
      via: "fetcher",
      preset: "custom",
      frequency: "weekly",
      interval: "0",
      mode: "schedule",
      timeZone: "UTC",
    });
    expect(bad.status).toBe(400);
    expect((await post({ intent: "skip-occurrence" })).status).toBe(302);
    expect((await post({ intent: "stop-recurrence" })).status).toBe(302);
    expect((await seriesOf(task.id)).stoppedAt).not.toBeNull();
  });

  it("the scheduler's batch writes what task.create composed writes", async () => {
    const owner = await buildUser();
    const mate = await buildUser();
    await addMember(owner.workspaceId, mate.id, "editor");
    const project = await projectOf(owner);
    const label = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "ops", color: "blue" });
    const made: string[] = [];
    for (const title of ["Batched", "Composed"]) {
      const task = await createTask(owner.actor, {
        projectId: project.id,
        title,
        description: "Check the backups",
        priority: "medium",
        startDate: "2027-09-04",
        dueDate: "2027-09-06",
      });
      await setTaskAssignees(owner.actor, { taskId: task.id, userIds: [owner.id, mate.id] });
      await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [label.id] });
      await addChecklistItem(owner.actor, { taskId: task.id, title: "Restore one file" });
      await setRecurrence(owner.actor, {
        taskId: task.id,
        rule: "FREQ=WEEKLY;BYDAY=MO",
        mode: "schedule",
        timeZone: "UTC",
      });
      made.push((await seriesOf(task.id)).publicId);
    }
    const [series] = await db().select().from(taskSeries).where(eq(taskSeries.publicId, made[0]!));
    const asOf = "2027-09-11T00:00:00.000Z"; // the start date of the occurrence on Monday the 13th
    await inUnitOfWork(ownerPrincipal(series!), (uow) =>
      within(uow, createOccurrencesCommand, { seriesIds: [made[0]!], asOf }),
    );
    await inUnitOfWork(ownerPrincipal(series!), (uow) =>
      within(uow, createOccurrenceCommand, { seriesId: made[1]!, asOf }),
    );
    const shapeOf = async (title: string) => {
      const [task] = (await occurrences(project.row.id, title)).slice(1);
      const [row] = await db().select().from(tasks).where(eq(tasks.id, task!.id));
      const people = await db()
        .select({ id: taskAssignees.userId })
        .from(taskAssignees)
        .where(eq(taskAssignees.taskId, row!.id));
      const tags = await db().select({ id: taskLabels.labelId }).from(taskLabels).where(eq(taskLabels.taskId, row!.id));
      const followers = await db()
        .select({ id: taskFollowers.userId })
        .from(taskFollowers)
        .where(eq(taskFollowers.taskId, row!.id));
      const items = await db()
        .select({ title: checklistItems.title, done: checklistItems.done })
        .from(checklistItems)
        .where(eq(checklistItems.taskId, row!.id));
      const [logged] = await db()
        .select({ data: activity.data, actorId: activity.actorId })
        .from(activity)
        .where(and(eq(activity.subjectId, row!.publicId), eq(activity.verb, "task.created")));
      const { key: _key, title: _title, ...data } = logged!.data as Record<string, unknown>;
      return {
        fields: [
          row!.description,
          row!.priority,
          row!.statusId,
          row!.startDate,
          row!.dueDate,
          row!.occurrenceOn,
          row!.createdBy,
          row!.completedAt,
        ],
        people: people.map((one) => one.id).sort(),
        tags: tags.map((one) => one.id),
        followers: followers.map((one) => one.id).sort(),
        items,
        actorId: logged!.actorId,
        data,
      };
    };
    const batched = await shapeOf("Batched");
    expect(batched.fields.slice(3, 6)).toEqual(["2027-09-11", "2027-09-13", "2027-09-13"]);
    expect(await shapeOf("Composed")).toEqual(batched);
  });

  it("the scheduler's job: started once at boot, it makes what is due and books itself for the next hour", async () => {
    const owner = await buildUser();
    const project = await projectOf(owner);
    const task = await createTask(owner.actor, { projectId: project.id, title: "Hourly chain", dueDate: "2031-03-03" });
    await setRecurrence(owner.actor, {
      taskId: task.id,
      rule: "FREQ=DAILY",
      mode: "schedule",
      timeZone: "Asia/Kolkata",
    });
    // Its next day starts at 18:30 UTC the day before, in Kolkata.
    const series = await seriesOf(task.id);
    expect(series.nextAt!.toISOString()).toBe("2031-03-03T18:30:00.000Z");
    const now = new Date("2031-03-03T18:45:00.000Z");
    await bootstrapRecurrence(now);
    await bootstrapRecurrence(now); // a second process starting: still one chain
    await runDueJobs({ now });
    expect((await occurrences(project.row.id, "Hourly chain")).map((row) => row.dueDate)).toEqual([
      "2031-03-03",
      "2031-03-04",
    ]);
    const waiting = await db()
      .select({ runAt: jobs.runAt })
      .from(jobs)
      .where(and(eq(jobs.kind, MATERIALISE_JOB), isNull(jobs.doneAt)));
    expect(waiting.map((job) => job.runAt.toISOString())).toEqual(["2031-03-03T19:00:00.000Z"]);
  });

  it("an owner who left the workspace: the series stops, saying why", async () => {
    const owner = await buildUser();
    const editor = await buildUser();
    await addMember(owner.workspaceId, editor.id, "editor");
    const project = await projectOf(owner);
    const task = await createTask(editor.actor, { projectId: project.id, title: "Invoice", dueDate: "2027-03-01" });
    await setRecurrence(editor.actor, {
      taskId: task.id,
      rule: "FREQ=MONTHLY;BYMONTHDAY=1",
      mode: "schedule",
      timeZone: "UTC",
    });
    await removeMember(owner.actor, { workspaceId: owner.workspaceId, userId: editor.id });
    expect((await materialiseDue(new Date("2027-04-01T00:00:00Z"))).made).toBe(0);
    expect((await seriesOf(task.id)).stoppedAt).not.toBeNull();
    const [stopped] = await db()
      .select({ data: activity.data })
      .from(activity)
      .where(and(eq(activity.subjectId, task.id), eq(activity.verb, "task.recurrence_stopped")));
    expect(stopped!.data).toMatchObject({ reason: "no_access" });
    void labels;
    void zonedParts;
  });
});
