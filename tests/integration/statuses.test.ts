import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, projects, statuses, tasks } from "~/.server/db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import {
  createStatus,
  deleteStatus,
  MAX_STATUSES,
  moveStatus,
  statusesWithCounts,
  updateStatus,
} from "~/.server/tasks/statuses";
import { createTask, deleteTask } from "~/.server/tasks/tasks";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

/** The project's workflow: add, rename, recolour, recategorise, reorder, delete with a target. */
describe.each(engines)("statuses on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser();
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Workflow" });
    const [row] = await db().select({ id: projects.id }).from(projects).where(eq(projects.publicId, project.id));
    return { owner, project, internalId: row!.id };
  }

  const names = async (projectId: string) => (await statusesWithCounts(projectId)).map((status) => status.name);
  const idOf = async (projectId: string, name: string) =>
    (await statusesWithCounts(projectId)).find((status) => status.name === name)!.id;

  it("adds a status at the end, refuses a taken name whatever its case, and caps the count", async () => {
    const { owner, project, internalId } = await setup();
    await createStatus(owner.actor, { projectId: project.id, name: " Blocked ", color: "rose", category: "active" });
    expect(await names(internalId)).toEqual(["To Do", "In Progress", "Review", "Done", "Blocked"]);
    await expect(
      createStatus(owner.actor, { projectId: project.id, name: "review", color: "rose", category: "active" }),
    ).rejects.toThrow(new FieldError("name", "This project already has a status with this name."));
    for (let index = 5; index < MAX_STATUSES; index++) {
      await createStatus(owner.actor, {
        projectId: project.id,
        name: `Step ${index}`,
        color: "slate",
        category: "active",
      });
    }
    await expect(
      createStatus(owner.actor, { projectId: project.id, name: "One too many", color: "slate", category: "active" }),
    ).rejects.toThrow(`A project can have at most ${MAX_STATUSES} statuses.`);
  });

  it("renames and recategorises, completing or reopening the column's tasks, and logs each change", async () => {
    const { owner, project, internalId } = await setup();
    const review = await idOf(internalId, "Review");
    const task = await createTask(owner.actor, { projectId: project.id, title: "Ship it", statusId: review });
    await updateStatus(owner.actor, {
      projectId: project.id,
      statusId: review,
      name: "Shipped",
      color: "green",
      category: "done",
    });
    const completed = async () =>
      (await db().select({ at: tasks.completedAt }).from(tasks).where(eq(tasks.publicId, task.id)))[0]!.at;
    expect(await completed()).toBeInstanceOf(Date);
    const [logged] = await db()
      .select({ data: activity.data })
      .from(activity)
      .where(and(eq(activity.verb, "status.updated"), eq(activity.subjectId, review)));
    expect(logged!.data).toMatchObject({
      name: "Shipped",
      changes: {
        name: { from: "Review", to: "Shipped" },
        color: { from: "amber", to: "green" },
        category: { from: "active", to: "done" },
      },
    });
    await updateStatus(owner.actor, {
      projectId: project.id,
      statusId: review,
      name: "Shipped",
      color: "green",
      category: "active",
    });
    expect(await completed()).toBeNull();
  });

  it("moves a column left and right, and not past either end", async () => {
    const { owner, project, internalId } = await setup();
    const done = await idOf(internalId, "Done");
    await moveStatus(owner.actor, { projectId: project.id, statusId: done, direction: "left" });
    await moveStatus(owner.actor, { projectId: project.id, statusId: done, direction: "left" });
    expect(await names(internalId)).toEqual(["To Do", "Done", "In Progress", "Review"]);
    const todo = await idOf(internalId, "To Do");
    await moveStatus(owner.actor, { projectId: project.id, statusId: todo, direction: "left" });
    await moveStatus(owner.actor, { projectId: project.id, statusId: todo, direction: "right" });
    expect(await names(internalId)).toEqual(["Done", "To Do", "In Progress", "Review"]);
    const review = await idOf(internalId, "Review");
    await moveStatus(owner.actor, { projectId: project.id, statusId: review, direction: "right" });
    expect(await names(internalId)).toEqual(["Done", "To Do", "In Progress", "Review"]);
  });

  it("deletes a status after moving its tasks, deleted ones included, to the end of another in order", async () => {
    const { owner, project, internalId } = await setup();
    const [todo, progress] = [await idOf(internalId, "To Do"), await idOf(internalId, "In Progress")];
    await createTask(owner.actor, { projectId: project.id, title: "Already there", statusId: todo });
    for (const title of ["First", "Second", "Gone"]) {
      await createTask(owner.actor, { projectId: project.id, title, statusId: progress });
    }
    const gone = await db().select({ id: tasks.publicId }).from(tasks).where(eq(tasks.title, "Gone"));
    await deleteTask(owner.actor, { taskId: gone[0]!.id });

    await expect(
      deleteStatus(owner.actor, { projectId: project.id, statusId: progress, targetStatusId: progress }),
    ).rejects.toThrow("Choose another status for its tasks.");
    const result = await deleteStatus(owner.actor, { projectId: project.id, statusId: progress, targetStatusId: todo });
    expect(result).toEqual({ moved: 2, target: "To Do" });
    expect(await names(internalId)).toEqual(["To Do", "Review", "Done"]);
    const column = await db()
      .select({ title: tasks.title })
      .from(tasks)
      .innerJoin(statuses, eq(statuses.id, tasks.statusId))
      .where(and(eq(statuses.publicId, todo), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.position));
    expect(column.map((row) => row.title)).toEqual(["Already there", "First", "Second"]);
    expect((await statusesWithCounts(internalId))[0]).toMatchObject({ name: "To Do", tasks: 3 });

    for (const name of ["Review", "Done"]) {
      await deleteStatus(owner.actor, {
        projectId: project.id,
        statusId: await idOf(internalId, name),
        targetStatusId: todo,
      });
    }
    await expect(
      deleteStatus(owner.actor, { projectId: project.id, statusId: todo, targetStatusId: todo }),
    ).rejects.toThrow("A project needs at least one status.");
  });

  it("lets editors shape the workflow, not viewers, outsiders or anyone while the project is archived", async () => {
    const { owner, project, internalId } = await setup();
    const viewer = await buildUser();
    const editor = await buildUser();
    const outsider = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await addMember(owner.workspaceId, editor.id, "editor");
    const input = { projectId: project.id, name: "Blocked", color: "rose" as const, category: "active" as const };
    await expect(createStatus(viewer.actor, input)).rejects.toThrow(ForbiddenError);
    await expect(createStatus(outsider.actor, input)).rejects.toThrow(NotFoundError);
    await createStatus(editor.actor, input);
    await setProjectArchived(owner.actor, { projectId: project.id, archived: true });
    const blocked = await idOf(internalId, "Blocked");
    await expect(
      moveStatus(owner.actor, { projectId: project.id, statusId: blocked, direction: "left" }),
    ).rejects.toThrow("This project is archived and read-only.");
    const other = await setup();
    await expect(
      updateStatus(owner.actor, { ...input, projectId: other.project.id, statusId: blocked }),
    ).rejects.toThrow(NotFoundError);
  });
});
