import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { projects, tasks } from "~/.server/db/schema";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { boardColumns } from "~/.server/tasks/queries";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { applyMove, type Move } from "~/components/tasks/board-moves";
import type { BoardColumn } from "~/components/tasks/types";
import * as project from "~/routes/app/project";
import { placementOf } from "~/validation/task-fields";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";

/**
 * The board's drag and drop against the server: the neighbours the page sends land the card
 * where the page already shows it (order, counts, done), and the `move-task` intent answers
 * a fetcher with data, a refusal included, instead of a redirect or an error page.
 */
describe.each(engines)("board moves on %s", (engine) => {
  useTestDatabase(engine);

  async function setup(titles: string[]) {
    const owner = await buildUser();
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const ids: Record<string, string> = {};
    for (const title of titles) ids[title] = (await createTask(owner.actor, { projectId: created.id, title })).id;
    return { owner, projectId: created.id, row: row!, ids };
  }

  const layout = (columns: BoardColumn[]) =>
    columns.map((column) => ({
      name: column.name,
      total: column.total,
      cards: column.cards.map((card) => `${card.title}${card.done ? " ✓" : ""}`),
    }));

  it("lands each drop where the page shows it: before, after, an empty column, into and out of done", async () => {
    const { owner, projectId, row, ids } = await setup(["A", "B", "C", "D"]);
    let page = await boardColumns(row);
    const [todo, doing, , done] = page.map((column) => column.id);
    const drops: Move[] = [
      { taskId: ids.D!, statusId: todo!, afterId: ids.A, beforeId: ids.B },
      { taskId: ids.B!, statusId: done! },
      { taskId: ids.C!, statusId: done!, afterId: ids.B },
      { taskId: ids.A!, statusId: done!, beforeId: ids.B },
      { taskId: ids.B!, statusId: doing! },
      { taskId: ids.C!, statusId: done!, beforeId: ids.A },
    ];
    for (const drop of drops) {
      page = applyMove(page, drop);
      await moveTask(owner.actor, {
        projectId,
        taskId: drop.taskId,
        statusId: drop.statusId,
        placement: placementOf(drop),
      });
      expect(layout(await boardColumns(row))).toEqual(layout(page));
    }
    expect(layout(page)).toEqual([
      { name: "To Do", total: 1, cards: ["D"] },
      { name: "In Progress", total: 1, cards: ["B"] },
      { name: "Review", total: 0, cards: [] },
      { name: "Done", total: 2, cards: ["C ✓", "A ✓"] },
    ]);
    const [left] = await db().select().from(tasks).where(eq(tasks.publicId, ids.B!));
    expect(left?.completedAt).toBeNull();
  });

  it("a neighbour deleted meanwhile sends the card to the end of the column", async () => {
    const { owner, projectId, row, ids } = await setup(["A", "B", "C"]);
    await deleteTask(owner.actor, { projectId, taskId: ids.A! });
    const [todo] = await boardColumns(row);
    await moveTask(owner.actor, {
      projectId,
      taskId: ids.C!,
      statusId: todo!.id,
      placement: placementOf({ beforeId: ids.A }),
    });
    expect((await boardColumns(row))[0]!.cards.map((card) => card.title)).toEqual(["B", "C"]);
  });

  it("answers the board's fetcher with data: the move, or why it was refused", async () => {
    const { owner, projectId, row, ids } = await setup(["A", "B", "C"]);
    const [todo, , review] = await boardColumns(row);
    const post = (user: { id: string; email: string }, form: Record<string, string>) =>
      callAction(project.action, {
        user,
        path: `/app/project/${projectId}`,
        params: { projectId },
        form: { intent: "move-task", via: "fetcher", ...form },
      });

    expect(await post(owner, { taskId: ids.C!, statusId: todo!.id, beforeId: ids.A! })).toEqual({
      status: 200,
      location: null,
      data: { intent: "move-task", moved: ids.C },
    });
    expect((await boardColumns(row))[0]!.cards.map((card) => card.title)).toEqual(["C", "A", "B"]);

    await deleteTask(owner.actor, { projectId, taskId: ids.B! });
    expect(await post(owner, { taskId: ids.B!, statusId: review!.id })).toMatchObject({
      status: 404,
      data: { moveError: "This task no longer exists, or you no longer have access to it." },
    });
    expect(await post(owner, { taskId: ids.A!, statusId: review!.id, afterId: "not a valid id" })).toMatchObject({
      status: 400,
      data: { moveError: "This move is not valid." },
    });

    const viewer = await buildUser();
    await addMember(owner.workspaceId, viewer.id, "viewer");
    expect(await post(viewer, { taskId: ids.A!, statusId: review!.id })).toMatchObject({ status: 403 });
    await setProjectArchived(owner.actor, { projectId, archived: true });
    expect(await post(owner, { taskId: ids.A!, statusId: review!.id })).toMatchObject({
      status: 403,
      data: { moveError: "This project is archived and read-only. Unarchive it to make changes." },
    });
    expect((await boardColumns(row))[0]!.cards.map((card) => card.title)).toEqual(["C", "A"]);

    // Without `via`, a plain form's post still comes back to the board by a redirect.
    await setProjectArchived(owner.actor, { projectId, archived: false });
    expect(await post(owner, { via: "", taskId: ids.A!, statusId: review!.id })).toMatchObject({
      status: 302,
      location: `/app/project/${projectId}?view=board#column-${review!.id}`,
    });
  });
});
