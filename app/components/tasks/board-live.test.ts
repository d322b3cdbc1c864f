import { describe, expect, it } from "vitest";

import { applyLiveCard } from "./board-live";
import type { BoardCard, BoardColumn } from "~/.server/tasks/views";

const card = (id: string): BoardCard => ({
  id,
  key: `WEB-${id}`,
  title: id,
  priority: "none",
  dueDate: null,
  done: false,
  blocked: false,
  repeating: false,
  assignees: [],
  labels: [],
  subtasks: { done: 0, total: 0 },
  checklist: { done: 0, total: 0 },
});
const column = (id: string, ids: string[], total = ids.length): BoardColumn => ({
  id,
  name: id,
  color: "slate",
  category: "not_started",
  total,
  cards: ids.map(card),
});
const ids = (columns: BoardColumn[] | null) =>
  columns?.map((item) => [item.id, item.total, item.cards.map((c) => c.id)]);

/** What a board can and cannot place from an event alone (the server side: tests/integration/live-cards.test.ts). */
describe("applyLiveCard", () => {
  const board = [column("todo", ["a", "b"]), column("doing", ["c"])];

  it("moves a card after its neighbour, with the counts it brings", () => {
    const live = { task: "a", status: "doing", after: "c", card: card("a"), counts: { todo: 1, doing: 2 } };
    expect(ids(applyLiveCard(board, live))).toEqual([
      ["todo", 1, ["b"]],
      ["doing", 2, ["c", "a"]],
    ]);
  });

  it("changes nothing when applied to a board that already shows it", () => {
    const live = { task: "b", status: "todo", after: "a", card: card("b"), counts: { todo: 2, doing: 1 } };
    expect(applyLiveCard(board, live)).toEqual(board);
  });

  it("takes a card off the board", () => {
    const live = { task: "c", status: "doing", after: null, card: null, counts: { todo: 2, doing: 0 } };
    expect(ids(applyLiveCard(board, live))).toEqual([
      ["todo", 2, ["a", "b"]],
      ["doing", 0, []],
    ]);
  });

  it("leaves a card past a long column's shown cards out of sight", () => {
    const long = [column("todo", ["a", "b"], 60), column("doing", ["c"])];
    const live = { task: "c", status: "todo", after: "z", card: card("c"), counts: { todo: 61, doing: 0 } };
    expect(ids(applyLiveCard(long, live))).toEqual([
      ["todo", 61, ["a", "b"]],
      ["doing", 0, []],
    ]);
  });

  it("refuses what it cannot place: an unknown column, counts without one, a missing neighbour of a whole column", () => {
    const base = { task: "a", after: null, card: card("a"), counts: null };
    expect(applyLiveCard(board, { ...base, status: "review" })).toBeNull();
    expect(applyLiveCard(board, { ...base, status: "todo", counts: { todo: 2 } })).toBeNull();
    expect(applyLiveCard(board, { ...base, status: "doing", after: "z" })).toBeNull();
  });
});
