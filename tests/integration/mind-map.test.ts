import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { projects, statuses } from "~/.server/db/schema";
import { FieldError } from "~/.server/errors";
import { createProject } from "~/.server/projects/projects";
import { initSecrets } from "~/.server/secrets";
import { mindMapTasks, mindMapView } from "~/.server/tasks/mind-map";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";
import * as projectRoute from "~/routes/app/project";

/** The Mind Map's tree query: subtasks under their parents, deleted tasks gone, bounded. */
describe.each(engines)("the mind map on %s", (engine) => {
  useTestDatabase(engine);
  // The success toast rides in a signed cookie.
  beforeAll(() => initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-"))));

  async function setup() {
    const owner = await buildUser();
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const [project] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, project!.id))
      .orderBy(asc(statuses.position));
    return { owner, project: project!, columns };
  }

  it("reads each top-level task in board order followed by its subtasks, without deleted ones", async () => {
    const { owner, project, columns } = await setup();
    const add = (title: string, parentId?: string) =>
      createTask(owner.actor, { projectId: project.publicId, title, parentId });
    const later = await add("Launch");
    const first = await add("Design");
    const gone = await add("Dropped");
    await add("Dropped's step", gone.id);
    const sketch = await add("Sketch", first.id);
    const review = await add("Review", first.id);
    await add("Announce", later.id);
    // "Design" first on the board; "Launch" in a later status; "Review" done.
    await moveTask(owner.actor, { taskId: later.id, statusId: columns[1]!.publicId, placement: { at: "end" } });
    await moveTask(owner.actor, { taskId: review.id, statusId: columns[3]!.publicId, placement: { at: "end" } });
    await deleteTask(owner.actor, { taskId: gone.id });

    const { tasks, total } = await mindMapTasks(project);
    expect(tasks.map((task) => [task.title, task.parentId])).toEqual([
      ["Design", null],
      ["Sketch", first.id],
      ["Review", first.id],
      ["Launch", null],
      ["Announce", later.id],
    ]);
    expect(total).toBe(5);
    expect(tasks.find((task) => task.id === sketch.id)).toMatchObject({
      key: sketch.key,
      status: { name: "To Do", color: "slate" },
      done: false,
    });
    expect(tasks.find((task) => task.id === review.id)).toMatchObject({ done: true, status: { name: "Done" } });

    const view = await mindMapView(
      project,
      new URL(`http://localhost/app/project/${project.publicId}?view=mindmap&collapsed=${first.id}&add=${later.id}`),
    );
    expect(view.layout.nodes.map((node) => node.title)).toEqual(["Website", "Design", "Launch", "Announce"]);
    expect(view.adding).toMatchObject({ id: later.id, kind: "task" });
  });

  it("stops at the limit, never leaving a subtask without its parent, and counts them all", async () => {
    const { owner, project } = await setup();
    for (const title of ["One", "Two", "Three"]) {
      const parent = await createTask(owner.actor, { projectId: project.publicId, title });
      await createTask(owner.actor, { projectId: project.publicId, title: `${title} a`, parentId: parent.id });
      await createTask(owner.actor, { projectId: project.publicId, title: `${title} b`, parentId: parent.id });
    }
    const { tasks, total } = await mindMapTasks(project, 4);
    expect(tasks.map((task) => task.title)).toEqual(["One", "One a", "One b", "Two"]);
    expect(total).toBe(9);
  });

  it("refuses a subtask of a subtask", async () => {
    const { owner, project } = await setup();
    const parent = await createTask(owner.actor, { projectId: project.publicId, title: "Parent" });
    const child = await createTask(owner.actor, { projectId: project.publicId, title: "Child", parentId: parent.id });
    await expect(
      createTask(owner.actor, { projectId: project.publicId, title: "Grandchild", parentId: child.id }),
    ).rejects.toThrow(FieldError);
  });

  it("adds a child from a node as a plain POST: a task under the project, a subtask under a task, errors beside the field", async () => {
    const { owner, project } = await setup();
    const parent = await createTask(owner.actor, { projectId: project.publicId, title: "Parent" });
    const post = (form: Record<string, string>) =>
      callAction(projectRoute.action, {
        user: owner,
        path: `/app/project/${project.publicId}?view=mindmap&add=${form.parentId ?? project.publicId}`,
        params: { projectId: project.publicId },
        form: { intent: "add-child", ...form },
      });

    const top = await post({ title: "Top", collapsed: `${parent.id},bad!` });
    expect(top).toMatchObject({
      status: 302,
      location: `/app/project/${project.publicId}?view=mindmap&collapsed=${parent.id}`,
    });
    const child = await post({ title: "Child", parentId: parent.id });
    expect(child).toMatchObject({ status: 302, location: `/app/project/${project.publicId}?view=mindmap` });
    const { tasks } = await mindMapTasks(project);
    expect(tasks.map((task) => [task.title, task.parentId])).toEqual([
      ["Parent", null],
      ["Child", parent.id],
      ["Top", null],
    ]);

    const blank = await post({ title: "  ", parentId: parent.id });
    expect(blank).toMatchObject({
      status: 400,
      data: { addChild: { parentId: parent.id, title: "  ", error: "Enter a task title" } },
    });
    const grandchild = await post({ title: "Grandchild", parentId: tasks[1]!.id });
    expect(grandchild).toMatchObject({
      status: 400,
      data: { addChild: { title: "Grandchild", error: "A subtask cannot have subtasks of its own." } },
    });
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Other" });
    const elsewhere = await createTask(owner.actor, { projectId: other.id, title: "Elsewhere" });
    expect((await post({ title: "Stray", parentId: elsewhere.id })).status).toBe(404);
  });
});
