import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { queryRows } from "~/.server/db/client";
import { projects, statuses } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import { archiveTask, restoreTask } from "~/.server/tasks/archive";
import { bulkEditTasks } from "~/.server/tasks/bulk";
import { setTaskParent } from "~/.server/tasks/parent";
import { boardColumns } from "~/.server/tasks/queries";
import { deleteStatus } from "~/.server/tasks/statuses";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { moveTaskToProject } from "~/.server/tasks/transfer";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";

/**
 * A board column's count is its status's `card_count`, kept by the deferred trigger
 * `tasks_card_count` (decision 040). Whatever a command does to a task (create, move,
 * archive, restore, nest, delete, move to another project, bulk edit, a status deleted),
 * every status's count equals a fresh count of its live top-level tasks; on PostgreSQL,
 * moves in opposite directions at once neither deadlock nor lose a count.
 */
describe.each(engines)("board column counts on %s", (engine) => {
  useTestDatabase(engine);

  async function setup(name: string) {
    const owner = await buildUser();
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name });
    const [project] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await boardColumns(project!);
    return { owner, projectId: created.id, project: project!, columns };
  }

  /** Each status of these projects: its kept count beside a count made now. */
  async function counts(projectIds: string[]) {
    return queryRows<{ project: string; name: string; kept: number; counted: number }>(
      db(),
      sql`select p.public_id as project, s.name, s.card_count as kept,
            (select count(*)::int from tasks t where t.status_id = s.id and t.deleted_at is null
              and t.archived_at is null and t.parent_id is null) as counted
          from statuses s join projects p on p.id = s.project_id
          where p.public_id in ${projectIds} order by p.public_id, s.position`,
    );
  }

  async function expectCountsRight(projectIds: string[], step: string) {
    const rows = await counts(projectIds);
    expect(
      rows.filter((row) => Number(row.kept) !== Number(row.counted)),
      step,
    ).toEqual([]);
    return rows;
  }

  it("stays equal to the tasks through every kind of change", async () => {
    const { owner, projectId, columns } = await setup("Counts");
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Elsewhere" });
    const both = [projectId, other.id];
    const [todo, doing, , done] = columns;
    const made = [];
    for (const title of ["One", "Two", "Three", "Four", "Five", "Six"]) {
      made.push((await createTask(owner.actor, { projectId, title })).id);
    }
    const [one, two, three, four, five, six] = made as [string, string, string, string, string, string];
    const created = await expectCountsRight(both, "created");
    expect(created.find((row) => row.project === projectId && row.name === todo!.name)?.kept).toBe(6);

    await moveTask(owner.actor, { projectId, taskId: one, statusId: doing!.id, placement: { at: "end" } });
    await expectCountsRight(both, "moved across");
    await moveTask(owner.actor, { projectId, taskId: one, statusId: doing!.id, placement: { at: "start" } });
    await expectCountsRight(both, "moved within");
    await archiveTask(owner.actor, { projectId, taskId: two });
    await expectCountsRight(both, "archived");
    await restoreTask(owner.actor, { projectId, taskId: two });
    await expectCountsRight(both, "restored");
    await setTaskParent(owner.actor, { projectId, taskId: three, parent: four });
    await expectCountsRight(both, "nested");
    await setTaskParent(owner.actor, { projectId, taskId: three, parent: null });
    await expectCountsRight(both, "un-nested");
    await deleteTask(owner.actor, { projectId, taskId: five });
    await expectCountsRight(both, "deleted");
    await moveTaskToProject(owner.actor, { projectId, taskId: six, targetProjectId: other.id });
    await expectCountsRight(both, "moved to another project");
    await bulkEditTasks(owner.actor, { projectId, taskIds: [two, three, four], statusId: done!.id });
    await expectCountsRight(both, "bulk moved");
    await deleteStatus(owner.actor, { projectId, statusId: done!.id, targetStatusId: todo!.id });
    const rows = await expectCountsRight(both, "status deleted");
    const kept = (project: string) =>
      rows.filter((row) => row.project === project).reduce((sum, row) => sum + Number(row.kept), 0);
    expect([kept(projectId), kept(other.id)]).toEqual([4, 1]);
  });

  it("counts a change once it commits, and not at all when it rolls back", async () => {
    const { owner, projectId, project, columns } = await setup("Rollback");
    await createTask(owner.actor, { projectId, title: "Kept" });
    await expect(
      db().transaction(async (tx) => {
        await tx.execute(
          sql`update tasks set status_id = (select id from statuses where public_id = ${columns[1]!.id})
              where project_id = ${project.id}`,
        );
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const rows = await expectCountsRight([projectId], "rolled back");
    expect(rows.map((row) => Number(row.kept))).toEqual([1, 0, 0, 0]);
  });

  it.runIf(engine === "postgres")(
    "moves in opposite directions at once neither deadlock nor lose a count",
    async () => {
      const { owner, projectId, columns } = await setup("Crossing");
      const [left, right] = columns as [(typeof columns)[0], (typeof columns)[0]];
      const lefts: string[] = [];
      const rights: string[] = [];
      for (let i = 0; i < 30; i++) {
        lefts.push((await createTask(owner.actor, { projectId, title: `L${i}` })).id);
        const r = (await createTask(owner.actor, { projectId, title: `R${i}` })).id;
        await moveTask(owner.actor, { projectId, taskId: r, statusId: right.id, placement: { at: "end" } });
        rights.push(r);
      }
      const results = await Promise.allSettled([
        ...lefts.map((taskId) =>
          moveTask(owner.actor, { projectId, taskId, statusId: right.id, placement: { at: "end" } }),
        ),
        ...rights.map((taskId) =>
          moveTask(owner.actor, { projectId, taskId, statusId: left.id, placement: { at: "end" } }),
        ),
      ]);
      expect(results.filter((result) => result.status === "rejected")).toEqual([]);
      const rows = await expectCountsRight([projectId], "crossed");
      expect(rows.slice(0, 2).map((row) => Number(row.kept))).toEqual([30, 30]);
      const [status] = await db().select().from(statuses).where(eq(statuses.publicId, right.id));
      expect(status?.cardCount).toBe(30);
    },
  );
});
