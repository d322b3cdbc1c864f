import { describe, expect, it } from "vitest";

import { findTasks, projectStatuses, projectSummary, taskDetail, workspaceMembers } from "~/.server/assistant/data";
import { countQueries } from "~/.server/db/query-count";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { addChecklistItem } from "~/.server/tasks/checklist";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { assistantScope } from "../setup/assistant";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

// A Wednesday; the clock is never read by the module, only this day.
const today = "2026-11-25";

const scopeOf = (user: TestUser, projectId?: string) => assistantScope(user, projectId, today);

/** A small project: one overdue task with a checklist and a subtask, one upcoming, one done, one deleted. */
async function seedProject(owner: TestUser, name: string, key: string) {
  const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name, key });
  const statuses = await projectStatuses(await scopeOf(owner, project.id), project.id);
  const add = (title: string, fields: Partial<Parameters<typeof createTask>[1]> = {}) =>
    createTask(owner.actor, { projectId: project.id, title, ...fields });
  const brief = await add("Write the brief", {
    priority: "high",
    dueDate: "2026-11-20",
    estimateMinutes: 120,
    assigneeIds: [owner.id],
  });
  await addChecklistItem(owner.actor, { taskId: brief.id, title: "Ask legal" });
  const quotes = await add("Collect quotes", { parentId: brief.id, dueDate: "2026-11-30" });
  const mockups = await add("Design mockups", { priority: "medium", dueDate: "2026-11-27" });
  const launch = await add("Launch party", { priority: "low" });
  await moveTask(owner.actor, { taskId: launch.id, statusId: statuses.at(-1)!.id, placement: { at: "end" } });
  const gone = await add("Old idea", { dueDate: "2026-11-01" });
  await deleteTask(owner.actor, { taskId: gone.id });
  return { project, statuses, brief, quotes, mockups, launch, gone };
}

describe.each(engines)("the assistant's data on %s", (engine) => {
  useTestDatabase(engine);

  it("finds the workspace's live tasks by words, key, status, assignee and dates, and nobody else's", async () => {
    const owner = await buildUser({ fullName: "Ana Owner" });
    const stranger = await buildUser({ fullName: "Sam Stranger" });
    const mine = await seedProject(owner, "Website", "WEB");
    const theirs = await seedProject(stranger, "Website", "WEB");
    const scope = await scopeOf(owner);
    const titles = (list: { title: string }[]) => list.map((task) => task.title);

    // Soonest due first, undated last; the deleted one and the other workspace's never.
    expect(titles(await findTasks(scope, {}))).toEqual([
      "Write the brief",
      "Design mockups",
      "Collect quotes",
      "Launch party",
    ]);
    expect(titles(await findTasks(scope, { text: "web-1" }))).toEqual(["Write the brief"]);
    expect(titles(await findTasks(scope, { text: "THE brief" }))).toEqual(["Write the brief"]);
    expect(await findTasks(scope, { text: "Old idea" })).toEqual([]);
    expect(titles(await findTasks(scope, { overdue: true }))).toEqual(["Write the brief"]);
    expect(titles(await findTasks(scope, { status: "done" }))).toEqual(["Launch party"]);
    expect(titles(await findTasks(scope, { status: "to do", dueBefore: "2026-11-27" }))).toEqual([
      "Write the brief",
      "Design mockups",
    ]);
    expect(titles(await findTasks(scope, { assigneeId: owner.id }))).toEqual(["Write the brief"]);
    expect(titles(await findTasks(scope, { assigneeId: "none", open: true }))).toEqual([
      "Design mockups",
      "Collect quotes",
    ]);
    expect(await findTasks(scope, { assigneeId: "not-a-user" })).toEqual([]);
    expect(titles(await findTasks(scope, { undated: true }))).toEqual(["Launch party"]);
    expect(titles(await findTasks(scope, { limit: 2 }))).toHaveLength(2);
    expect(await findTasks(scope, { projectId: theirs.project.id })).toEqual([]);
    expect(await findTasks(scope, { projectId: "nope" })).toEqual([]);

    const [brief] = await findTasks(scope, { text: "WEB-1" });
    expect(brief).toMatchObject({
      id: mine.brief.id,
      key: "WEB-1",
      label: "WEB-1 Write the brief",
      projectId: mine.project.id,
      projectName: "Website",
      status: "To Do",
      statusCategory: "not_started",
      priority: "high",
      dueDate: "2026-11-20",
      estimateMinutes: 120,
      assignees: [{ id: owner.id, name: "Ana Owner" }],
      labels: [],
      parentLabel: null,
      subtaskCount: 1,
    });
    const [quotes] = await findTasks(scope, { text: "quotes" });
    expect(quotes).toMatchObject({ parentLabel: "WEB-1 Write the brief", subtaskCount: 0 });
  });

  it("reads one task with its checklist and subtasks, within the workspace only", async () => {
    const owner = await buildUser();
    const stranger = await buildUser();
    const mine = await seedProject(owner, "Website", "WEB");
    const theirs = await seedProject(stranger, "Shop", "SHOP");
    const scope = await scopeOf(owner, mine.project.id);

    const detail = await taskDetail(scope, "WEB-1");
    expect(detail).toMatchObject({
      id: mine.brief.id,
      description: "",
      checklist: [{ title: "Ask legal", done: false }],
      subtasks: [
        expect.objectContaining({ key: "WEB-2", title: "Collect quotes", parentLabel: "WEB-1 Write the brief" }),
      ],
    });
    expect((await taskDetail(scope, mine.quotes.id))?.title).toBe("Collect quotes");
    expect(await taskDetail(scope, theirs.brief.id)).toBeNull();
    expect(await taskDetail(scope, "SHOP-1")).toBeNull();
    expect(await taskDetail(scope, mine.gone.key)).toBeNull();
    expect(await taskDetail(scope, " ")).toBeNull();
  });

  it("sums up a project and the workspace, and gives null for another workspace's project", async () => {
    const owner = await buildUser({ fullName: "Ana Owner" });
    const stranger = await buildUser();
    const mine = await seedProject(owner, "Website", "WEB");
    const theirs = await seedProject(stranger, "Shop", "SHOP");
    const second = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Archive me", key: "ARC" });
    await createTask(owner.actor, { projectId: second.id, title: "Parked", dueDate: "2026-11-02" });
    await setProjectArchived(owner.actor, { projectId: second.id, archived: true });

    const figures = await projectSummary(await scopeOf(owner, mine.project.id));
    expect(figures).toMatchObject({
      scope: "project",
      name: "Website",
      archived: false,
      projects: [
        { id: mine.project.id, name: "Website", key: "WEB", description: "", total: 4, done: 1, archived: false },
      ],
      total: 4,
      done: 1,
      open: 3,
      byStatus: [
        { name: "To Do", category: "not_started", count: 3 },
        { name: "In Progress", category: "active", count: 0 },
        { name: "Review", category: "active", count: 0 },
        { name: "Done", category: "done", count: 1 },
      ],
      unassigned: 2,
      completedThisWeek: 1,
      topContributors: [{ name: "Ana Owner", count: 9 }],
    });
    expect(figures!.overdue.map((task) => task.key)).toEqual(["WEB-1"]);
    expect(figures!.upcoming.map((task) => task.key)).toEqual(["WEB-3", "WEB-2"]);
    expect(figures!.recentActivity[0]).toMatchObject({ sentence: "deleted WEB-5 Old idea", actorName: "Ana Owner" });
    expect(figures!.recentActivity.at(-1)!.sentence).toBe("created the project Website");

    // The workspace: its unarchived projects; an archived one only when named.
    const workspace = await projectSummary(await scopeOf(owner));
    expect(workspace).toMatchObject({ scope: "workspace", description: "", total: 4, overdue: [expect.anything()] });
    expect(workspace!.projects.map((project) => project.key)).toEqual(["WEB"]);
    const archived = await projectSummary(await scopeOf(owner), second.id);
    expect(archived).toMatchObject({
      archived: true,
      total: 1,
      overdue: [expect.objectContaining({ title: "Parked" })],
    });

    expect(await projectSummary(await scopeOf(owner), theirs.project.id)).toBeNull();
    expect(await projectSummary(await scopeOf(owner), "nope")).toBeNull();
  });

  it("reads a summary in a fixed number of queries, however many tasks", async () => {
    const owner = await buildUser();
    const { project } = await seedProject(owner, "Website", "WEB");
    const scope = await scopeOf(owner, project.id);
    const count = () => countQueries(async (read) => (await projectSummary(scope), read()));
    const before = await count();
    for (const title of ["One", "Two", "Three"]) {
      await createTask(owner.actor, { projectId: project.id, title, dueDate: "2026-11-21", assigneeIds: [owner.id] });
    }
    expect(await count()).toBe(before);
  });

  it("lists members with their open work, and a project's statuses only for the workspace's projects", async () => {
    const owner = await buildUser({ fullName: "Ana Owner" });
    const teammate = await buildUser({ fullName: "Bo Teammate" });
    const stranger = await buildUser({ fullName: "Sam Stranger" });
    await addMember(owner.workspaceId, teammate.id, "editor");
    const mine = await seedProject(owner, "Website", "WEB");
    const theirs = await seedProject(stranger, "Shop", "SHOP");
    await createTask(owner.actor, { projectId: mine.project.id, title: "Theirs", assigneeIds: [teammate.id] });
    const scope = await scopeOf(owner);

    expect(await workspaceMembers(scope)).toEqual([
      { id: owner.id, name: "Ana Owner", role: "owner", openTasks: 1 },
      { id: teammate.id, name: "Bo Teammate", role: "editor", openTasks: 1 },
    ]);
    expect((await projectStatuses(scope, mine.project.id)).map((status) => status.name)).toEqual([
      "To Do",
      "In Progress",
      "Review",
      "Done",
    ]);
    expect(await projectStatuses(scope, theirs.project.id)).toEqual([]);
  });
});
