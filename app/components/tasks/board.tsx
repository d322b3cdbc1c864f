import Alert from "@mui/material/Alert";
import { styled } from "@mui/material/styles";
import { useCallback, useMemo, useRef, type MouseEvent, type ReactNode } from "react";

import { useDelegatedLinks } from "~/components/lists/delegated-links";
import { BoardCardContent } from "~/components/tasks/board-card";
import { BoardDnd } from "~/components/tasks/board-dnd";
import { useLiveCards } from "~/components/tasks/board-live";
import { applyMove, useBoardMoves } from "~/components/tasks/board-moves";
import type { EditorField, EditorOptions, TaskValues } from "~/components/tasks/fields/options";
import { editRequestOf, usePropertyEditor } from "~/components/tasks/fields/property-editor";
import { useFieldShortcuts } from "~/components/tasks/fields/shortcuts";
import type { TaskPatch } from "~/components/tasks/fields/task-edits";
import { GroupFooter } from "~/components/tasks/group-footer";
import { BlockedMoveNotice } from "~/components/tasks/blocked-notices";
import type { BoardCard, BoardColumn } from "~/.server/tasks/views";
import { useHydrated } from "~/utils/use-hydrated";

/**
 * The Board view: a column per status with its count, cards in the cheap repeated-UI
 * pattern (docs/decisions/009): this one styled element holds every column's and card's
 * CSS; a card is plain elements with class names, no per-card styles and no per-card menu.
 * Without JavaScript each card has a "Move to" select that posts, and each column a quick
 * add form; a column shows its first cards and a "Show more" link (a GET). With it, cards
 * are dragged (pointer or keyboard, board-dnd.tsx) and moves show at once (board-moves.ts).
 */
const Columns = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    // Positioned: what it holds out of sight (a screen reader's text) stays inside its scroll, not the page's.
    position: "relative",
    display: "grid",
    gridAutoFlow: "column",
    gridAutoColumns: "minmax(260px, 1fr)",
    gap: 16,
    alignItems: "start",
    overflowX: "auto",
    paddingBottom: 8,
    "& .pl-column": {
      display: "grid",
      gap: 8,
      padding: 8,
      borderRadius: 12,
      background: palette.action.hover,
      minWidth: 0,
    },
    "& .pl-column > header": { display: "flex", alignItems: "center", gap: 8, padding: "4px 4px 0" },
    "& .pl-column h3": { margin: 0, fontSize: 14, fontWeight: 700 },
    "& .pl-count": {
      marginLeft: "auto",
      padding: "0 8px",
      borderRadius: 10,
      fontSize: 12,
      lineHeight: "20px",
      background: palette.action.selected,
    },
    "& .pl-cards": { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 8 },
    "& .pl-task-card": {
      position: "relative",
      display: "grid",
      gap: 6,
      padding: 12,
      borderRadius: 10,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& .pl-task-key": { fontSize: 12, color: palette.text.secondary },
    "& .pl-task-title": {
      color: "inherit",
      fontWeight: 600,
      fontSize: 14,
      textDecoration: "none",
      overflowWrap: "anywhere",
      "&:hover": { textDecoration: "underline" },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    "& [data-done] .pl-task-title": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-task-meta": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 6, fontSize: 12 },
    "& .pl-priority": { color: palette.text.secondary, textTransform: "capitalize" },
    "& .pl-priority[data-priority=urgent], & .pl-priority[data-priority=high]": { color: palette.warning.main },
    "& .pl-due, & .pl-checklist": { color: palette.text.secondary },
    "& .pl-due[data-overdue]": { color: palette.error.main, fontWeight: 600 },
    "& .pl-avatars": { display: "flex", marginLeft: "auto" },
    "& .pl-move": { display: "flex", gap: 6 },
    "& .pl-labels": { display: "inline-flex", flexWrap: "wrap", gap: 4 },
    "& a.pl-chip-edit": {
      margin: "-2px -4px",
      padding: "2px 4px",
      borderRadius: 6,
      textDecoration: "none",
      color: "inherit",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& a.pl-priority, & a.pl-due": { color: palette.text.secondary },
    "& .pl-unassigned": { fontSize: 12, color: palette.text.secondary, visibility: "hidden" },
    "& .pl-task-card:hover .pl-unassigned, & a.pl-chip-edit:focus-visible .pl-unassigned": { visibility: "visible" },
    // The drag and drop layer, after hydration: a handle per card, room to drop in an empty column.
    "& .pl-cards[data-droppable]": { minHeight: 48, alignContent: "start" },
    "& .pl-cards > li[data-dragging]": { position: "relative", zIndex: 1, opacity: 0.85 },
    "& .pl-task-card .pl-drag": {
      position: "absolute",
      top: 6,
      right: 6,
      padding: "0 6px",
      border: 0,
      background: "none",
      color: palette.text.secondary,
      cursor: "grab",
      lineHeight: "20px",
      touchAction: "none",
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "& select, & input[type=text], & button": { font: "inherit", fontSize: 13 },
    "& select, & input[type=text]": {
      minWidth: 0,
      flexGrow: 1,
      padding: "4px 6px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& button": {
      padding: "4px 10px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
    },
    "& .pl-quick-add": { display: "flex", gap: 6 },
    "& .pl-field-error": { margin: 0, fontSize: 12, color: palette.error.main },
    "& .pl-more": { fontSize: 13, color: palette.primary.main, padding: "0 4px" },
  };
});

const NO_OPTIONS: EditorOptions = { statuses: [], members: [], labels: [] };

export function Board({
  projectId,
  columns: fromLoader,
  asOf,
  canEdit,
  editorOptions,
  today,
  quickAdd,
  blockedMove,
}: {
  projectId: string;
  columns: BoardColumn[];
  /** The last real-time event the server had delivered when it read `columns` (board-live.ts). */
  asOf: number;
  canEdit: boolean;
  /** The property editors' choices; null for someone who may not edit tasks. */
  editorOptions?: EditorOptions | null;
  /** YYYY-MM-DD: a card due before it is overdue. */
  today: string;
  /** A refused quick add: which column, what was typed, and why. */
  quickAdd?: { statusId: string; title: string; error: string };
  /** A "Move to" (without JavaScript) that would complete a blocked task: the question, and the move to confirm. */
  blockedMove?: { taskId: string; statusId: string; message: string };
}) {
  const hydrated = useHydrated();
  const loaded = useLiveCards(projectId, fromLoader, asOf);
  const editable = canEdit && hydrated && Boolean(editorOptions);
  const options = editorOptions ?? NO_OPTIONS;
  const editor = usePropertyEditor(options, today);
  // Changes made in place show at once: a status as a move to that column's end, the rest on the card.
  const columns = useMemo(() => withPendingEdits(loaded, editor.pending, options), [loaded, editor.pending, options]);
  const moves = useBoardMoves(projectId, columns);
  const follow = useDelegatedLinks();
  const area = useRef<HTMLDivElement>(null);
  const openEditor = (chip: HTMLElement, taskId: string, field: EditorField) => {
    const card = columns
      .flatMap((column) => column.cards.map((item) => ({ item, column })))
      .find(({ item }) => item.id === taskId);
    if (!card) return;
    editor.open(
      chip,
      {
        taskId,
        taskUrl: `/app/project/${projectId}/task/${taskId}`,
        values: cardValues(card.item, card.column.id, options),
      },
      field,
    );
  };
  useFieldShortcuts(
    editable,
    (field, taskElement) => {
      const chip = taskElement?.querySelector<HTMLElement>(`[data-field="${field}"]`) ?? taskElement;
      if (chip && taskElement?.dataset.task) openEditor(chip, taskElement.dataset.task, field);
    },
    useCallback(() => area.current, []),
  );
  const onEditClick = (event: MouseEvent<HTMLElement>) => {
    const request = editRequestOf(event.target);
    if (!request) return;
    event.preventDefault();
    openEditor(request.chip, request.taskId, request.field);
  };
  // The "Move to" select is the card's move without JavaScript; with it, the card is dragged or given a status by `s`.
  const moveOptions =
    canEdit && !hydrated
      ? columns.map((column) => (
          <option key={column.id} value={column.id}>
            {column.name}
          </option>
        ))
      : null;
  const renderCard = (column: BoardColumn, card: BoardCard, handle?: ReactNode) => (
    <BoardCardContent
      card={card}
      projectId={projectId}
      statusId={column.id}
      today={today}
      moveOptions={moveOptions}
      handle={handle}
      editable={editable}
    />
  );
  const renderColumn = (column: BoardColumn, cards: ReactNode) => (
    <section key={column.id} className="pl-column" aria-labelledby={`column-${column.id}`} data-color={column.color}>
      <header>
        <h3 id={`column-${column.id}`}>{column.name}</h3>
        <span className="pl-count" aria-label={`${column.total} tasks`}>
          {column.total}
        </span>
      </header>
      {cards}
      <GroupFooter
        shown={column.cards.length}
        total={column.total}
        moreHref={`?view=board&more=${column.id}&limit=${column.cards.length + 50}#column-${column.id}`}
        canEdit={canEdit}
        statusId={column.id}
        statusName={column.name}
        view="board"
        refused={quickAdd?.statusId === column.id ? quickAdd : undefined}
      />
    </section>
  );
  return (
    <>
      {blockedMove ? <BlockedMoveNotice move={blockedMove} /> : null}
      {moves.refusal ? (
        <Alert severity="error" onClose={moves.dismiss} sx={{ mb: 2 }}>
          {moves.refusal}
        </Alert>
      ) : null}
      {/* Capture: the "Move to" forms go through the moves queue before their own submit handler runs. */}
      {/* Card titles are plain anchors: one handler (components/lists/delegated-links.ts). */}
      <Columns
        ref={area}
        onSubmitCapture={canEdit ? moves.onSubmit : undefined}
        onClickCapture={editable ? onEditClick : undefined}
        onClick={follow}
        aria-busy={moves.saving || undefined}
      >
        {canEdit ? (
          <BoardDnd
            active={hydrated}
            columns={moves.columns}
            onMove={moves.enqueue}
            renderColumn={renderColumn}
            renderCard={renderCard}
          />
        ) : (
          columns.map((column) =>
            renderColumn(
              column,
              <ul className="pl-cards" aria-labelledby={`column-${column.id}`}>
                {column.cards.map((card) => (
                  <li key={card.id}>{renderCard(column, card)}</li>
                ))}
              </ul>,
            ),
          )
        )}
      </Columns>
      {editor.element}
    </>
  );
}

/** The columns with the changes in flight applied: a new status moves the card to that column's end. */
function withPendingEdits(
  columns: BoardColumn[],
  pending: ReadonlyMap<string, TaskPatch>,
  options: EditorOptions,
): BoardColumn[] {
  if (pending.size === 0) return columns;
  let next = columns.map((column) => ({
    ...column,
    cards: column.cards.map((card) => {
      const patch = pending.get(card.id);
      if (!patch) return card;
      return {
        ...card,
        ...(patch.priority !== undefined ? { priority: patch.priority } : {}),
        ...(patch.dueDate !== undefined ? { dueDate: patch.dueDate } : {}),
        ...(patch.assigneeIds !== undefined
          ? {
              assignees: options.members
                .filter((member) => patch.assigneeIds!.includes(member.id))
                .map((member) => ({ id: member.id, name: member.name, avatarUrl: member.avatarUrl })),
            }
          : {}),
        ...(patch.labelIds !== undefined
          ? { labels: options.labels.filter((label) => patch.labelIds!.includes(label.id)) }
          : {}),
      };
    }),
  }));
  for (const [taskId, patch] of pending) {
    if (patch.statusId !== undefined) next = applyMove(next, { taskId, statusId: patch.statusId });
  }
  return next;
}

function cardValues(card: BoardCard, statusId: string, options: EditorOptions): TaskValues {
  return {
    statusId,
    priority: card.priority,
    dueDate: card.dueDate,
    startDate: null,
    assigneeIds: card.assignees.map((person) => person.id),
    labelIds: options.labels
      .filter((label) => card.labels.some((on) => on.name === label.name))
      .map((label) => label.id),
  };
}
