import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useFetcher, useRevalidator } from "react-router";

import type { BoardCard, BoardColumn } from "~/.server/tasks/views";
import { askToCompleteBlocked } from "~/components/tasks/blocked-confirm";
import { CONFIRM_BLOCKED_FIELD } from "~/validation/task-relations";

/**
 * A card's move on the board: to a status, between two cards of that column (their public
 * ids, as the `move-task` intent takes them), or at the end when neither is given.
 */
export type Move = { taskId: string; statusId: string; beforeId?: string; afterId?: string };

/**
 * The columns as they look once `move` is done: the card leaves its column and enters the
 * target before `beforeId`, else after `afterId`, else at the end, and both counts follow.
 * Applying a move the loader already shows changes nothing, so a move can stay applied
 * until its revalidation has arrived.
 */
export function applyMove(columns: BoardColumn[], move: Move): BoardColumn[] {
  const from = columns.find((column) => column.cards.some((card) => card.id === move.taskId));
  const target = columns.find((column) => column.id === move.statusId);
  if (!from || !target) return columns;
  const card = from.cards.find((item) => item.id === move.taskId)!;
  const moved: BoardCard =
    from.id === target.id
      ? card
      : { ...card, done: target.category === "done" ? true : from.category === "done" ? false : card.done };
  return columns.map((column) => {
    let { cards, total } = column;
    if (column === from) {
      cards = cards.filter((item) => item.id !== move.taskId);
      total -= 1;
    }
    if (column === target) {
      const at = insertionIndex(cards, total, move);
      cards = at === null ? cards : [...cards.slice(0, at), moved, ...cards.slice(at)];
      total += 1;
    }
    return cards === column.cards ? column : { ...column, cards, total };
  });
}

/** Where the card goes among the shown cards; null when it lands past them (a long column's end). */
function insertionIndex(cards: BoardCard[], total: number, move: Move): number | null {
  const before = cards.findIndex((card) => card.id === move.beforeId);
  if (before >= 0) return before;
  const after = cards.findIndex((card) => card.id === move.afterId);
  if (after >= 0) return after + 1;
  return cards.length < total ? null : cards.length;
}

/** The move that puts the card where it sits in `columns` (after a drag): its neighbours there. */
export function moveTo(columns: BoardColumn[], taskId: string): Move | null {
  for (const column of columns) {
    const index = column.cards.findIndex((card) => card.id === taskId);
    if (index < 0) continue;
    return {
      taskId,
      statusId: column.id,
      beforeId: column.cards[index + 1]?.id,
      afterId: column.cards[index - 1]?.id,
    };
  }
  return null;
}

/** `confirm`: complete it even though it is blocked (asked once already). */
type Pending = Move & { label: string; confirm?: boolean };
/** `confirmBlocked`: the move would complete a blocked task, and `moveError` asks whether to anyway. */
type Answer = { moved?: string; moveError?: string; confirmBlocked?: boolean };

/**
 * The board's moves with JavaScript: shown at once (applied over the loader's columns) and
 * sent one after another through one fetcher to `move-task`, so a move's neighbours are
 * already in place on the server when it arrives. A move is dropped from the queue once
 * its revalidation has arrived; a refused one is dropped at once (the card goes back), its
 * reason is kept for the page to show, and the board is read again.
 */
export function useBoardMoves(projectId: string, columns: BoardColumn[]) {
  const fetcher = useFetcher<Answer>({ key: `board-moves-${projectId}` });
  const revalidator = useRevalidator();
  const [queue, setQueue] = useState<Pending[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const flight = useRef<{ move: Pending; started: boolean } | null>(null);

  useEffect(() => {
    const current = flight.current;
    if (fetcher.state !== "idle") {
      if (current) current.started = true;
      return;
    }
    if (current?.started) {
      flight.current = null;
      const error = fetcher.data?.moveError;
      if (error && fetcher.data?.confirmBlocked) {
        // Asked, not refused: the card goes back meanwhile, and moves again once confirmed.
        const again: Pending = { ...current.move, confirm: true };
        void askToCompleteBlocked(error).then((completeAnyway) => {
          if (completeAnyway) setQueue((moves) => [...moves, again]);
        });
      } else if (error) {
        setRefusal(`${current.move.label} could not be moved. ${error}`);
        void revalidator.revalidate();
      }
      setQueue((moves) => moves.filter((move) => move !== current.move));
      return;
    }
    const next = queue[0];
    // Sent and not yet under way (an effect that runs twice must not send it twice).
    if (current || !next) return;
    flight.current = { move: next, started: false };
    void fetcher.submit(
      {
        intent: "move-task",
        via: "fetcher",
        taskId: next.taskId,
        statusId: next.statusId,
        ...(next.beforeId ? { beforeId: next.beforeId } : {}),
        ...(next.afterId ? { afterId: next.afterId } : {}),
        ...(next.confirm ? { [CONFIRM_BLOCKED_FIELD]: "true" } : {}),
      },
      { method: "post", action: `/app/project/${projectId}` },
    );
  }, [fetcher, queue, revalidator, projectId]);

  const shown = useMemo(() => queue.reduce(applyMove, columns), [queue, columns]);

  function enqueue(move: Move) {
    const card = shown.flatMap((column) => column.cards).find((item) => item.id === move.taskId);
    if (!card) return;
    setRefusal(null);
    setQueue((moves) => [...moves, { ...move, label: card.key }]);
  }

  return {
    columns: shown,
    enqueue,
    /** Moves not yet saved and read back. */
    saving: queue.length > 0,
    refusal,
    dismiss: () => setRefusal(null),
    /** The cards' "Move to" forms, sent through the queue instead of a page load. */
    onSubmit(event: FormEvent<HTMLElement>) {
      const form = event.target as HTMLFormElement;
      const fields = new FormData(form);
      if (fields.get("intent") !== "move-task") return;
      event.preventDefault();
      enqueue({ taskId: String(fields.get("taskId")), statusId: String(fields.get("statusId")) });
    },
  };
}
