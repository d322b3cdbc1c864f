import { and, asc, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { activity, labels, projects, statuses, taskAssignees, taskLabels, tasks } from "~/.server/db/schema";
import { FieldError, ForbiddenError } from "~/.server/errors";
import { createProject } from "~/.server/projects/projects";
import { createLabel } from "~/.server/tasks/labels";
import { quickAddTask, quickAddVocabulary } from "~/.server/tasks/quick-add";
import { createTask } from "~/.server/tasks/tasks";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { addDays } from "~/utils/calendar-month";
import * as projectRoute from "~/routes/app/project";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction, callLoader } from "../setup/route-harness";

/**
 * The quick add's inline syntax on the server: the line as posted is parsed against the
 * project's workspace, and the task, its assignees and labels and its one activity row are
 * written in createTask's single transaction.
 */
describe.each(engines)("quick add on %s", (engine) => {
  useTestDatabase(engine);

  const today = () => new Date().toISOString().slice(0, 10);

  async function setup() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const sam = await buildUser({ fullName: "Sam Lee", email: `sam.lee.${Date.now()}@example.com` });
    await addMember(owner.workspaceId, sam.id, "editor");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "Bug", color: "rose" });
    const [todo] = await db()
      .select({ id: statuses.publicId })
      .from(statuses)
      .innerJoin(projects, eq(projects.id, statuses.projectId))
      .where(eq(projects.publicId, project.id))
      .orderBy(asc(statuses.position));
    return { owner, sam, project, bug, statusId: todo!.id };
  }

  async function taskOf(publicId: string) {
    const [task] = await db().select().from(tasks).where(eq(tasks.publicId, publicId));
    const assignees = await db()
      .select({ userId: taskAssignees.userId })
      .from(taskAssignees)
      .where(eq(taskAssignees.taskId, task!.id));
    const labelNames = await db()
      .select({ name: labels.name })
      .from(taskLabels)
      .innerJoin(labels, eq(labels.id, taskLabels.labelId))
      .where(eq(taskLabels.taskId, task!.id));
    const log = await db()
      .select({ verb: activity.verb, data: activity.data })
      .from(activity)
      .where(and(eq(activity.subjectType, "task"), eq(activity.subjectId, publicId)));
    return {
      task: task!,
      assignees: assignees.map((row) => row.userId),
      labels: labelNames.map((row) => row.name),
      log,
    };
  }

  /** Rows of the tables a new task writes (the database is shared by the file's tests). */
  async function rowCounts() {
    const rows = async (table: typeof tasks | typeof taskAssignees | typeof taskLabels | typeof activity) =>
      (await db().select({ n: count() }).from(table))[0]?.n;
    return {
      tasks: await rows(tasks),
      assignees: await rows(taskAssignees),
      labels: await rows(taskLabels),
      activity: await rows(activity),
    };
  }

  it("sets assignee, priority, label and due date from the line, with one activity row", async () => {
    const { owner, sam, project, statusId } = await setup();
    const created = await quickAddTask(owner.actor, {
      projectId: project.id,
      statusId,
      text: "Fix login @sam !high #bug due:tomorrow",
      today: today(),
    });
    expect(created).toMatchObject({ key: `${project.key}-1`, title: "Fix login" });
    const { task, assignees, labels: names, log } = await taskOf(created.id);
    expect(task).toMatchObject({ title: "Fix login", priority: "high", dueDate: addDays(today(), 1) });
    expect(assignees).toEqual([sam.id]);
    expect(names).toEqual(["Bug"]);
    // Created with its people and labels: one row, not a creation then two changes.
    expect(log).toEqual([
      {
        verb: "task.created",
        data: expect.objectContaining({ title: "Fix login", labels: ["Bug"], assigneeIds: [sam.id] }),
      },
    ]);
  });

  it("leaves in the title what does not resolve: strangers, other workspaces' labels, unknown tags", async () => {
    const { owner, project, statusId } = await setup();
    const stranger = await buildUser({ fullName: "Zed Stranger" });
    await createLabel(stranger.actor, { workspaceId: stranger.workspaceId, name: "Theirs", color: "teal" });
    const created = await quickAddTask(owner.actor, {
      projectId: project.id,
      statusId,
      text: "Ask @zed about #theirs and #123 due:someday",
      today: today(),
    });
    const { task, assignees, labels: names } = await taskOf(created.id);
    expect(task).toMatchObject({
      title: "Ask @zed about #theirs and #123 due:someday",
      priority: "none",
      dueDate: null,
    });
    expect(assignees).toEqual([]);
    expect(names).toEqual([]);
    // A quick add never creates a label.
    const workspace = await workspaceForMember(owner.id, owner.workspaceId);
    expect((await quickAddVocabulary(workspace.id)).labels.map((label) => label.name)).toEqual(["Bug"]);
  });

  it("writes nothing when any part is refused: a label of another workspace rolls the whole task back", async () => {
    const { owner, sam, project, statusId } = await setup();
    const stranger = await buildUser();
    const theirs = await createLabel(stranger.actor, { workspaceId: stranger.workspaceId, name: "X", color: "teal" });
    const before = await rowCounts();
    const refused = await createTask(owner.actor, {
      projectId: project.id,
      statusId,
      title: "Half a task",
      assigneeIds: [sam.id],
      labelIds: [theirs.id],
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(FieldError);
    expect(await rowCounts()).toEqual(before);
    // The number was not handed out either: the next task is still the first.
    const next = await quickAddTask(owner.actor, { projectId: project.id, statusId, text: "Whole", today: today() });
    expect(next.key).toBe(`${project.key}-1`);
  });

  it("refuses a line that is only tokens, and viewers before reading anything", async () => {
    const { owner, project, statusId } = await setup();
    await expect(
      quickAddTask(owner.actor, { projectId: project.id, statusId, text: "@sam !high", today: today() }),
    ).rejects.toMatchObject({ field: "title", message: "Enter a task title" });
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    await expect(
      quickAddTask(viewer.actor, { projectId: project.id, statusId, text: "Sneak @sam", today: today() }),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it("the project page's action parses the posted line; a fetcher gets data, a plain post the view", async () => {
    const { owner, sam, project, statusId } = await setup();
    const as = { user: owner, path: `/app/project/${project.id}?view=list`, params: { projectId: project.id } };
    const viaFetcher = await callAction(projectRoute.action, {
      ...as,
      form: { intent: "create-task", statusId, view: "list", title: "Ship it @Sam p1 #BUG due:+3d", via: "fetcher" },
    });
    expect(viaFetcher).toMatchObject({
      status: 200,
      data: { intent: "create-task", created: { key: `${project.key}-1`, title: "Ship it" } },
    });
    const [first] = await db().select().from(tasks).where(eq(tasks.title, "Ship it"));
    expect(first).toMatchObject({ priority: "urgent", dueDate: addDays(today(), 3) });
    expect((await taskOf(first!.publicId)).assignees).toEqual([sam.id]);

    const plain = await callAction(projectRoute.action, {
      ...as,
      form: { intent: "create-task", statusId, view: "list", title: "Plain post !low" },
    });
    expect(plain).toMatchObject({ status: 302, location: `/app/project/${project.id}?view=list#group-${statusId}` });
    const [second] = await db().select().from(tasks).where(eq(tasks.title, "Plain post"));
    expect(second?.priority).toBe("low");

    // Refused: the line comes back as typed, with the reason, to either.
    for (const via of [{ via: "fetcher" }, {}] as Record<string, string>[]) {
      const refused = await callAction(projectRoute.action, {
        ...as,
        form: { intent: "create-task", statusId, view: "list", title: "#bug !high", ...via },
      });
      expect(refused).toMatchObject({
        status: 400,
        data: { quickAdd: { statusId, title: "#bug !high", error: "Enter a task title" } },
      });
    }
    // A viewer's fetcher gets the refusal as data (403), not the error page.
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const forbidden = await callAction(projectRoute.action, {
      ...as,
      user: viewer,
      form: { intent: "create-task", statusId, view: "list", title: "Nope", via: "fetcher" },
    });
    expect(forbidden).toMatchObject({ status: 403, data: { quickAdd: { title: "Nope" } } });
  });

  it("gives the List and Board the workspace's members and labels for the preview, never whole addresses", async () => {
    const { owner, sam, project } = await setup();
    const board = await callLoader(projectRoute.loader, {
      user: owner,
      path: `/app/project/${project.id}?view=board`,
      params: { projectId: project.id },
    });
    const data = board.data as Awaited<ReturnType<typeof projectRoute.loader>>;
    expect(data.vocabulary?.labels).toEqual([expect.objectContaining({ name: "Bug", color: "rose" })]);
    expect(data.vocabulary?.members).toContainEqual({ id: sam.id, name: "Sam Lee", handle: sam.email.split("@")[0] });
    expect(JSON.stringify(data.vocabulary)).not.toContain("@example.com");

    // Other views, and those who may not add, get none.
    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    for (const [user, view] of [
      [owner, "calendar"],
      [viewer, "list"],
    ] as const) {
      const page = await callLoader(projectRoute.loader, {
        user,
        path: `/app/project/${project.id}?view=${view}`,
        params: { projectId: project.id },
      });
      expect((page.data as typeof data).vocabulary).toBeNull();
    }
  });
});
