import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from "@dnd-kit/core";
import {
  useEffect,
  useRef,
  useState,
  type KeyboardEventHandler,
  type PointerEventHandler,
  type ReactNode,
} from "react";
import { useFetcher } from "react-router";

import type { CalendarTask, ProjectCalendar } from "~/.server/tasks/views";
import { addDays, dayName } from "~/utils/calendar-month";

/**
 * Rescheduling by drag and drop on the Calendar view, live once the page is hydrated
 * (without JavaScript the day view's and the undated list's forms do it). A task is
 * dragged by pointer from anywhere on it, or from its handle by keyboard (Space, arrows
 * day by day and week by week, Space to drop, Escape to cancel); dropping it on a day sets
 * its due date, on the undated list clears it. The move shows at once and is posted by a
 * fetcher to the `reschedule-task` intent; a refusal is shown and the task goes back.
 */
const UNDATED = "undated";

export type Move = { task: CalendarTask; dueDate: string | null };

const STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

/** The arrow keys move the dragged task onto the next day or week, not 25 pixels. */
const dayByDay: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = STEPS[event.code];
  if (step === undefined) return undefined;
  const from = context.over?.id;
  const target =
    typeof from === "string" && from !== UNDATED
      ? addDays(from, step)
      : [...context.droppableRects.keys()].find((id) => id !== UNDATED);
  const rect = target === undefined ? undefined : context.droppableRects.get(target);
  const item = context.collisionRect;
  if (!rect || !item) return currentCoordinates;
  return {
    x: currentCoordinates.x + rect.left + rect.width / 2 - (item.left + item.width / 2),
    y: currentCoordinates.y + rect.top + rect.height / 2 - (item.top + item.height / 2),
  };
};

/** Over the day under the pointer, or (by keyboard) under the dragged task's centre. */
const underCentre: CollisionDetection = (args) => {
  const rect = args.collisionRect;
  const point = args.pointerCoordinates ?? { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
  return pointerWithin({ ...args, pointerCoordinates: point });
};

const place = (id: UniqueIdentifier) => (id === UNDATED ? "No due date" : dayName(String(id)));
const named = (task: unknown) => {
  const { key, title } = task as CalendarTask;
  return `${key} ${title}`;
};

const announcements: Announcements = {
  onDragStart: ({ active }) => `Picked up ${named(active.data.current)}.`,
  onDragOver: ({ active, over }) =>
    over ? `${named(active.data.current)} is over ${place(over.id)}.` : `${named(active.data.current)} is over no day.`,
  onDragEnd: ({ active, over }) =>
    over
      ? `${named(active.data.current)} was dropped on ${place(over.id)}.`
      : `${named(active.data.current)} was dropped outside the calendar and stays where it was.`,
  onDragCancel: ({ active }) => `Moving ${named(active.data.current)} was cancelled.`,
};

const screenReaderInstructions = {
  draggable:
    "To reschedule this task, press Space, move it with the arrow keys a day or a week at a time, then press Space to drop it or Escape to cancel.",
};

export function CalendarDnd({
  onMove,
  children,
}: {
  onMove: (task: CalendarTask, dueDate: string | null) => void;
  children: ReactNode;
}) {
  const [active, setActive] = useState<CalendarTask | null>(null);
  const sensors = useSensors(
    // A click on the task's link stays a click: a drag starts after 5 pixels.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: dayByDay }),
  );
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={underCentre}
      accessibility={{ announcements, screenReaderInstructions }}
      onDragStart={(event) => setActive(event.active.data.current as CalendarTask)}
      onDragCancel={() => setActive(null)}
      onDragEnd={({ active: dragged, over }) => {
        setActive(null);
        const task = dragged.data.current as CalendarTask;
        if (!over) return;
        const dueDate = over.id === UNDATED ? null : String(over.id);
        if (dueDate !== task.dueDate) onMove(task, dueDate);
      }}
    >
      {children}
      <DragOverlay dropAnimation={null}>
        {active ? <div className="pl-cal-overlay">{named(active)}</div> : null}
      </DragOverlay>
    </DndContext>
  );
}

/**
 * A task entry that can be dragged once `enabled`: pointer anywhere on it, keyboard on its
 * handle. Rendered the same before, so hydration changes no element, only adds the handle.
 */
export function Draggable({ task, enabled, children }: { task: CalendarTask; enabled: boolean; children: ReactNode }) {
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: task.id,
    data: task,
    disabled: !enabled,
  });
  return (
    <li
      ref={setNodeRef}
      className="pl-cal-task"
      data-color={task.status.color}
      data-done={task.done || undefined}
      data-dragging={isDragging || undefined}
      onPointerDown={(event) => {
        // The undated list's date field and button stay usable: no drag starts from a form.
        if (!enabled || (event.target as HTMLElement).closest("form")) return;
        (listeners?.onPointerDown as PointerEventHandler | undefined)?.(event);
      }}
    >
      {enabled ? (
        <button
          type="button"
          className="pl-grip"
          ref={setActivatorNodeRef}
          {...attributes}
          onKeyDown={listeners?.onKeyDown as KeyboardEventHandler | undefined}
          aria-label={`Reschedule ${task.key}`}
        >
          ⠿
        </button>
      ) : null}
      {children}
    </li>
  );
}

/** A drop target once `enabled`: a day's cell (its date as id) or the undated list. */
export function Droppable({
  id,
  enabled,
  children,
}: {
  id: string;
  enabled: boolean;
  children: (ref: (element: HTMLElement | null) => void, over: boolean) => ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled: !enabled });
  return children(setNodeRef, isOver);
}

/**
 * The moves dropped and not yet settled, sent one after the other through one fetcher (a
 * second drop while the first is in flight waits instead of cancelling it), and the last
 * refusal's message.
 */
export function useReschedule() {
  const fetcher = useFetcher<{ reschedule?: { error: string } }>({ key: "calendar-reschedule" });
  const [moves, setMoves] = useState<Move[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const sent = useRef<{ move: Move; busy: boolean } | null>(null);
  useEffect(() => {
    const inFlight = sent.current;
    if (inFlight && fetcher.state !== "idle") inFlight.busy = true;
    if (fetcher.state !== "idle") return;
    if (inFlight?.busy) {
      sent.current = null;
      const error = fetcher.data?.reschedule?.error;
      setRefusal(error ? `${inFlight.move.task.key} was not moved: ${error}` : null);
      setMoves((queue) => queue.slice(1));
      return;
    }
    const next = moves[0];
    if (inFlight || !next) return;
    sent.current = { move: next, busy: false };
    void fetcher.submit(
      { intent: "reschedule-task", taskId: next.task.id, dueDate: next.dueDate ?? "" },
      { method: "post" },
    );
  }, [fetcher, moves]);
  return {
    moves,
    refusal,
    move: (task: CalendarTask, dueDate: string | null) => setMoves((queue) => [...queue, { task, dueDate }]),
  };
}

/** The calendar as it will be once `moves` are saved: each task taken out of where it was and put where it goes. */
export function withMoves(calendar: ProjectCalendar, moves: Move[]): ProjectCalendar {
  return moves.reduce((shown, { task, dueDate }) => {
    const moved = { ...task, dueDate };
    const shift = <T extends { tasks: CalendarTask[]; total: number }>(list: T, lands: boolean): T => {
      const had = list.tasks.some((candidate) => candidate.id === task.id);
      if (!had && !lands) return list;
      const tasks = list.tasks.filter((candidate) => candidate.id !== task.id);
      return { ...list, tasks: lands ? [...tasks, moved] : tasks, total: list.total - (had ? 1 : 0) + (lands ? 1 : 0) };
    };
    return {
      ...shown,
      days: shown.days.map((cell) => shift(cell, cell.date === dueDate)),
      day: shown.day ? shift(shown.day, shown.day.date === dueDate) : null,
      undated: shift(shown.undated, dueDate === null),
    };
  }, calendar);
}
