import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { projects } from "~/.server/db/schema";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { myTasks, myTaskSummary, weekOf } from "~/.server/tasks/my-tasks";
import { boardColumns } from "~/.server/tasks/queries";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { removeMember } from "~/.server/team/members";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";

/** The dashboard's "My Work" figures and the lists behind them, on real data. */
describe.each(engines)("my tasks on %s", (engine) => {
  useTestDatabase(engine);

  // A Wednesday: this week runs to Saturday the 28th.
  const today = "2026-11-25";

  it("counts open, due-this-week and overdue tasks assigned to me, and lists them soonest first", async () => {
    const me = await buildUser();
    const teammate = await buildUser();
    await addMember(me.workspaceId, teammate.id, "editor");
    const project = await createProject(me.actor, { workspaceId: me.workspaceId, name: "Launch" });
    const mine = (title: string, dueDate: string | null, assigneeIds = [me.id]) =>
      createTask(me.actor, { projectId: project.id, title, dueDate, assigneeIds });

    const late = await mine("Late", "2026-11-20");
    await mine("Friday", "2026-11-27");
    await mine("Saturday", "2026-11-28");
    await mine("Next week", "2026-11-29");
    await mine("Undated", null);
    await mine("Theirs", "2026-11-26", [teammate.id]);
    await mine("Shared", "2026-11-26", [me.id, teammate.id]);
    const finished = await mine("Finished", "2026-11-21");
    const [row] = await db().select({ id: projects.id }).from(projects).where(eq(projects.publicId, project.id));
    const columns = await boardColumns({ id: row!.id, key: project.key });
    await moveTask(me.actor, { taskId: finished.id, statusId: columns.at(-1)!.id, placement: { at: "end" } });
    const gone = await mine("Deleted", "2026-11-19");
    await deleteTask(me.actor, { taskId: gone.id });

    expect(await myTaskSummary(me.id, today)).toEqual({ open: 6, week: 3, overdue: 1 });
    expect(await myTaskSummary(teammate.id, today)).toEqual({ open: 2, week: 2, overdue: 0 });

    const week = await myTasks(me.id, "week", today, 50);
    expect(week.items.map((task) => task.title)).toEqual(["Shared", "Friday", "Saturday"]);
    const open = await myTasks(me.id, "open", today, 2);
    expect(open.total).toBe(6);
    expect(open.items.map((task) => task.title)).toEqual(["Late", "Shared"]);
    const overdue = await myTasks(me.id, "overdue", today, 50);
    expect(overdue.items).toEqual([
      expect.objectContaining({ id: late.id, key: late.key, project: { id: project.id, name: "Launch" } }),
    ]);
  });

  it("leaves out archived projects and workspaces the user has left", async () => {
    const owner = await buildUser();
    const member = await buildUser();
    await addMember(owner.workspaceId, member.id, "editor");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Shared" });
    await createTask(owner.actor, { projectId: project.id, title: "Theirs", assigneeIds: [member.id] });
    expect((await myTaskSummary(member.id, today)).open).toBe(1);

    await setProjectArchived(owner.actor, { projectId: project.id, archived: true });
    expect((await myTaskSummary(member.id, today)).open).toBe(0);
    await setProjectArchived(owner.actor, { projectId: project.id, archived: false });
    await removeMember(owner.actor, { workspaceId: owner.workspaceId, userId: member.id });
    expect(await myTaskSummary(member.id, today)).toEqual({ open: 0, week: 0, overdue: 0 });
    expect((await myTasks(member.id, "open", today, 50)).items).toEqual([]);
  });

  it("ends the week on Saturday", () => {
    expect(weekOf("2026-11-22").weekEnd).toBe("2026-11-28");
    expect(weekOf("2026-11-28").weekEnd).toBe("2026-11-28");
    expect(weekOf("2026-12-30").weekEnd).toBe("2027-01-02");
  });
});
