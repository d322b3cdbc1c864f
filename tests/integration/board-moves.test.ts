import { and, asc, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { projects, statuses, tasks } from "~/.server/db/schema";
import { createProject, setProjectArchived } from "~/.server/projects/projects";
import { bulkEditTasks } from "~/.server/tasks/bulk";
import { MAX_KEY_LENGTH } from "~/.server/tasks/positions";
import { quickAddTask } from "~/.server/tasks/quick-add";
import { boardColumns } from "~/.server/tasks/queries";
import { isSoundKey } from "~/.server/tasks/repair-positions";
import { deleteStatus } from "~/.server/tasks/statuses";
import { createTask, deleteTask, moveTask } from "~/.server/tasks/tasks";
import { applyMove, type Move } from "~/components/tasks/board-moves";
import type { BoardColumn } from "~/.server/tasks/views";
import * as project from "~/routes/app/project";
import { placementOf } from "~/validation/task-fields";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { callAction } from "../setup/route-harness";

/**
 * The board's drag and drop against the server: the neighbours the page sends land the card
 * where the page already shows it (order, counts, done), and the `move-task` intent answers
 * a fetcher with data, a refusal included, instead of a redirect or an error page. Moves
 * and every other write that gives a card a place, sent all at once into the same end and
 * the same slot, all land, each where it was sent (on PostgreSQL they run in parallel).
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

  /** A column's live cards in order, with their keys (the status by its public id, as the board names it). */
  async function columnOf(statusId: string) {
    return db()
      .select({ id: tasks.publicId, title: tasks.title, position: tasks.position })
      .from(tasks)
      .innerJoin(statuses, eq(statuses.id, tasks.statusId))
      .where(and(eq(statuses.publicId, statusId), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.position));
  }

  /** Every key one the ordering package can build on, none twice. */
  function expectSoundKeys(cards: { position: string }[]) {
    expect(cards.filter((card) => !isSoundKey(card.position))).toEqual([]);
    expect(new Set(cards.map((card) => card.position)).size).toBe(cards.length);
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
  it("forty moves sent at once to a column's start, end and either side of one card all land where they were sent", async () => {
    const { owner, projectId, row, ids } = await setup(["first", "anchor", "last"]);
    const [todo, , review] = await boardColumns(row);
    const movers: string[] = [];
    for (let i = 0; i < 40; i++)
      movers.push((await createTask(owner.actor, { projectId, title: `m${i}`, statusId: review!.id })).id);
    const kinds = ["start", "before", "after", "end"] as const;
    // As the board sends them: the start is before the first card it shows, the end no neighbour.
    const neighbours = {
      start: { beforeId: ids.first },
      before: { beforeId: ids.anchor },
      after: { afterId: ids.anchor },
      end: {},
    };
    const results = await Promise.allSettled(
      movers.map((taskId, i) =>
        moveTask(owner.actor, {
          projectId,
          taskId,
          statusId: todo!.id,
          placement: placementOf(neighbours[kinds[i % 4]!]),
        }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);

    const cards = await columnOf(todo!.id);
    expectSoundKeys(cards);
    const kindOf = new Map(movers.map((id, i) => [id, kinds[i % 4]!]));
    // Each group in place; within a group, the order the moves happened to commit in.
    const groups = cards.map((card) => kindOf.get(card.id) ?? card.title);
    expect(groups.filter((group, i) => group !== groups[i - 1])).toEqual([
      "start",
      "first",
      "before",
      "anchor",
      "after",
      "last",
      "end",
    ]);
    expect(cards).toHaveLength(43);
    expect(await columnOf(review!.id)).toEqual([]);
  });

  it("moves into a slot whose keys are used up re-space the column, and all land", async () => {
    const { owner, projectId, row, ids } = await setup(["top", "anchor"]);
    const [todo, , review] = await boardColumns(row);
    // Keys as many inserts into one gap leave them: the next one between them is too long.
    const crowded = "a0" + "1".repeat(MAX_KEY_LENGTH - 2);
    await db().update(tasks).set({ position: crowded }).where(eq(tasks.publicId, ids.top!));
    await db()
      .update(tasks)
      .set({ position: crowded.slice(0, -1) + "2" })
      .where(eq(tasks.publicId, ids.anchor!));
    const movers: string[] = [];
    for (let i = 0; i < 20; i++)
      movers.push((await createTask(owner.actor, { projectId, title: `m${i}`, statusId: review!.id })).id);
    const results = await Promise.allSettled(
      movers.map((taskId) =>
        moveTask(owner.actor, { projectId, taskId, statusId: todo!.id, placement: { before: ids.anchor! } }),
      ),
    );
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const cards = await columnOf(todo!.id);
    expectSoundKeys(cards);
    expect(cards[0]!.title).toBe("top");
    expect(cards.at(-1)!.title).toBe("anchor");
    expect(cards).toHaveLength(22);
  });

  it("every write that puts cards at a column's end, sent at once, gives each its own place", async () => {
    const { owner, projectId, row } = await setup([]);
    const [todo, doing, review] = await boardColumns(row);
    const made = async (count: number, statusId: string) => {
      const madeIds: string[] = [];
      for (let i = 0; i < count; i++)
        madeIds.push((await createTask(owner.actor, { projectId, title: `${statusId}-${i}`, statusId })).id);
      return madeIds;
    };
    const fromDoing = await made(10, doing!.id);
    const fromReview = await made(6, review!.id);
    const results = await Promise.allSettled([
      // The task page's status menu, the assistant: to the end.
      ...fromDoing.map((taskId) =>
        moveTask(owner.actor, { projectId, taskId, statusId: todo!.id, placement: { at: "end" } }),
      ),
      // The List's bulk bar: a batch to the end, in its order.
      bulkEditTasks(owner.actor, { projectId, taskIds: fromReview.slice(0, 3), statusId: todo!.id }),
      bulkEditTasks(owner.actor, { projectId, taskIds: fromReview.slice(3), statusId: todo!.id }),
      // The board's and the List's quick add, and a plain create: at the end.
      ...Array.from({ length: 8 }, (_, i) =>
        quickAddTask(owner.actor, { projectId, statusId: todo!.id, text: `quick ${i}`, today: "2026-11-26" }),
      ),
      ...Array.from({ length: 8 }, (_, i) =>
        createTask(owner.actor, { projectId, title: `new ${i}`, statusId: todo!.id }),
      ),
    ]);
    expect(results.filter((result) => result.status === "rejected")).toEqual([]);
    const cards = await columnOf(todo!.id);
    expect(cards).toHaveLength(10 + 6 + 8 + 8);
    expectSoundKeys(cards);
    // A batch keeps its own order, whatever lands among its cards.
    const order = cards.map((card) => card.id);
    expect(order.filter((id) => fromReview.slice(0, 3).includes(id))).toEqual(fromReview.slice(0, 3));
    expect(order.filter((id) => fromReview.slice(3).includes(id))).toEqual(fromReview.slice(3));

    // Deleting a column sends its cards to another's end while cards go there too.
    const leaving = await made(4, review!.id);
    const more = await made(5, doing!.id);
    const deleted = await Promise.allSettled([
      deleteStatus(owner.actor, { projectId, statusId: review!.id, targetStatusId: todo!.id }),
      ...more.map((taskId) =>
        moveTask(owner.actor, { projectId, taskId, statusId: todo!.id, placement: { at: "end" } }),
      ),
    ]);
    expect(deleted.filter((result) => result.status === "rejected")).toEqual([]);
    const after = await columnOf(todo!.id);
    expect(after).toHaveLength(cards.length + 4 + 5);
    expectSoundKeys(after);
    // The deleted column's cards arrive in their order (the moves sent meanwhile may land among them).
    expect(after.map((card) => card.id).filter((id) => leaving.includes(id))).toEqual(leaving);
  });
});
