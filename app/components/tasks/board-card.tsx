import type { ReactNode } from "react";
import { Form } from "react-router";

import { FIELD_NAMES, type EditorField } from "~/components/tasks/fields/options";
import { People } from "~/components/avatar";
import { DayText } from "~/components/date-text";
import { Repeat } from "~/components/icons/material";
import type { BoardCard } from "~/.server/tasks/views";

/**
 * A board card's content: plain elements with class names, styled once by the board
 * (docs/decisions/009). `handle` is the drag handle, there only once the page is hydrated;
 * `moveOptions` the statuses of the "Move to" select that posts without JavaScript (not
 * rendered once hydrated: the card is dragged, or its status changed with `s`). With edit
 * rights its priority, due date, labels and assignees are chips (`data-field`) that open the
 * board's one editor; without JavaScript they lead to the task's page.
 */
export function BoardCardContent({
  card,
  projectId,
  statusId,
  today,
  moveOptions,
  handle,
  editable = false,
}: {
  card: BoardCard;
  projectId: string;
  statusId: string;
  /** YYYY-MM-DD: a card due before it is overdue. */
  today: string;
  /** Null for someone who may not move tasks. */
  moveOptions: ReactNode;
  handle?: ReactNode;
  /** The chips open the property editor. */
  editable?: boolean;
}) {
  const overdue = !card.done && card.dueDate !== null && card.dueDate < today;
  const href = `/app/project/${projectId}/task/${card.id}`;
  const chip = (field: EditorField, className: string, content: ReactNode, extra?: Record<string, unknown>) =>
    editable ? (
      <a className={`${className} pl-chip-edit`} href={href} data-field={field} aria-haspopup="dialog" {...extra}>
        <span className="pl-sr-only">{`${FIELD_NAMES[field]} of ${card.key}: `}</span>
        {content}
      </a>
    ) : (
      <span className={className} {...extra}>
        {content}
      </span>
    );
  return (
    <article className="pl-task-card" data-task={card.id} data-done={card.done || undefined}>
      {handle}
      <span className="pl-task-key">{card.key}</span>
      {/* A plain anchor: the board follows it (components/lists/delegated-links.ts). */}
      <a className="pl-task-title" href={href}>
        {card.title}
      </a>
      <div className="pl-task-meta">
        {card.blocked ? <span className="pl-blocked">Blocked</span> : null}
        {card.repeating ? (
          <span className="pl-repeating" role="img" aria-label="Repeats" title="Repeats">
            <Repeat fontSize="inherit" />
          </span>
        ) : null}
        {card.labels.length > 0
          ? chip(
              "labelIds",
              "pl-labels",
              card.labels.map((label) => (
                <span key={label.name} className="pl-label" data-color={label.color}>
                  {label.name}
                </span>
              )),
            )
          : null}
        {card.priority !== "none"
          ? chip("priority", "pl-priority", card.priority, { "data-priority": card.priority })
          : null}
        {card.dueDate
          ? chip(
              "dueDate",
              "pl-due",
              <>
                {overdue ? "Overdue · " : "Due "}
                <DayText day={card.dueDate} />
              </>,
              {
                "data-overdue": overdue || undefined,
              },
            )
          : null}
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
        {card.assignees.length > 0 || editable
          ? chip(
              "assigneeIds",
              "pl-avatars",
              card.assignees.length > 0 ? (
                <People people={card.assignees} named={false} />
              ) : (
                <span className="pl-unassigned">Assign</span>
              ),
            )
          : null}
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
