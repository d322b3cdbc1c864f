import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { projects } from "~/.server/db/schema";
import { createProject } from "~/.server/projects/projects";
import { startRealtime } from "~/.server/realtime";
import { bulkEditTasks } from "~/.server/tasks/bulk";
import { addChecklistItem } from "~/.server/tasks/checklist";
import { boardColumns } from "~/.server/tasks/queries";
import { createTask, deleteTask, moveTask, setTaskAssignees, updateTask } from "~/.server/tasks/tasks";
import { applyLiveCard } from "~/components/tasks/board-live";
import type { BoardColumn } from "~/.server/tasks/views";
import type { LiveCard } from "~/utils/realtime";
import { engines, useTestDatabase } from "../setup/database";
import { addMember, buildUser } from "../setup/factories";
import { openTestStream, type SseMessage } from "../setup/sse";

/**
 * Live board updates that patch (issue 31): a task's change reaches an open board with the
 * card as it now is, where it sits and, when cards may change columns, every column's count.
 * The test holds a board, applies each event to it alone, and compares with the board read
 * again: equal after every kind of change, on a short board and past a long column's page.
 */
describe.each(engines)("live board cards on %s", (engine) => {
  useTestDatabase(engine);
  let stop: () => Promise<void>;
  beforeAll(async () => {
    stop = await startRealtime({});
  });
  afterAll(async () => {
    await stop();
  });

  async function setup(titles: string[]) {
    const owner = await buildUser();
    const member = await buildUser();
    await addMember(owner.workspaceId, member.id, "editor");
    const created = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const ids: Record<string, string> = {};
    for (const title of titles) ids[title] = (await createTask(owner.actor, { projectId: created.id, title })).id;
    // Opened after the tasks exist: its first events are the test's.
    const stream = await openTestStream(member);
    return { owner, member, projectId: created.id, project: row!, ids, stream };
  }

  const isChange = (message: SseMessage) => message.event === "change";
  const cardOf = (message: SseMessage) => message.data.card as LiveCard | undefined;

  /** Runs each step, applies its event's card to the board held so far, and expects the board read again. */
  async function expectPatchedBoards(
    board: BoardColumn[],
    project: { id: string; key: string },
    stream: Awaited<ReturnType<typeof openTestStream>>,
    steps: Array<() => Promise<unknown>>,
    exact = true,
  ) {
    let held = board;
    for (const [index, step] of steps.entries()) {
      await step();
      const change = await stream.next(isChange);
      const live = cardOf(change);
      expect(live, `step ${index} (${String(change.data.type)}) carries a card`).toBeDefined();
      const patched = applyLiveCard(held, live!);
      if (exact) expect(patched).toEqual(await boardColumns(project));
      expect(patched, `step ${index} applies`).not.toBeNull();
      // Every card of every column, in order.
      const reread = await boardColumns(project, { column: held[0]!.id, limit: 1000 });
      // A card that leaves a full first page leaves it one short (the next card is not known
      // here; "Show more" reads it), one that lands right after it makes it one longer:
      // what the patched board shows is each column's start.
      const shown = reread.map((column, at) => ({
        ...column,
        cards: column.cards.slice(0, patched![at]?.cards.length),
      }));
      expect(patched, `step ${index} (${String(change.data.type)})`).toEqual(shown);
      held = patched!;
    }
  }

  it("every kind of task change patches a board into the board read again", async () => {
    const { owner, projectId, project, ids, stream } = await setup(["A", "B", "C", "D"]);
    const board = await boardColumns(project);
    const [todo, doing, , done] = board.map((column) => column.id);
    let subtask = "";
    await expectPatchedBoards(board, project, stream, [
      () => moveTask(owner.actor, { projectId, taskId: ids.C!, statusId: doing!, placement: { at: "end" } }),
      () => moveTask(owner.actor, { projectId, taskId: ids.D!, statusId: doing!, placement: { at: "start" } }),
      () => moveTask(owner.actor, { projectId, taskId: ids.A!, statusId: todo!, placement: { at: "end" } }),
      () => updateTask(owner.actor, { projectId, taskId: ids.B!, priority: "urgent", dueDate: "2026-12-01" }),
      () => setTaskAssignees(owner.actor, { projectId, taskId: ids.B!, userIds: [owner.id] }),
      () => addChecklistItem(owner.actor, { projectId, taskId: ids.B!, title: "Write it" }),
      async () => (subtask = (await createTask(owner.actor, { projectId, title: "Part", parentId: ids.B! })).id),
      () => moveTask(owner.actor, { projectId, taskId: ids.C!, statusId: done!, placement: { at: "start" } }),
      () => deleteTask(owner.actor, { projectId, taskId: subtask }),
      () => deleteTask(owner.actor, { projectId, taskId: ids.A! }),
      () => createTask(owner.actor, { projectId, title: "E", statusId: done! }),
    ]);
    stream.close();
  });

  it("past a long column's first page a card changes the counts only, and comes back into it", async () => {
    const titles = Array.from({ length: 53 }, (_, index) => `Task ${index + 1}`);
    const { owner, projectId, project, ids, stream } = await setup(titles);
    const board = await boardColumns(project);
    const [todo, doing] = board.map((column) => column.id);
    expect(board[0]!.cards).toHaveLength(50);
    await expectPatchedBoards(
      board,
      project,
      stream,
      [
        // The last card, unseen, leaves for another column; then a seen one goes to the unseen end.
        () => moveTask(owner.actor, { projectId, taskId: ids["Task 53"]!, statusId: doing!, placement: { at: "end" } }),
        () => moveTask(owner.actor, { projectId, taskId: ids["Task 2"]!, statusId: todo!, placement: { at: "end" } }),
        () => updateTask(owner.actor, { projectId, taskId: ids["Task 51"]!, title: "Renamed out of sight" }),
        () => moveTask(owner.actor, { projectId, taskId: ids["Task 2"]!, statusId: todo!, placement: { at: "start" } }),
      ],
      false,
    );
    stream.close();
  });

  it("a bulk edit of many tasks sends no cards: the boards read again once", async () => {
    const titles = Array.from({ length: 21 }, (_, index) => `Bulk ${index + 1}`);
    const { owner, projectId, ids, stream } = await setup(titles);
    await bulkEditTasks(owner.actor, { projectId, taskIds: Object.values(ids), priority: "high" });
    const changes = [];
    for (let index = 0; index < titles.length; index++) changes.push(await stream.next(isChange));
    expect(changes.map((change) => change.data.type)).toEqual(titles.map(() => "task.updated"));
    expect(changes.filter((change) => cardOf(change) !== undefined)).toEqual([]);
    stream.close();
  });
});
