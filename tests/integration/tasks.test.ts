import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, projects, statuses, tasks } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { MAX_KEY_LENGTH } from "~/.server/tasks/positions";
import { isSoundKey, repairPositions } from "~/.server/tasks/repair-positions";
import { boardColumns, COLUMN_PAGE } from "~/.server/tasks/queries";
import { createTask, deleteTask, moveTask, setTaskAssignees, updateTask } from "~/.server/tasks/tasks";
import { DEFAULT_STATUSES } from "~/.server/tasks/statuses";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

/** The task use cases on PGlite and PostgreSQL: numbers, positions, policies, activity. */
describe.each(engines)("tasks on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    return { owner, project, statuses: await statusesOf(project.id) };
  }

  async function statusesOf(projectPublicId: string) {
    const rows = await db()
      .select({ status: statuses })
      .from(statuses)
      .innerJoin(projects, eq(projects.id, statuses.projectId))
      .where(eq(projects.publicId, projectPublicId))
      .orderBy(asc(statuses.position));
    return rows.map((row) => row.status);
  }

  async function column(statusId: string) {
    return db()
      .select({ title: tasks.title, position: tasks.position })
      .from(tasks)
      .where(and(eq(tasks.statusId, statusId), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.position));
  }

  it("a new project has the four default statuses, in order, with their categories", async () => {
    const { statuses: columns } = await setup();
    expect(columns.map(({ name, category }) => ({ name, category }))).toEqual(
      DEFAULT_STATUSES.map(({ name, category }) => ({ name, category })),
    );
  });

  it("numbers tasks per project and files them at the end of the first not-started status", async () => {
    const { owner, project, statuses: columns } = await setup();
    const first = await createTask(owner.actor, { projectId: project.id, title: "  Draft the brief " });
    const second = await createTask(owner.actor, { projectId: project.id, title: "Pick a palette" });
    expect(first.key).toBe(`${project.key}-1`);
    expect(second.key).toBe(`${project.key}-2`);
    expect((await column(columns[0]!.id)).map((row) => row.title)).toEqual(["Draft the brief", "Pick a palette"]);

    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Mobile" });
    expect((await createTask(owner.actor, { projectId: other.id, title: "Start" })).key).toBe(`${other.key}-1`);
  });

  it("moves a task between and within columns, before or after another, and records the status change", async () => {
    const { owner, project, statuses: columns } = await setup();
    const [todo, doing] = [columns[0]!, columns[1]!];
    const a = await createTask(owner.actor, { projectId: project.id, title: "A" });
    const b = await createTask(owner.actor, { projectId: project.id, title: "B" });
    const c = await createTask(owner.actor, { projectId: project.id, title: "C" });

    await moveTask(owner.actor, { taskId: c.id, statusId: todo.publicId, placement: { before: a.id } });
    expect((await column(todo.id)).map((row) => row.title)).toEqual(["C", "A", "B"]);

    await moveTask(owner.actor, { taskId: a.id, statusId: doing.publicId, placement: { at: "end" } });
    await moveTask(owner.actor, { taskId: b.id, statusId: doing.publicId, placement: { before: a.id } });
    expect((await column(todo.id)).map((row) => row.title)).toEqual(["C"]);
    expect((await column(doing.id)).map((row) => row.title)).toEqual(["B", "A"]);

    const moves = await db()
      .select({ verb: activity.verb, data: activity.data })
      .from(activity)
      .where(and(eq(activity.subjectId, a.id), eq(activity.verb, "task.moved")));
    expect(moves).toEqual([
      {
        verb: "task.moved",
        data: expect.objectContaining({
          changes: { status: expect.objectContaining({ from: "To Do", to: "In Progress", toId: doing.publicId }) },
        }),
      },
    ]);
  });

  it("concurrent moves into the same gap all land, each with its own key", async () => {
    const { owner, project, statuses: columns } = await setup();
    const [todo, doing] = [columns[0]!, columns[1]!];
    const anchor = await createTask(owner.actor, { projectId: project.id, title: "anchor", statusId: doing.publicId });
    const movers = [];
    for (let i = 0; i < 6; i++) movers.push(await createTask(owner.actor, { projectId: project.id, title: `m${i}` }));
    await Promise.all(
      movers.map((task) =>
        moveTask(owner.actor, { taskId: task.id, statusId: doing.publicId, placement: { before: anchor.id } }),
      ),
    );
    const rows = await column(doing.id);
    expect(rows).toHaveLength(7);
    expect(rows.at(-1)?.title).toBe("anchor");
    expect(new Set(rows.map((row) => row.position)).size).toBe(7);
    expect(await column(todo.id)).toEqual([]);
  });

  it("sets completed at on entering a done status and clears it on leaving", async () => {
    const { owner, project, statuses: columns } = await setup();
    const done = columns.find((status) => status.category === "done")!;
    const task = await createTask(owner.actor, { projectId: project.id, title: "Ship" });
    await moveTask(owner.actor, { taskId: task.id, statusId: done.publicId, placement: { at: "end" } });
    const [finished] = await db().select().from(tasks).where(eq(tasks.publicId, task.id));
    expect(finished?.completedAt).toBeInstanceOf(Date);
    await moveTask(owner.actor, { taskId: task.id, statusId: columns[0]!.publicId, placement: { at: "start" } });
    const [reopened] = await db().select().from(tasks).where(eq(tasks.publicId, task.id));
    expect(reopened?.completedAt).toBeNull();
  });

  it("keeps keys short: 300 inserts into the same gap re-space the column, in the same order", async () => {
    const { owner, project, statuses: columns } = await setup();
    const top = await createTask(owner.actor, { projectId: project.id, title: "top" });
    await createTask(owner.actor, { projectId: project.id, title: "bottom" });
    let previous = top.id;
    for (let i = 0; i < 300; i++) {
      const next = await createTask(owner.actor, {
        projectId: project.id,
        title: `t${String(i).padStart(3, "0")}`,
        placement: { after: previous },
      });
      previous = next.id;
    }
    const rows = await column(columns[0]!.id);
    expect(rows.map((row) => row.title)).toEqual([
      "top",
      ...Array.from({ length: 300 }, (_, i) => `t${String(i).padStart(3, "0")}`),
      "bottom",
    ]);
    expect(Math.max(...rows.map((row) => row.position.length))).toBeLessThanOrEqual(MAX_KEY_LENGTH);
    expect(new Set(rows.map((row) => row.position)).size).toBe(rows.length);
  }, 60_000);

  it("the board shows each column's count and first page of top-level cards, more on request", async () => {
    const { owner, project, statuses: columns } = await setup();
    const [projectRow] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    const first = await createTask(owner.actor, { projectId: project.id, title: "card 0", dueDate: "2026-03-01" });
    await createTask(owner.actor, { projectId: project.id, title: "a subtask", parentId: first.id });
    for (let i = 1; i <= COLUMN_PAGE; i++) await createTask(owner.actor, { projectId: project.id, title: `card ${i}` });
    const board = await boardColumns(projectRow!);
    expect(board.map((column) => column.name)).toEqual(["To Do", "In Progress", "Review", "Done"]);
    const [todo] = board;
    expect(todo!.total).toBe(COLUMN_PAGE + 1);
    expect(todo!.cards).toHaveLength(COLUMN_PAGE);
    expect(todo!.cards[0]).toMatchObject({ title: "card 0", dueDate: "2026-03-01", subtasks: { done: 0, total: 1 } });
    const more = await boardColumns(projectRow!, { column: columns[0]!.publicId, limit: COLUMN_PAGE + 50 });
    expect(more[0]!.cards).toHaveLength(COLUMN_PAGE + 1);
    // Another column raised shows this one's first page; a column not of this project raises none.
    const other = await boardColumns(projectRow!, { column: columns[1]!.publicId, limit: COLUMN_PAGE + 50 });
    expect(other[0]!.cards).toHaveLength(COLUMN_PAGE);
    const unknown = await boardColumns(projectRow!, { column: "NotAColumn", limit: COLUMN_PAGE + 50 });
    expect(unknown[0]!.cards).toHaveLength(COLUMN_PAGE);
  }, 60_000);

  it("db:repair-positions re-spaces only the columns with unreadable or overlong keys, keeping their order", async () => {
    const { owner, project, statuses: columns } = await setup();
    for (const title of ["one", "two", "three"]) await createTask(owner.actor, { projectId: project.id, title });
    await createTask(owner.actor, { projectId: project.id, title: "fine", statusId: columns[1]!.publicId });
    // As an import or a hand edit could leave them: a key the package cannot read, and one
    // far too long (each its own key lengthened, so the order stays).
    await db()
      .update(tasks)
      .set({ position: sql`${tasks.position} || '!'` })
      .where(eq(tasks.title, "two"));
    await db()
      .update(tasks)
      .set({ position: sql`${tasks.position} || ${"V".repeat(60)}` })
      .where(eq(tasks.title, "three"));
    const repaired = await repairPositions();
    expect(repaired.filter((column) => column.statusId === columns[0]!.id)).toEqual([
      { statusId: columns[0]!.id, name: "To Do", tasks: 3 },
    ]);
    expect(repaired.some((column) => column.statusId === columns[1]!.id)).toBe(false);
    const rows = await column(columns[0]!.id);
    expect(rows.map((row) => row.title)).toEqual(["one", "two", "three"]);
    expect(rows.every((row) => isSoundKey(row.position))).toBe(true);
    expect(await repairPositions()).toEqual([]);
  });

  it("validates input: dates in order, statuses of this project, assignees from the workspace", async () => {
    const { owner, project } = await setup();
    await expect(
      createTask(owner.actor, { projectId: project.id, title: "x", startDate: "2026-05-10", dueDate: "2026-05-01" }),
    ).rejects.toThrow(FieldError);
    const elsewhere = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Elsewhere" });
    const [foreign] = await statusesOf(elsewhere.id);
    await expect(
      createTask(owner.actor, { projectId: project.id, title: "x", statusId: foreign!.publicId }),
    ).rejects.toThrow(FieldError);
    const stranger = await buildUser();
    await expect(
      createTask(owner.actor, { projectId: project.id, title: "x", assigneeIds: [stranger.id] }),
    ).rejects.toThrow(FieldError);
  });

  it("assigns and unassigns members, refuses anyone outside the workspace, and logs who changed", async () => {
    const { owner, project } = await setup();
    const editor = await buildUser({ fullName: "Edith Editor" });
    await addMember(owner.workspaceId, editor.id, "editor");
    const task = await createTask(owner.actor, { projectId: project.id, title: "Shared" });
    await setTaskAssignees(owner.actor, { taskId: task.id, userIds: [owner.id, editor.id] });
    await setTaskAssignees(editor.actor, { taskId: task.id, userIds: [editor.id] });
    const [projectRow] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    const [card] = (await boardColumns(projectRow!))[0]!.cards;
    expect(card!.assignees.map((person) => person.name)).toEqual(["Edith Editor"]);
    const logged = await db()
      .select({ data: activity.data })
      .from(activity)
      .where(and(eq(activity.subjectId, task.id), eq(activity.verb, "task.assignees_changed")));
    expect(logged.map((row) => [row.data.added, row.data.removed])).toEqual([
      [[owner.fullName, "Edith Editor"], []],
      [[], [owner.fullName]],
    ]);
    const stranger = await buildUser();
    await expect(setTaskAssignees(owner.actor, { taskId: task.id, userIds: [stranger.id] })).rejects.toThrow(
      FieldError,
    );
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(setTaskAssignees(viewer.actor, { taskId: task.id, userIds: [] })).rejects.toThrow(ForbiddenError);
  });

  it("records each changed field, from and to", async () => {
    const { owner, project } = await setup();
    const task = await createTask(owner.actor, { projectId: project.id, title: "Old" });
    await updateTask(owner.actor, { taskId: task.id, title: "New", priority: "high", dueDate: "2026-12-01" });
    const [row] = await db()
      .select({ data: activity.data })
      .from(activity)
      .where(and(eq(activity.subjectId, task.id), eq(activity.verb, "task.updated")));
    expect(row?.data.changes).toEqual({
      title: { from: "Old", to: "New" },
      priority: { from: "none", to: "high" },
      dueDate: { from: null, to: "2026-12-01" },
    });
  });

  it("viewers read but cannot write; outsiders do not see the task; archived projects are read-only", async () => {
    const { owner, project } = await setup();
    const task = await createTask(owner.actor, { projectId: project.id, title: "Guarded" });
    const viewer: TestUser = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(updateTask(viewer.actor, { taskId: task.id, title: "Mine" })).rejects.toThrow(ForbiddenError);
    await expect(createTask(viewer.actor, { projectId: project.id, title: "Mine" })).rejects.toThrow(ForbiddenError);

    const outsider = await buildUser();
    await expect(updateTask(outsider.actor, { taskId: task.id, title: "Mine" })).rejects.toThrow(NotFoundError);

    await setProjectArchived(owner.actor, { projectId: project.id, archived: true });
    await expect(updateTask(owner.actor, { taskId: task.id, title: "Late" })).rejects.toThrow(/archived/);
    await expect(createTask(owner.actor, { projectId: project.id, title: "Late" })).rejects.toThrow(/archived/);
  });

  it("a deleted task and its subtasks are gone for every use case", async () => {
    const { owner, project } = await setup();
    const parent = await createTask(owner.actor, { projectId: project.id, title: "Parent" });
    const child = await createTask(owner.actor, { projectId: project.id, title: "Child", parentId: parent.id });
    await deleteTask(owner.actor, { taskId: parent.id });
    await expect(updateTask(owner.actor, { taskId: child.id, title: "x" })).rejects.toThrow(NotFoundError);
    await expect(deleteTask(owner.actor, { taskId: parent.id })).rejects.toThrow(NotFoundError);
  });
});
