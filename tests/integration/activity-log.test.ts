import { describe, expect, it } from "vitest";

import { activityLog } from "~/.server/projects/activity-log";
import { projectForMember } from "~/.server/projects/access";
import { createProject, updateProject } from "~/.server/projects/projects";
import { addComment } from "~/.server/tasks/comments";
import { createTask } from "~/.server/tasks/tasks";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

/** The Activity Log's filters (`?actor=`, `?kind=`) run in SQL, on PGlite and PostgreSQL. */
describe.each(engines)("activity log filters on %s", (engine) => {
  useTestDatabase(engine);

  async function setup() {
    const owner = await buildUser({ fullName: "Olive Owner" });
    const member = await buildUser({ fullName: "Max Member" });
    const stranger = await buildUser({ fullName: "Sam Stranger" });
    await addMember(owner.workspaceId, member.id, "editor");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Mobile" });
    const task = await createTask(owner.actor, { projectId: project.id, title: "Draft the brief" });
    await addComment(member.actor, { taskId: task.id, projectId: project.id, body: "On it" });
    await createTask(member.actor, { projectId: project.id, title: "Pick a palette" });
    await updateProject(owner.actor, { projectId: project.id, description: "The new site" });
    // Another project's rows, by the same people and of the same kinds, never show.
    const elsewhere = await createTask(member.actor, { projectId: other.id, title: "Elsewhere" });
    await addComment(member.actor, { taskId: elsewhere.id, projectId: other.id, body: "Not here" });
    const { project: row, workspace } = await projectForMember(owner.id, project.id);
    const log = (search: string) =>
      activityLog(row.id, workspace.id, new URL(`http://localhost/app/project/x?view=activity&${search}`));
    return { owner, member, stranger, log, projectId: project.id };
  }

  const verbs = (log: Awaited<ReturnType<Awaited<ReturnType<typeof setup>>["log"]>>) =>
    log.items.map((item) => item.verb);

  it("filters by member, by kind and by both, only ever in the project", async () => {
    const { owner, member, log } = await setup();
    expect(verbs(await log(""))).toEqual([
      "project.updated",
      "task.created",
      "comment.created",
      "task.created",
      "project.created",
    ]);
    const byMember = await log(`actor=${member.id}`);
    expect(verbs(byMember)).toEqual(["task.created", "comment.created"]);
    expect(byMember.actor).toBe(member.id);
    expect(byMember.items.every((item) => item.actor === "Max Member")).toBe(true);
    expect(verbs(await log("kind=tasks"))).toEqual(["task.created", "task.created"]);
    expect(verbs(await log("kind=comments"))).toEqual(["comment.created"]);
    expect(verbs(await log("kind=project"))).toEqual(["project.updated", "project.created"]);
    expect(verbs(await log("kind=chat"))).toEqual([]);
    const both = await log(`actor=${owner.id}&kind=tasks`);
    expect([verbs(both), both.actor, both.kind, both.problems]).toEqual([["task.created"], owner.id, "tasks", []]);
    expect(both.members.map((m) => m.name).sort()).toEqual(["Max Member", "Olive Owner"]);
  });

  it("leaves out an unknown member or kind with a notice, and pages what is filtered", async () => {
    const { owner, stranger, log, projectId } = await setup();
    const refused = await log(`actor=${stranger.id}&kind=tasks%27;drop`);
    expect(verbs(refused)).toHaveLength(5);
    expect([refused.actor, refused.kind]).toEqual(["", ""]);
    expect(refused.problems).toEqual([
      "That person is not a member of this workspace; the filter was left out.",
      expect.stringContaining("is not a kind of activity"),
    ]);
    expect((await log("actor=not-a-uuid")).problems).toHaveLength(1);

    // The filter and the page together: 21 of the owner's project edits make two pages.
    for (let n = 1; n <= 20; n++) await updateProject(owner.actor, { projectId, description: `step ${n}` });
    const first = await log(`actor=${owner.id}&kind=project`);
    const second = await log(`actor=${owner.id}&kind=project&page=2`);
    expect([first.items.length, first.pages, second.items.length]).toEqual([20, 2, 2]);
    expect(verbs(second)).toEqual(["project.updated", "project.created"]);
  });
});
