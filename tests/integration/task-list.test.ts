import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, labels, projects, statuses, taskAssignees, taskLabels, tasks } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { newPublicId } from "~/.server/ids";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { bulkEditTasks, BULK_MAX } from "~/.server/tasks/bulk";
import { listGroups, listOptions, LIST_PAGE, type ListFilters, type ListQuery } from "~/.server/tasks/list";
import { listPage } from "~/.server/tasks/list-params";
import { createTask, moveTask } from "~/.server/tasks/tasks";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

/**
 * The List view's reads and bulk edits on PGlite and PostgreSQL: every filter in SQL alone
 * and combined, the groupings and their counts, bad parameters ignored with a message,
 * nothing of another workspace; bulk edits with the single edit's policy, one activity row
 * per changed task, moves appended with unique positions.
 */
const TODAY = "2026-06-15";

describe.each(engines)("the task list on %s", (engine) => {
  useTestDatabase(engine);

  /**
   * A: high, overdue, Ann, label "bug"; B: low, due today, nobody; C: high, no date, the
   * owner; D: done, due this week, nobody; a subtask of A (never listed). Another
   * workspace has a task that matches every filter.
   */
  async function setup() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const ann = await buildUser({ fullName: "Ann Editor" });
    await addMember(owner.workspaceId, ann.id, "editor");
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const [project] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, project!.id))
      .orderBy(asc(statuses.position));
    const done = columns.find((column) => column.category === "done")!;
    const add = (title: string, fields: Partial<Parameters<typeof createTask>[1]> = {}) =>
      createTask(owner.actor, { projectId: created.id, title, ...fields });
    const a = await add("Write the launch brief", { priority: "high", dueDate: "2026-01-10", assigneeIds: [ann.id] });
    const b = await add("Design the logo", { priority: "low", dueDate: TODAY });
    const c = await add("Fix the login bug", { priority: "high", assigneeIds: [owner.id] });
    const d = await add("Launch party", { dueDate: "2026-06-18" });
    await moveTask(owner.actor, { taskId: d.id, statusId: done.publicId, placement: { at: "end" } });
    await add("launch subtask", { parentId: a.id, priority: "high" });
    const [bug] = await db()
      .insert(labels)
      .values({ publicId: newPublicId(), workspaceId: project!.workspaceId, name: "bug", color: "rose" })
      .returning();
    const [taskA] = await db().select().from(tasks).where(eq(tasks.publicId, a.id));
    await db().insert(taskLabels).values({ taskId: taskA!.id, labelId: bug!.id });

    const outsider = await buildUser({ fullName: "Oscar Outsider" });
    const theirs = await createProject(outsider.actor, { workspaceId: outsider.workspaceId, name: "Website" });
    const foreign = await createTask(outsider.actor, {
      projectId: theirs.id,
      title: "Write the launch brief too",
      priority: "high",
      dueDate: "2026-01-10",
      assigneeIds: [outsider.id],
    });
    return {
      owner,
      ann,
      outsider,
      project: project!,
      projectId: created.id,
      columns,
      done,
      bug: bug!,
      a,
      b,
      c,
      d,
      foreign,
    };
  }

  const query = (filters: ListFilters, group: ListQuery["group"] = "status"): ListQuery => ({
    filters,
    group,
    sort: { by: "title", dir: "asc" },
  });

  async function titles(project: { id: string; key: string; workspaceId: string }, filters: ListFilters) {
    const groups = await listGroups(project, query(filters), TODAY, await listOptions(project));
    const total = groups.reduce((sum, group) => sum + group.total, 0);
    const found = groups.flatMap((group) => group.cards.map((card) => card.title)).sort();
    expect(total).toBe(found.length);
    return found;
  }

  it("filters in SQL by assignee, label, priority, due range, overdue and text, alone and combined", async () => {
    const { project, ann, bug, outsider } = await setup();
    expect(await titles(project, {})).toEqual([
      "Design the logo",
      "Fix the login bug",
      "Launch party",
      "Write the launch brief",
    ]);
    expect(await titles(project, { assignee: ann.id })).toEqual(["Write the launch brief"]);
    expect(await titles(project, { assignee: "none" })).toEqual(["Design the logo", "Launch party"]);
    expect(await titles(project, { labelId: bug.id })).toEqual(["Write the launch brief"]);
    expect(await titles(project, { priority: "high" })).toEqual(["Fix the login bug", "Write the launch brief"]);
    expect(await titles(project, { dueFrom: "2026-06-01" })).toEqual(["Design the logo", "Launch party"]);
    expect(await titles(project, { dueTo: TODAY })).toEqual(["Design the logo", "Write the launch brief"]);
    expect(await titles(project, { dueFrom: TODAY, dueTo: TODAY })).toEqual(["Design the logo"]);
    expect(await titles(project, { overdue: true })).toEqual(["Write the launch brief"]);
    expect(await titles(project, { text: "LAUNCH" })).toEqual(["Launch party", "Write the launch brief"]);
    expect(await titles(project, { text: `${project.key.toLowerCase()}-2` })).toEqual(["Design the logo"]);
    // LIKE's wildcards are literal.
    expect(await titles(project, { text: "%" })).toEqual([]);
    expect(await titles(project, { text: "_" })).toEqual([]);
    expect(await titles(project, { priority: "high", text: "launch" })).toEqual(["Write the launch brief"]);
    expect(await titles(project, { assignee: ann.id, overdue: true, labelId: bug.id })).toEqual([
      "Write the launch brief",
    ]);
    expect(await titles(project, { assignee: "none", priority: "high" })).toEqual([]);
    // Another workspace's member matches nothing here, even asked for directly.
    expect(await titles(project, { assignee: outsider.id })).toEqual([]);

    // Through the page's URL: the form offers the workspace's labels, members and statuses in order.
    const page = await listPage(project, new URL(`http://x/?label=${bug.publicId}&assignee=${ann.id}`), TODAY);
    expect(page.problems).toEqual([]);
    expect(page.params).toMatchObject({ label: bug.publicId, assignee: ann.id });
    // With its colour, for the editors in place.
    expect(page.options.labels).toEqual([{ id: bug.publicId, name: "bug", color: bug.color }]);
    expect(page.options.members.map((member) => member.name)).toEqual(["Olive Owner", "Ann Editor"]);
    expect(page.options.statuses.map((status) => status.name)).toEqual(["To Do", "In Progress", "Review", "Done"]);
    expect(page.groups.flatMap((group) => group.cards.map((card) => card.title))).toEqual(["Write the launch brief"]);
  }, 60_000);

  it("groups by status, assignee, priority and due date, each with its filtered count", async () => {
    const { project, a, b, c, d } = await setup();
    const shape = async (group: ListQuery["group"], filters: ListFilters = {}) =>
      (await listGroups(project, query(filters, group), TODAY, await listOptions(project))).map((entry) => [
        entry.name,
        entry.total,
        entry.cards.map((card) => card.id),
      ]);
    expect(await shape("status")).toEqual([
      ["To Do", 3, [b.id, c.id, a.id]],
      ["In Progress", 0, []],
      ["Review", 0, []],
      ["Done", 1, [d.id]],
    ]);
    expect(await shape("assignee")).toEqual([
      ["Ann Editor", 1, [a.id]],
      ["Olive Owner", 1, [c.id]],
      ["Unassigned", 2, [b.id, d.id]],
    ]);
    expect(await shape("priority")).toEqual([
      ["High", 2, [c.id, a.id]],
      ["Low", 1, [b.id]],
      ["No priority", 1, [d.id]],
    ]);
    expect(await shape("due")).toEqual([
      ["Overdue", 1, [a.id]],
      ["Today", 1, [b.id]],
      ["This week", 1, [d.id]],
      ["No date", 1, [c.id]],
    ]);
    expect(await shape("status", { priority: "high" })).toEqual([
      ["To Do", 2, [c.id, a.id]],
      ["In Progress", 0, []],
      ["Review", 0, []],
      ["Done", 0, []],
    ]);
  }, 60_000);

  it("shows the first page per group, more on request, and one group's next page for the window", async () => {
    const owner = await buildUser();
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Big" });
    const [project] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    for (let i = 0; i <= LIST_PAGE; i++) await createTask(owner.actor, { projectId: created.id, title: `t${i}` });
    const [todo] = await listGroups(project!, query({}), TODAY, await listOptions(project!));
    expect([todo!.total, todo!.cards.length]).toEqual([LIST_PAGE + 1, LIST_PAGE]);
    const url = new URL(`http://x/?view=list&more=${todo!.id}&limit=${LIST_PAGE * 2}`);
    const more = await listPage(project!, url, TODAY);
    expect(more.groups[0]!.cards).toHaveLength(LIST_PAGE + 1);
    // The windowed list's next page: that group only, the rows after the offset.
    const next = await listPage(project!, new URL(`http://x/?view=list&rows=${todo!.id}&offset=${LIST_PAGE}`), TODAY);
    expect(next.groups.map((group) => [group.id, group.cards.length])).toEqual([[todo!.id, 1]]);
    // A group that is not one of the grouping's (no priority is called that) shows nothing more.
    const priorities = await listPage(project!, new URL(`http://x/?group=priority&more=nonsense&limit=200`), TODAY);
    expect(priorities.groups.map((group) => [group.id, group.cards.length])).toEqual([["none", LIST_PAGE]]);
    const nowhere = await listPage(project!, new URL(`http://x/?group=priority&rows=nonsense&offset=100`), TODAY);
    expect(nowhere.groups).toEqual([]);
  }, 120_000);

  it("ignores bad parameters with a message instead of failing, and offers only this workspace's people", async () => {
    const { project, outsider, ann } = await setup();
    const url = new URL("http://x/");
    for (const [name, value] of Object.entries({
      assignee: outsider.id,
      label: "NoSuchLabel1",
      priority: "extreme",
      from: "2026-02-30",
      to: "soon",
      q: "x".repeat(201),
      group: "colour",
      sort: "nonsense",
      more: "x".repeat(100),
      limit: "1e309",
    })) {
      url.searchParams.set(name, value);
    }
    const page = await listPage(project, url, TODAY);
    expect(page.problems).toHaveLength(7);
    expect(page.params).toMatchObject({
      assignee: "",
      label: "",
      priority: "",
      from: "",
      to: "",
      q: "",
      group: "status",
    });
    expect(page.groups.reduce((sum, group) => sum + group.total, 0)).toBe(4);
    expect(page.options.members.map((member) => member.id).sort()).toEqual(
      [ann.id, page.options.members.find((member) => member.name === "Olive Owner")!.id].sort(),
    );
    expect(JSON.stringify(page)).not.toContain("too");
  }, 60_000);

  async function column(statusId: string) {
    return db()
      .select({ id: tasks.publicId, position: tasks.position })
      .from(tasks)
      .where(and(eq(tasks.statusId, statusId), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.position));
  }

  async function activityOf(taskId: string, verb?: string) {
    const rows = await db()
      .select({ verb: activity.verb, data: activity.data })
      .from(activity)
      .where(eq(activity.subjectId, taskId));
    return rows.filter((row) => !verb || row.verb === verb);
  }

  it("bulk: moves to the end of the target column in order with unique keys, sets fields, logs each task", async () => {
    const { owner, projectId, columns, done, a, b, c, d, foreign } = await setup();
    const result = await bulkEditTasks(owner.actor, {
      projectId,
      taskIds: [c.id, a.id, b.id, foreign.id, "NoSuchTask1"],
      statusId: done.publicId,
      priority: "urgent",
    });
    expect(result).toEqual({ changed: 3, ignored: 2 });
    const rows = await column(done.id);
    // D was there first; A, B, C keep the order they had in To Do.
    expect(rows.map((row) => row.id)).toEqual([d.id, a.id, b.id, c.id]);
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
    const [moved] = await db().select().from(tasks).where(eq(tasks.publicId, a.id));
    expect(moved).toMatchObject({ priority: "urgent" });
    expect(moved!.completedAt).toBeInstanceOf(Date);
    expect(await activityOf(a.id, "task.updated")).toEqual([
      {
        verb: "task.updated",
        data: expect.objectContaining({
          changes: {
            status: { from: "To Do", to: "Done", fromId: columns[0]!.publicId, toId: done.publicId },
            priority: { from: "high", to: "urgent" },
          },
        }),
      },
    ]);
    // Another workspace's task is left alone.
    const [theirs] = await db().select().from(tasks).where(eq(tasks.publicId, foreign.id));
    expect(theirs).toMatchObject({ priority: "high", completedAt: null });
    expect(await activityOf(foreign.id, "task.updated")).toEqual([]);

    // Moving back, alone: logged as a move; a second move into a column keeps keys unique.
    await bulkEditTasks(owner.actor, { projectId, taskIds: [a.id], statusId: columns[0]!.publicId });
    expect((await activityOf(a.id, "task.moved")).at(-1)?.data).toMatchObject({
      changes: { status: { from: "Done", to: "To Do" } },
    });
    const [reopened] = await db().select().from(tasks).where(eq(tasks.publicId, a.id));
    expect(reopened!.completedAt).toBeNull();
  }, 60_000);

  it("bulk: adds an assignee and a label only where missing, and logs before and after", async () => {
    const { owner, ann, projectId, bug, a, c } = await setup();
    const result = await bulkEditTasks(owner.actor, {
      projectId,
      taskIds: [a.id, c.id],
      assigneeId: ann.id,
      labelId: bug.publicId,
    });
    expect(result).toEqual({ changed: 1, ignored: 0 });
    expect((await activityOf(c.id, "task.updated"))[0]?.data).toMatchObject({
      changes: { assignees: { from: "Olive Owner", to: "Olive Owner, Ann Editor" }, labels: { from: "", to: "bug" } },
    });
    expect(await activityOf(a.id, "task.updated")).toEqual([]);
    const [taskC] = await db().select().from(tasks).where(eq(tasks.publicId, c.id));
    expect(await db().select().from(taskAssignees).where(eq(taskAssignees.taskId, taskC!.id))).toHaveLength(2);
    // Nothing left to change: nothing written.
    expect(await bulkEditTasks(owner.actor, { projectId, taskIds: [a.id, c.id], assigneeId: ann.id })).toEqual({
      changed: 0,
      ignored: 0,
    });
    await expect(
      bulkEditTasks(owner.actor, { projectId, taskIds: [a.id], assigneeId: "00000000-0000-4000-8000-000000000000" }),
    ).rejects.toThrow(FieldError);
  }, 60_000);

  it("bulk: deletes the tasks with their subtasks, one activity row each", async () => {
    const { owner, project, projectId, a, b } = await setup();
    expect(await bulkEditTasks(owner.actor, { projectId, taskIds: [a.id, b.id], delete: true })).toEqual({
      changed: 2,
      ignored: 0,
    });
    const left = await db()
      .select({ title: tasks.title })
      .from(tasks)
      .where(and(eq(tasks.projectId, project.id), isNull(tasks.deletedAt)));
    expect(left.map((row) => row.title).sort()).toEqual(["Fix the login bug", "Launch party"]);
    expect(await activityOf(a.id, "task.deleted")).toHaveLength(1);
  }, 60_000);

  it("bulk: the single edit's policy for each task; any refusal refuses the whole batch", async () => {
    const { owner, outsider, projectId, done, a, b } = await setup();
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const edit = { projectId, taskIds: [a.id, b.id], priority: "urgent" as const };
    await expect(bulkEditTasks(viewer.actor, edit)).rejects.toThrow(ForbiddenError);
    await expect(bulkEditTasks(viewer.actor, { ...edit, delete: true })).rejects.toThrow(ForbiddenError);
    await expect(bulkEditTasks(outsider.actor, edit)).rejects.toThrow(NotFoundError);
    // An archived task among them: nothing changes, not even the other one.
    await db().update(tasks).set({ archivedAt: new Date() }).where(eq(tasks.publicId, b.id));
    await expect(bulkEditTasks(owner.actor, { ...edit, statusId: done.publicId })).rejects.toThrow(/archived/);
    const [first] = await db().select().from(tasks).where(eq(tasks.publicId, a.id));
    expect(first).toMatchObject({ priority: "high" });
    await db().update(tasks).set({ archivedAt: null }).where(eq(tasks.publicId, b.id));
    await setProjectArchived(owner.actor, { projectId, archived: true });
    await expect(bulkEditTasks(owner.actor, edit)).rejects.toThrow(/archived/);
    await setProjectArchived(owner.actor, { projectId, archived: false });
    // Bounded and meaningful input only.
    const many = Array.from({ length: BULK_MAX + 1 }, (_, i) => `Task${String(i).padStart(6, "0")}`);
    await expect(bulkEditTasks(owner.actor, { ...edit, taskIds: many })).rejects.toThrow(FieldError);
    await expect(bulkEditTasks(owner.actor, { projectId, taskIds: [a.id] })).rejects.toThrow(FieldError);
    await expect(bulkEditTasks(owner.actor, { ...edit, statusId: "NoSuchStatus" })).rejects.toThrow(FieldError);
    expect(await activityOf(a.id, "task.updated")).toEqual([]);
  }, 60_000);
});
