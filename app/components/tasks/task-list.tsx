import { styled } from "@mui/material/styles";
import { useCallback, useState, type FormEvent } from "react";
import { Link, useLocation } from "react-router";

import { useHydrated } from "~/components/auth/fields";
import { BulkBar } from "~/components/tasks/list-bulk-bar";
import { ListFilters, listSearch } from "~/components/tasks/list-filters";
import { GroupFooter } from "~/components/tasks/group-footer";
import type { ListGroup, ListSort, ListView } from "~/components/tasks/types";

/**
 * The List view: the filter form (a GET, kept in the URL), the bulk bar (a POST whose
 * checkboxes sit in the rows, tied to it by `form=`), then a table per group with its count,
 * sortable by its headers, the first page of rows and a "Show more" link, and a quick add
 * under each status. One styled root for every group and row (docs/decisions/009); rows
 * are plain table rows.
 */
const Root = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  const control = {
    font: "inherit",
    fontSize: 13,
    padding: "4px 6px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
  };
  return {
    display: "grid",
    gap: 16,
    "& .pl-filters, & .pl-bulk": { display: "flex", flexWrap: "wrap", alignItems: "end", gap: 12 },
    "& .pl-field": { display: "grid", gap: 2 },
    "& .pl-field label, & label.pl-check": { fontSize: 12, color: palette.text.secondary },
    "& label.pl-check": { display: "flex", alignItems: "center", gap: 6, paddingBottom: 4 },
    "& select, & input[type=date], & input[type=search], & .pl-quick-add input[type=text]": control,
    "& button": { ...control, cursor: "pointer", fontWeight: 600 },
    "& button[value=delete]": { color: palette.error.main },
    "& .pl-clear": { fontSize: 13, color: palette.primary.main, paddingBottom: 4 },
    "& .pl-problems": { margin: 0, padding: "8px 12px", borderRadius: 8, background: palette.warning.light },
    "& .pl-bulk": {
      position: "sticky",
      top: 64,
      zIndex: 2,
      padding: "8px 12px",
      borderRadius: 10,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
    },
    "& .pl-bulk[hidden]": { display: "none" },
    "& .pl-selected": { margin: 0, fontWeight: 700, fontSize: 14, alignSelf: "center" },
    "& .pl-groups": { display: "grid", gap: 24 },
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
    "& th.pl-select, & td.pl-select": { width: 1, paddingRight: 0 },
    "& td.pl-title": { whiteSpace: "normal", minWidth: 200, width: "100%" },
    "& td.pl-title a": { color: palette.text.primary, fontWeight: 600, textDecoration: "none" },
    "& td.pl-title a:hover": { textDecoration: "underline" },
    "& tr[data-done] td.pl-title a": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-label": {
      marginLeft: 6,
      padding: "0 6px",
      borderRadius: 8,
      fontSize: 11,
      background: palette.action.selected,
    },
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
    "& .pl-quick-add input[type=text]": { flexGrow: 1 },
    "& .pl-field-error": { margin: "4px 0 0", fontSize: 12, color: palette.error.main },
  };
});

const COLUMNS: { by: ListSort["by"]; label: string }[] = [
  { by: "key", label: "Key" },
  { by: "title", label: "Title" },
  { by: "priority", label: "Priority" },
  { by: "due", label: "Due" },
];

/** The distinct tasks checked in the rows (a task may sit in two assignees' groups). */
function countSelected(root: HTMLElement) {
  const boxes = root.querySelectorAll<HTMLInputElement>('input[name="taskId"]:checked');
  return new Set(Array.from(boxes, (box) => box.value)).size;
}

export function TaskList({
  projectId,
  list,
  canEdit,
  today,
  quickAdd,
  bulk,
}: {
  projectId: string;
  list: ListView;
  canEdit: boolean;
  today: string;
  quickAdd?: { statusId: string; title: string; error: string };
  bulk?: { taskIds: string[]; error: string };
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const [selected, setSelected] = useState(0);
  const recount = useCallback(
    (event: FormEvent<HTMLDivElement>) => setSelected(countSelected(event.currentTarget)),
    [],
  );
  const checked = new Set(bulk?.taskIds);
  return (
    <Root onChange={canEdit ? recount : undefined}>
      <ListFilters params={list.params} sort={list.sort} options={list.options} />
      {list.problems.length > 0 ? (
        <div className="pl-problems" role="status">
          {list.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      {canEdit ? <BulkBar options={list.options} selected={hydrated ? selected : null} error={bulk?.error} /> : null}
      {/* A new location (a bulk edit's redirect, a filter) starts with nothing selected. */}
      <div className="pl-groups" key={location.key}>
        {list.groups.map((group) => (
          <GroupTable
            key={group.id}
            projectId={projectId}
            group={group}
            list={list}
            canEdit={canEdit}
            selectAll={hydrated && canEdit}
            checked={checked}
            today={today}
            quickAdd={quickAdd?.statusId === group.id ? quickAdd : undefined}
          />
        ))}
        {list.groups.length === 0 ? <p>No tasks match these filters.</p> : null}
      </div>
    </Root>
  );
}

function GroupTable({
  projectId,
  group,
  list,
  canEdit,
  selectAll,
  checked,
  today,
  quickAdd,
}: {
  projectId: string;
  group: ListGroup;
  list: ListView;
  canEdit: boolean;
  selectAll: boolean;
  checked: Set<string>;
  today: string;
  quickAdd?: { title: string; error: string };
}) {
  const { sort, params } = list;
  const showStatus = params.group !== "status";
  const sortHref = (by: ListSort["by"]) =>
    `?${listSearch(params, { by, dir: sort.by === by && sort.dir === "asc" ? "desc" : "asc" })}`;
  const sorted = (by: ListSort["by"]) =>
    sort.by === by ? (sort.dir === "asc" ? "ascending" : "descending") : undefined;
  const titleId = `group-${group.id}-title`;
  const columnCount = 5 + (canEdit ? 1 : 0) + (showStatus ? 1 : 0);
  const toggleAll = (event: React.ChangeEvent<HTMLInputElement>) => {
    const table = event.currentTarget.closest("table");
    for (const box of table?.querySelectorAll<HTMLInputElement>('input[name="taskId"]') ?? []) {
      box.checked = event.currentTarget.checked;
    }
  };
  return (
    <section aria-labelledby={titleId} id={`group-${group.id}`}>
      <header>
        <h3 id={titleId}>{group.name}</h3>
        <span className="pl-count" aria-label={`${group.total} tasks`}>
          {group.total}
        </span>
      </header>
      <div className="pl-table-wrap">
        <table aria-labelledby={titleId}>
          <thead>
            <tr>
              {canEdit ? (
                <th scope="col" className="pl-select">
                  {selectAll ? (
                    <input type="checkbox" aria-label={`Select all in ${group.name}`} onChange={toggleAll} />
                  ) : (
                    <span className="pl-sr-only">Select</span>
                  )}
                </th>
              ) : null}
              {COLUMNS.map((column) => (
                <th key={column.by} scope="col" aria-sort={sorted(column.by)}>
                  <Link to={sortHref(column.by)} preventScrollReset>
                    {column.label}
                    {sort.by === column.by ? (sort.dir === "asc" ? " ↑" : " ↓") : null}
                  </Link>
                </th>
              ))}
              {showStatus ? <th scope="col">Status</th> : null}
              <th scope="col">Assignees</th>
              <th scope="col">Subtasks</th>
            </tr>
          </thead>
          <tbody>
            {group.cards.length === 0 ? (
              <tr className="pl-empty-row">
                <td colSpan={columnCount}>No tasks</td>
              </tr>
            ) : null}
            {group.cards.map((task) => {
              const overdue = !task.done && task.dueDate !== null && task.dueDate < today;
              return (
                <tr key={task.id} data-done={task.done || undefined}>
                  {canEdit ? (
                    <td className="pl-select">
                      <input
                        type="checkbox"
                        name="taskId"
                        value={task.id}
                        form="bulk-form"
                        aria-label={`Select ${task.key}`}
                        defaultChecked={checked.has(task.id)}
                      />
                    </td>
                  ) : null}
                  <td className="pl-key">{task.key}</td>
                  <td className="pl-title">
                    <Link to={`/app/project/${projectId}/task/${task.id}`} discover="none">
                      {task.title}
                    </Link>
                    {task.labels.map((label) => (
                      <span key={label.name} className="pl-label">
                        {label.name}
                      </span>
                    ))}
                  </td>
                  <td className="pl-priority">{task.priority === "none" ? "—" : task.priority}</td>
                  <td className={overdue ? "pl-overdue" : task.dueDate ? undefined : "pl-muted"}>
                    {task.dueDate ? (overdue ? `Overdue · ${task.dueDate}` : task.dueDate) : "—"}
                  </td>
                  {showStatus ? <td>{task.status}</td> : null}
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
        moreHref={`?${listSearch(params, sort)}&more=${group.id}&limit=${group.cards.length + list.pageSize}#group-${group.id}`}
        canEdit={canEdit && group.status !== undefined}
        statusId={group.status?.id ?? group.id}
        statusName={group.status?.name ?? group.name}
        view="list"
        refused={quickAdd}
      />
    </section>
  );
}
