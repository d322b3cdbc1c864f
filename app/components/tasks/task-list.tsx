import { styled } from "@mui/material/styles";
import { Link } from "react-router";

import { GroupFooter } from "~/components/tasks/group-footer";
import type { BoardColumn } from "~/components/tasks/types";

export type ListSort = { by: "position" | "key" | "title" | "priority" | "due"; dir: "asc" | "desc" };

/**
 * The List view: a table per status with its count, sortable by its headers (links that
 * keep the sort in the URL), the first page of rows per status and a "Show more" link,
 * and a quick add under each. One styled root for every group and row
 * (docs/decisions/009); rows are plain table rows.
 */
const Groups = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 24,
    "& section > header": { display: "flex", alignItems: "center", gap: 8, marginBottom: 8 },
    "& h3": { margin: 0, fontSize: 15, fontWeight: 700 },
    "& .pl-count": {
      padding: "0 8px",
      borderRadius: 10,
      fontSize: 12,
      lineHeight: "20px",
      background: palette.action.selected,
    },
    "& .pl-table-wrap": { overflowX: "auto", border: `1px solid ${palette.divider}`, borderRadius: 10 },
    "& table": { width: "100%", borderCollapse: "collapse", fontSize: 14, background: palette.background.paper },
    "& th, & td": {
      padding: "8px 12px",
      textAlign: "left",
      borderBottom: `1px solid ${palette.divider}`,
      whiteSpace: "nowrap",
    },
    "& tr:last-child td": { borderBottom: 0 },
    "& th": { fontSize: 12, fontWeight: 700, color: palette.text.secondary },
    "& th a": { color: "inherit", textDecoration: "none", "&:hover": { textDecoration: "underline" } },
    "& td.pl-title": { whiteSpace: "normal", minWidth: 200, width: "100%" },
    "& td.pl-title a": { color: palette.text.primary, fontWeight: 600, textDecoration: "none" },
    "& td.pl-title a:hover": { textDecoration: "underline" },
    "& td.pl-title .pl-label": { marginLeft: 6 },
    "& tr[data-done] td.pl-title a": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-key, & .pl-muted": { color: palette.text.secondary },
    "& .pl-overdue": { color: palette.error.main, fontWeight: 600 },
    "& .pl-priority": { textTransform: "capitalize" },
    "& .pl-avatars": { display: "flex" },
    "& .pl-avatars img": {
      width: 22,
      height: 22,
      borderRadius: "50%",
      border: `2px solid ${palette.background.paper}`,
      marginLeft: -6,
    },
    "& .pl-empty-row td": { color: palette.text.secondary },
    "& .pl-more": { display: "inline-block", marginTop: 8, fontSize: 13, color: palette.primary.main },
    "& .pl-quick-add": { display: "flex", gap: 6, marginTop: 8, maxWidth: 480 },
    "& .pl-quick-add input[type=text], & .pl-quick-add button": { font: "inherit", fontSize: 13 },
    "& .pl-quick-add input[type=text]": {
      flexGrow: 1,
      padding: "4px 6px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
    },
    "& .pl-quick-add button": {
      padding: "4px 10px",
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      cursor: "pointer",
    },
    "& .pl-field-error": { margin: "4px 0 0", fontSize: 12, color: palette.error.main },
  };
});

const COLUMNS: { by: ListSort["by"]; label: string }[] = [
  { by: "key", label: "Key" },
  { by: "title", label: "Title" },
  { by: "priority", label: "Priority" },
  { by: "due", label: "Due" },
];

export function TaskList({
  projectId,
  groups,
  sort,
  canEdit,
  today,
  quickAdd,
}: {
  projectId: string;
  groups: BoardColumn[];
  sort: ListSort;
  canEdit: boolean;
  today: string;
  quickAdd?: { statusId: string; title: string; error: string };
}) {
  const sortHref = (by: ListSort["by"]) => {
    const dir = sort.by === by && sort.dir === "asc" ? "desc" : "asc";
    return `?view=list&sort=${by}&dir=${dir}`;
  };
  const sorted = (by: ListSort["by"]) =>
    sort.by === by ? (sort.dir === "asc" ? "ascending" : "descending") : undefined;
  const keep = sort.by === "position" ? "" : `&sort=${sort.by}&dir=${sort.dir}`;
  return (
    <Groups>
      {groups.map((group) => (
        <section key={group.id} aria-labelledby={`group-${group.id}-title`} id={`group-${group.id}`}>
          <header>
            <h3 id={`group-${group.id}-title`}>{group.name}</h3>
            <span className="pl-count" aria-label={`${group.total} tasks`}>
              {group.total}
            </span>
          </header>
          <div className="pl-table-wrap">
            <table aria-labelledby={`group-${group.id}-title`}>
              <thead>
                <tr>
                  {COLUMNS.map((column) => (
                    <th key={column.by} scope="col" aria-sort={sorted(column.by)}>
                      <Link to={sortHref(column.by)} preventScrollReset>
                        {column.label}
                        {sort.by === column.by ? (sort.dir === "asc" ? " ↑" : " ↓") : null}
                      </Link>
                    </th>
                  ))}
                  <th scope="col">Assignees</th>
                  <th scope="col">Subtasks</th>
                </tr>
              </thead>
              <tbody>
                {group.cards.length === 0 ? (
                  <tr className="pl-empty-row">
                    <td colSpan={6}>No tasks</td>
                  </tr>
                ) : null}
                {group.cards.map((task) => {
                  const overdue = !task.done && task.dueDate !== null && task.dueDate < today;
                  return (
                    <tr key={task.id} data-done={task.done || undefined}>
                      <td className="pl-key">{task.key}</td>
                      <td className="pl-title">
                        <Link to={`/app/project/${projectId}/task/${task.id}`} discover="none">
                          {task.title}
                        </Link>
                        {task.labels.map((label) => (
                          <span key={label.name} className="pl-label" data-color={label.color}>
                            {label.name}
                          </span>
                        ))}
                      </td>
                      <td className="pl-priority">{task.priority === "none" ? "—" : task.priority}</td>
                      <td className={overdue ? "pl-overdue" : task.dueDate ? undefined : "pl-muted"}>
                        {task.dueDate ? (overdue ? `Overdue · ${task.dueDate}` : task.dueDate) : "—"}
                      </td>
                      <td>
                        <span className="pl-avatars">
                          {task.assignees.map((person) => (
                            <img key={person.id} src={person.avatarUrl} alt={person.name} title={person.name} />
                          ))}
                        </span>
                      </td>
                      <td className="pl-muted">
                        {task.subtasks.total > 0 ? `${task.subtasks.done}/${task.subtasks.total}` : "—"}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <GroupFooter
            shown={group.cards.length}
            total={group.total}
            moreHref={`?view=list${keep}&more=${group.id}&limit=${group.cards.length + 50}#group-${group.id}`}
            canEdit={canEdit}
            statusId={group.id}
            statusName={group.name}
            view="list"
            refused={quickAdd?.statusId === group.id ? quickAdd : undefined}
          />
        </section>
      ))}
    </Groups>
  );
}
