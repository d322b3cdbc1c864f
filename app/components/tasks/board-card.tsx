import type { ReactNode } from "react";
import { Form } from "react-router";

import { People } from "~/components/avatar";
import { DayText } from "~/components/date-text";
import type { BoardCard } from "~/components/tasks/types";

/**
 * A board card's content: plain elements with class names, styled once by the board
 * (docs/decisions/009). `handle` is the drag handle, there only once the page is hydrated;
 * `moveOptions` the statuses of the "Move to" select that posts without JavaScript.
 */
export function BoardCardContent({
  card,
  projectId,
  statusId,
  today,
  moveOptions,
  handle,
}: {
  card: BoardCard;
  projectId: string;
  statusId: string;
  /** YYYY-MM-DD: a card due before it is overdue. */
  today: string;
  /** Null for someone who may not move tasks. */
  moveOptions: ReactNode;
  handle?: ReactNode;
}) {
  const overdue = !card.done && card.dueDate !== null && card.dueDate < today;
  return (
    <article className="pl-task-card" data-done={card.done || undefined}>
      {handle}
      <span className="pl-task-key">{card.key}</span>
      {/* A plain anchor: the board follows it (components/lists/delegated-links.ts). */}
      <a className="pl-task-title" href={`/app/project/${projectId}/task/${card.id}`}>
        {card.title}
      </a>
      <div className="pl-task-meta">
        {card.labels.map((label) => (
          <span key={label.name} className="pl-label" data-color={label.color}>
            {label.name}
          </span>
        ))}
        {card.priority !== "none" ? (
          <span className="pl-priority" data-priority={card.priority}>
            {card.priority}
          </span>
        ) : null}
        {card.dueDate ? (
          <span className="pl-due" data-overdue={overdue || undefined}>
            {overdue ? "Overdue · " : "Due "}
            <DayText day={card.dueDate} />
          </span>
        ) : null}
        {card.subtasks.total > 0 ? (
          <span aria-label={`${card.subtasks.done} of ${card.subtasks.total} subtasks done`}>
            {card.subtasks.done}/{card.subtasks.total}
          </span>
        ) : null}
        {card.checklist.total > 0 ? (
          <span
            className="pl-checklist"
            aria-label={`${card.checklist.done} of ${card.checklist.total} checklist items done`}
          >
            ☑ {card.checklist.done}/{card.checklist.total}
          </span>
        ) : null}
        {card.assignees.length > 0 ? (
          <span className="pl-avatars">
            <People people={card.assignees} named={false} />
          </span>
        ) : null}
      </div>
      {moveOptions ? (
        <Form method="post" className="pl-move">
          <input type="hidden" name="intent" value="move-task" />
          <input type="hidden" name="taskId" value={card.id} />
          <select name="statusId" defaultValue={statusId} aria-label={`Move ${card.key} to`}>
            {moveOptions}
          </select>
          <button type="submit">Move</button>
        </Form>
      ) : null}
    </article>
  );
}
