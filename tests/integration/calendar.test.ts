import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { projects, statuses, tasks } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import {
  PER_DAY,
  projectCalendar,
  tasksDueBetween,
  tasksDueOn,
  UNDATED_MAX,
  undatedTasks,
} from "~/.server/tasks/calendar";
import { createTask, deleteTask, moveTask, updateTask } from "~/.server/tasks/tasks";
import * as projectRoute from "~/routes/app/project";
import { countQueries } from "~/.server/db/query-count";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/** The Calendar view's reads: the grid's range, bounded per day and overall, only this project's live tasks. */
describe.each(engines)("calendar queries on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Launch" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    const add = (title: string, dueDate: string | null = null) =>
      createTask(owner.actor, { projectId: project.id, title, dueDate });
    return { owner, project, row: row!, add };
  }

  it("reads the tasks due in the range, its first and last days included, and no other project's", async () => {
    const { owner, row, add } = await setup();
    await add("Before the grid", "2026-10-31");
    await add("First cell", "2026-11-01");
    await add("Last cell", "2026-12-05");
    await add("After the grid", "2026-12-06");
    await add("No date");
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Other" });
    await createTask(owner.actor, { projectId: other.id, title: "Elsewhere", dueDate: "2026-11-10" });

    const days = await tasksDueBetween(row, "2026-11-01", "2026-12-05");
    expect([...days.keys()]).toEqual(["2026-11-01", "2026-12-05"]);
    expect(days.get("2026-11-01")).toEqual({
      total: 1,
      tasks: [
        {
          id: expect.any(String),
          key: `${row.key}-2`,
          title: "First cell",
          dueDate: "2026-11-01",
          startDate: null,
          done: false,
          status: { name: "To Do", color: expect.any(String) },
        },
      ],
    });
  });

  it("leaves out deleted, archived tasks and subtasks, and lists done ones after open ones", async () => {
    const { owner, project, row, add } = await setup();
    const done = await add("Shipped", "2026-11-05");
    const open = await add("Open", "2026-11-05");
    const gone = await add("Deleted", "2026-11-05");
    const archived = await add("Archived", "2026-11-05");
    await createTask(owner.actor, { projectId: project.id, title: "Sub", parentId: open.id, dueDate: "2026-11-05" });
    await deleteTask(owner.actor, { taskId: gone.id });
    await db().update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.publicId, archived.id));
    const [doneStatus] = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, row.id))
      .orderBy(statuses.position)
      .offset(3);
    await moveTask(owner.actor, { taskId: done.id, statusId: doneStatus!.publicId, placement: { at: "end" } });

    const day = (await tasksDueBetween(row, "2026-11-01", "2026-11-30")).get("2026-11-05")!;
    expect(day.total).toBe(2);
    expect(day.tasks.map((task) => [task.title, task.done])).toEqual([
      ["Open", false],
      ["Shipped", true],
    ]);
    expect((await tasksDueOn(row, "2026-11-05")).tasks.map((task) => task.title)).toEqual(["Open", "Shipped"]);
  });

  it("bounds each day to PER_DAY with the day's total; the day view and the undated list are bounded too", async () => {
    const { row, add } = await setup();
    for (let i = 1; i <= PER_DAY + 3; i++) await add(`Busy ${i}`, "2026-11-05");
    for (let i = 1; i <= 3; i++) await add(`Undated ${i}`);
    await add("Quiet", "2026-11-06");

    const days = await tasksDueBetween(row, "2026-11-01", "2026-12-05");
    expect(days.get("2026-11-05")!.total).toBe(PER_DAY + 3);
    expect(days.get("2026-11-05")!.tasks.map((task) => task.title)).toEqual(
      Array.from({ length: PER_DAY }, (_, i) => `Busy ${i + 1}`),
    );
    expect(days.get("2026-11-06")!.tasks).toHaveLength(1);

    const day = await tasksDueOn(row, "2026-11-05");
    expect(day.total).toBe(PER_DAY + 3);
    expect(day.tasks).toHaveLength(PER_DAY + 3);

    expect(await undatedTasks(row, 2)).toMatchObject({
      total: 3,
      tasks: [{ title: "Undated 1" }, { title: "Undated 2" }],
    });
    expect((await undatedTasks(row, UNDATED_MAX * 10)).tasks).toHaveLength(3);
  });

  it("reads a whole month view in three queries", async () => {
    const { row, add } = await setup();
    await add("Due", "2026-11-05");
    await add("Undated");
    const { result, queries } = await countQueries(async (read) => ({
      result: await projectCalendar(row, { month: { year: 2026, month: 11 }, day: "2026-11-05", undatedLimit: 20 }),
      queries: read(),
    }));
    expect(queries).toBe(3);
    expect(result.days).toHaveLength(35);
    expect(result.days.find((cell) => cell.date === "2026-11-05")!.tasks[0]!.title).toBe("Due");
    expect(result).toMatchObject({
      month: "2026-11",
      title: "November 2026",
      previous: "2026-10",
      next: "2026-12",
      day: { date: "2026-11-05", title: "November 5, 2026", total: 1 },
      undated: { total: 1 },
    });
  });

  it("reschedules through the project page's action: a form comes back with a toast, a fetcher gets data, a refusal says why", async () => {
    const { owner, project, row, add } = await setup();
    const user = { id: owner.id, email: owner.email };
    const task = await add("Venue");
    const post = (form: Record<string, string>) =>
      callAction(projectRoute.action, {
        user,
        path: `/app/project/${project.id}?view=calendar`,
        params: { projectId: project.id },
        form: { intent: "reschedule-task", taskId: task.id, ...form },
      });
    const back = `/app/project/${project.id}?view=calendar&month=2027-02`;
    expect(await post({ dueDate: "2027-02-10", redirectTo: back })).toMatchObject({ status: 302, location: back });
    expect(await post({ dueDate: "2027-02-11" })).toMatchObject({
      status: 200,
      data: { rescheduled: { taskId: task.id, dueDate: "2027-02-11" } },
    });
    expect((await tasksDueOn(row, "2027-02-11")).tasks.map((entry) => entry.title)).toEqual(["Venue"]);

    await updateTask(owner.actor, { taskId: task.id, startDate: "2027-02-05" });
    const refused = await post({ dueDate: "2027-02-01" });
    expect(refused).toMatchObject({
      status: 400,
      data: {
        reschedule: { taskId: task.id, dueDate: "2027-02-01", error: "The due date cannot be before the start date." },
      },
    });
    expect(await post({ dueDate: "2027-02-31" })).toMatchObject({
      status: 400,
      data: { reschedule: { error: "Use a real date" } },
    });
    expect((await tasksDueOn(row, "2027-02-11")).total).toBe(1);
    // An empty date clears it.
    expect(await post({ dueDate: "" })).toMatchObject({ status: 200 });
    expect((await undatedTasks(row, 20)).tasks.map((entry) => entry.title)).toEqual(["Venue"]);

    // The loader: an invalid month falls back to today's; a day opens the day view.
    const view = await callLoader(projectRoute.loader, {
      user,
      path: `/app/project/${project.id}?view=calendar&month=2027-13&day=2027-02-30`,
      params: { projectId: project.id },
    });
    const today = new Date().toISOString().slice(0, 7);
    expect(view.data).toMatchObject({ calendar: { month: today, day: null } });
  });
});
