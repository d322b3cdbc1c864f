import { styled } from "@mui/material/styles";
import { Form, Link } from "react-router";

import { GroupFooter } from "~/components/tasks/group-footer";
import type { BoardColumn } from "~/components/tasks/types";

/**
 * The Board view: a column per status with its count, cards in the cheap repeated-UI
 * pattern (docs/decisions/009): this one styled element holds every column's and card's
 * CSS; a card is plain elements with class names, no per-card styles and no per-card menu.
 * Without JavaScript each card has a "Move to" select that posts, and each column a quick
 * add form; a column shows its first cards and a "Show more" link (a GET).
 */
const Columns = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
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
    "& .pl-avatars img": {
      width: 22,
      height: 22,
      borderRadius: "50%",
      border: `2px solid ${palette.background.paper}`,
      marginLeft: -6,
    },
    "& .pl-move": { display: "flex", gap: 6 },
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

export function Board({
  projectId,
  columns,
  canEdit,
  today,
  quickAdd,
}: {
  projectId: string;
  columns: BoardColumn[];
  canEdit: boolean;
  /** YYYY-MM-DD: a card due before it is overdue. */
  today: string;
  /** A refused quick add: which column, what was typed, and why. */
  quickAdd?: { statusId: string; title: string; error: string };
}) {
  const options = columns.map((column) => (
    <option key={column.id} value={column.id}>
      {column.name}
    </option>
  ));
  return (
    <Columns>
      {columns.map((column) => {
        return (
          <section
            key={column.id}
            className="pl-column"
            aria-labelledby={`column-${column.id}`}
            data-color={column.color}
          >
            <header>
              <h3 id={`column-${column.id}`}>{column.name}</h3>
              <span className="pl-count" aria-label={`${column.total} tasks`}>
                {column.total}
              </span>
            </header>
            <ul className="pl-cards" aria-labelledby={`column-${column.id}`}>
              {column.cards.map((card) => {
                const overdue = !card.done && card.dueDate !== null && card.dueDate < today;
                return (
                  <li key={card.id}>
                    <article className="pl-task-card" data-done={card.done || undefined}>
                      <span className="pl-task-key">{card.key}</span>
                      <Link className="pl-task-title" to={`/app/project/${projectId}/task/${card.id}`} discover="none">
                        {card.title}
                      </Link>
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
                            {card.dueDate}
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
                            {card.assignees.map((person) => (
                              <img key={person.id} src={person.avatarUrl} alt={person.name} title={person.name} />
                            ))}
                          </span>
                        ) : null}
                      </div>
                      {canEdit ? (
                        <Form method="post" className="pl-move">
                          <input type="hidden" name="intent" value="move-task" />
                          <input type="hidden" name="taskId" value={card.id} />
                          <select name="statusId" defaultValue={column.id} aria-label={`Move ${card.key} to`}>
                            {options}
                          </select>
                          <button type="submit">Move</button>
                        </Form>
                      ) : null}
                    </article>
                  </li>
                );
              })}
            </ul>
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
      })}
    </Columns>
  );
}
