import {
  closestCorners,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useMemo, useRef, useState, type ReactNode } from "react";

import { applyMove, moveTo, type Move } from "~/components/tasks/board-moves";
import type { BoardCard, BoardColumn } from "~/.server/tasks/views";

/**
 * The board's drag and drop: the same columns and cards, each card draggable with the
 * pointer or, from its handle, with the keyboard (Space or Enter picks it up, the arrows
 * move it, Space or Enter drops it, Escape puts it back). A drop becomes one `Move` for the
 * board's queue; what happens is announced in our words. The contexts render no markup of
 * their own, so they wrap the board from the start and hydration keeps every column (and
 * what is typed in it); the cards become draggable only once `active` (hydrated), because
 * dnd-kit's generated ids in their attributes would not match the server's HTML.
 */
const INSTRUCTIONS =
  "To move a card, press Space or Enter on its drag handle, use the arrow keys to move it " +
  "(left and right change the column), then press Space or Enter to drop it, or Escape to cancel.";

type Props = {
  active: boolean;
  columns: BoardColumn[];
  onMove: (move: Move) => void;
  renderColumn: (column: BoardColumn, cards: ReactNode) => ReactNode;
  renderCard: (column: BoardColumn, card: BoardCard, handle: ReactNode) => ReactNode;
};

export function BoardDnd({ active, columns, onMove, renderColumn, renderCard }: Props) {
  // The columns while a card is dragged across them; the board's own columns otherwise.
  const [dragged, setDragged] = useState<BoardColumn[] | null>(null);
  const shown = dragged ?? columns;
  // What the next announcement says: set by the handlers, which dnd-kit runs first.
  const said = useRef("");
  // Where the card was last announced, so passing over itself repeats nothing.
  const lastSpot = useRef("");
  const announcements = useMemo<Announcements>(() => {
    const say = () => said.current;
    return { onDragStart: say, onDragOver: say, onDragEnd: say, onDragCancel: say };
  }, []);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragStart({ active }: DragStartEvent) {
    const spot = locate(columns, active.id);
    if (!spot) return;
    said.current = `Picked up ${spot.card.key}, ${spot.card.title}. It is in ${where(spot)}.`;
    lastSpot.current = where(spot);
    setDragged(columns);
  }

  function onDragOver({ active, over }: DragOverEvent) {
    const spot = locate(shown, active.id);
    if (!spot) return;
    const target = over ? columnOf(shown, over.id) : undefined;
    if (!over || !target) {
      said.current = `${spot.card.key} is not over a column.`;
      return;
    }
    if (target === spot.column) {
      const index = target.cards.findIndex((card) => card.id === over.id);
      tell(spot.card, { column: target, index: index < 0 ? spot.index : index });
      return;
    }
    // Into another column: before the card it is over, or after it when the pointer is past its middle.
    const overIndex = target.cards.findIndex((card) => card.id === over.id);
    const dragRect = active.rect.current.translated;
    const below = overIndex >= 0 && dragRect !== null && dragRect.top > over.rect.top + over.rect.height / 2;
    const index = overIndex < 0 ? target.cards.length : overIndex + (below ? 1 : 0);
    const next = applyMove(shown, {
      taskId: spot.card.id,
      statusId: target.id,
      beforeId: target.cards[index]?.id,
      afterId: target.cards[index - 1]?.id,
    });
    setDragged(next);
    tell(spot.card, locate(next, active.id) ?? { column: target, index });
  }

  function tell(card: BoardCard, spot: Spot) {
    if (where(spot) === lastSpot.current) return;
    lastSpot.current = where(spot);
    said.current = `${card.key} is over ${where(spot)}.`;
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    setDragged(null);
    const spot = locate(shown, active.id);
    if (!spot) return;
    if (!over) {
      putBack(spot.card);
      return;
    }
    const overIndex = spot.column.cards.findIndex((card) => card.id === over.id);
    const board =
      overIndex >= 0 && overIndex !== spot.index
        ? shown.map((column) =>
            column === spot.column ? { ...column, cards: arrayMove(column.cards, spot.index, overIndex) } : column,
          )
        : shown;
    const move = moveTo(board, spot.card.id);
    const before = moveTo(columns, spot.card.id);
    const landed = locate(board, active.id);
    if (!move || !landed) return;
    if (before && sameMove(before, move)) {
      said.current = `${spot.card.key} was dropped where it was: ${where(landed)}.`;
      return;
    }
    said.current = `Moved ${spot.card.key} to ${landed.column.name}, position ${landed.index + 1} of ${positions(landed)}.`;
    onMove(move);
  }

  function putBack(card: BoardCard) {
    const home = locate(columns, card.id);
    said.current = `Cancelled. ${card.key} went back to ${home ? where(home) : "where it was"}.`;
  }

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCorners}
      // Scroll the board sideways only near its very edges: at dnd-kit's default (a fifth of
      // the width) a card taken to the third of four columns would scroll on to the fourth.
      autoScroll={{ threshold: { x: 0.08, y: 0.2 } }}
      accessibility={{ announcements, screenReaderInstructions: { draggable: INSTRUCTIONS } }}
      onDragStart={onDragStart}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={({ active }) => {
        setDragged(null);
        const spot = locate(columns, active.id);
        if (spot) putBack(spot.card);
      }}
    >
      {shown.map((column) =>
        renderColumn(
          column,
          <SortableContext
            id={column.id}
            items={column.cards.map((card) => card.id)}
            strategy={verticalListSortingStrategy}
          >
            <DroppableCards columnId={column.id} active={active}>
              {column.cards.map((card) =>
                active ? (
                  <SortableCard key={card.id} card={card}>
                    {(handle) => renderCard(column, card, handle)}
                  </SortableCard>
                ) : (
                  <li key={card.id}>{renderCard(column, card, null)}</li>
                ),
              )}
            </DroppableCards>
          </SortableContext>,
        ),
      )}
    </DndContext>
  );
}

/** A column's list, also a drop target of its own so an empty column takes cards. */
function DroppableCards({ columnId, active, children }: { columnId: string; active: boolean; children: ReactNode }) {
  const { setNodeRef } = useDroppable({ id: columnId, disabled: !active });
  return (
    <ul
      ref={setNodeRef}
      className="pl-cards"
      aria-labelledby={`column-${columnId}`}
      data-droppable={active ? "" : undefined}
    >
      {children}
    </ul>
  );
}

/** A card: dragged from anywhere with the pointer, from its handle with the keyboard. */
function SortableCard({ card, children }: { card: BoardCard; children: (handle: ReactNode) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: card.id,
    attributes: { roleDescription: "draggable card" },
  });
  // The keyboard's listener goes on the handle, the pointer's on the whole card.
  const { onKeyDown, ...pointer } = listeners ?? {};
  const keyboard: typeof listeners = onKeyDown ? { onKeyDown } : undefined;
  const handle = (
    <button
      type="button"
      ref={setActivatorNodeRef}
      className="pl-drag"
      {...attributes}
      {...keyboard}
      aria-label={`Drag ${card.key} ${card.title}`}
    >
      <span aria-hidden="true">⠿</span>
    </button>
  );
  return (
    <li
      ref={setNodeRef}
      {...pointer}
      data-dragging={isDragging || undefined}
      style={transform ? { transform: CSS.Translate.toString(transform), transition } : undefined}
    >
      {children(handle)}
    </li>
  );
}

type Spot = { column: BoardColumn; index: number };

function locate(columns: BoardColumn[], id: UniqueIdentifier) {
  for (const column of columns) {
    const index = column.cards.findIndex((card) => card.id === id);
    if (index >= 0) return { column, index, card: column.cards[index]! };
  }
  return undefined;
}

/** The column a drop target is: the column itself, or the one holding the card. */
function columnOf(columns: BoardColumn[], id: UniqueIdentifier) {
  return columns.find((column) => column.id === id) ?? locate(columns, id)?.column;
}

/** How many places a column has: its count, or its shown cards when more were added meanwhile. */
function positions({ column }: Spot) {
  return Math.max(column.total, column.cards.length);
}

function where(spot: Spot) {
  return `${spot.column.name}, position ${spot.index + 1} of ${positions(spot)}`;
}

function sameMove(a: Move, b: Move) {
  return a.statusId === b.statusId && a.beforeId === b.beforeId && a.afterId === b.afterId;
}
