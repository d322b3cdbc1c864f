import type { CSSObject, Theme } from "@mui/material/styles";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
  type RefObject,
} from "react";
import { useFetcher, useLocation } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import { People } from "~/components/avatar";
import { DayText } from "~/components/date-text";
import { useDelegatedLinks } from "~/components/lists/delegated-links";
import { BulkBar } from "~/components/tasks/list-bulk-bar";
import { ListFilters, listSearch } from "~/components/tasks/list-filters";
import { GroupFooter } from "~/components/tasks/group-footer";
import type { ListGroup, ListRow, ListSort, ListView } from "~/.server/tasks/views";
import type { EditorField, TaskValues } from "~/components/tasks/fields/options";
import { usePropertyEditor } from "~/components/tasks/fields/property-editor";
import { useFieldShortcuts } from "~/components/tasks/fields/shortcuts";
import type { TaskPatch } from "~/components/tasks/fields/task-edits";

/**
 * The List view: the filter form (a GET, kept in the URL), the bulk bar (a POST whose
 * checkboxes sit in the rows, tied to it by `form=`), then a table per group with its count,
 * sortable by its headers, the first page of rows and a "Show more" link, and a quick add
 * under each status. One root for every group and row (docs/decisions/009), `.pl-task-list`,
 * styled in the theme stylesheet (app/theme/static-styles.ts); rows are plain table rows.
 */
export function taskListStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const control = {
    font: "inherit",
    fontSize: 13,
    padding: "4px 6px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
    // One height for selects, text, date fields and buttons, so a line's labels line up.
    boxSizing: "border-box" as const,
    height: 32,
    // A select sized by a long name (a member's, a label's) stays within the List.
    maxWidth: "100%",
  };
  return {
    display: "grid",
    // One track as wide as the List: an auto track grew to the widest table or filter line.
    gridTemplateColumns: "minmax(0, 1fr)",
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
    "& .pl-groups": { display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 24 },
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
    "& td.pl-title .pl-label, & td.pl-title .pl-blocked": { marginLeft: 6 },
    "& tr[data-done] td.pl-title a": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-key, & .pl-muted, & .pl-subtasks": { color: palette.text.secondary },
    // An empty property shows a dash from CSS: one element fewer to render per empty cell.
    "& tbody td:is(.pl-priority, .pl-due, .pl-assignees, .pl-subtasks):empty::before": {
      content: '"—"',
      color: palette.text.secondary,
    },
    "& .pl-overdue": { color: palette.error.main, fontWeight: 600 },
    "& .pl-priority": { textTransform: "capitalize" },
    "& .pl-hot": {
      color: palette.warning.main,
      fontWeight: 600,
    },
    // An editable cell (with JavaScript): a click opens its editor, so it shows it on hover.
    // With JavaScript and edit rights a property's cell opens its editor on a click.
    [`& [data-editable] :is(${EDITABLE_CELLS})`]: {
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
    },
    "& .pl-labels": { marginLeft: 6, borderRadius: 6, padding: "2px 4px" },
    // No labels yet: "+ Label" on the row's hover, its words from CSS so the cell's text stays the title's.
    "& [data-editable] tr:hover td.pl-title:not(:has(.pl-labels))::after": {
      content: '"+ Label"',
      marginLeft: 10,
      fontSize: 12,
      color: palette.text.secondary,
    },
    "& .pl-spacer": { border: 0 },
    "& .pl-empty-row td": { color: palette.text.secondary },
    "& .pl-more": { display: "inline-block", marginTop: 8, fontSize: 13, color: palette.primary.main },
    "& .pl-quick-add": { display: "flex", gap: 6, marginTop: 8, maxWidth: 480 },
    "& .pl-quick-add input[type=text]": { flexGrow: 1 },
    "& .pl-field-error": { margin: "4px 0 0", fontSize: 12, color: palette.error.main },
    // Narrow (a phone, or a narrow window beside the sidebar): the same markup, restyled. The
    // filters and the bulk bar become two columns of full-width controls; each row becomes a
    // block, its title on the first line and its other cells as chips below (key, priority,
    // due, status, assignees, subtasks; empty ones left out); the header keeps only the sort
    // links and the select-all box. Nothing is wider than the page.
    containerType: "inline-size",
    [`@container (max-width: ${NARROW_LIST - 0.02}px)`]: narrowListStyles(theme),
  };
}

/**
 * A row's editable cells, known by their class. Not links, tab stops or `data-field`s of their
 * own: five per row, each with its attributes, made a 5,000-task List's HTML twice as heavy
 * to render. A click on one opens its editor; the row's title is the row's focus, where the
 * properties' shortcuts (s, p, a, l, d) open the same editors from the keyboard. The labels
 * sit in the title's cell: a click there beside the title's link opens their editor.
 */
const CELL_OF: Record<Exclude<EditorField, "parent">, string> = {
  statusId: "td.pl-status",
  priority: "td.pl-priority",
  assigneeIds: "td.pl-assignees",
  labelIds: "td.pl-title",
  dueDate: "td.pl-due",
  startDate: "td.pl-start",
};
const EDITABLE_CELLS = Object.values(CELL_OF).join(", ");

function cellEditRequestOf(target: EventTarget | null) {
  if (!(target instanceof Element) || target.closest("a")) return null;
  const cell = target.closest<HTMLElement>(EDITABLE_CELLS);
  const taskId = cell?.closest<HTMLElement>("tr[data-task]")?.dataset.task;
  const field = (Object.keys(CELL_OF) as (keyof typeof CELL_OF)[]).find((name) => cell?.matches(CELL_OF[name]));
  // The labels' popover opens under the labels when there are some.
  const chip = field === "labelIds" ? (cell?.querySelector<HTMLElement>(".pl-labels") ?? cell) : cell;
  return chip && taskId && field ? { chip, taskId, field } : null;
}

const PRIORITY_CELL: Record<TaskValues["priority"], string> = {
  none: "pl-priority",
  low: "pl-priority",
  medium: "pl-priority",
  high: "pl-priority pl-hot",
  urgent: "pl-priority pl-hot",
};

/** Below this width of the List (px), its rows stack (see `narrowListStyles`). */
const NARROW_LIST = 700;

function narrowListStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    // Six tracks: the search (and the bulk bar's count) across, three selects or two dates a line.
    "& .pl-filters, & .pl-bulk": {
      display: "grid",
      gridTemplateColumns: "repeat(6, minmax(0, 1fr))",
      alignItems: "end",
      gap: "10px 8px",
    },
    "& .pl-filters > *": { gridColumn: "span 2" },
    "& .pl-filters > .pl-field:has(input[type=date]), & .pl-bulk > *": { gridColumn: "span 3" },
    "& .pl-filters > .pl-field:has(input[type=search]), & .pl-filters > .pl-clear, & .pl-bulk > p": {
      gridColumn: "1 / -1",
    },
    "& .pl-filters select, & .pl-filters input:not([type=checkbox]), & .pl-bulk select": {
      width: "100%",
      minWidth: 0,
    },
    "& .pl-filters select, & .pl-filters input:not([type=checkbox]), & .pl-filters button, & .pl-bulk select, & .pl-bulk button":
      { height: 36 },
    "& label.pl-check": { paddingBottom: 8 },
    "& .pl-clear": { paddingBottom: 0 },
    // A bar that wraps to four lines would cover a phone's screen if it stuck to the top.
    "& .pl-bulk": { position: "static" },
    "& .pl-table-wrap": { overflowX: "visible" },
    "& table, & thead, & tbody": { display: "block" },
    "& thead tr": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: 4,
      padding: "6px 12px",
      borderBottom: `1px solid ${palette.divider}`,
    },
    "& thead th": { display: "block", padding: "2px 6px", border: 0 },
    // The select-all box lines up with the rows' boxes, "Sort by" with their titles.
    "& thead th.pl-select": { order: -1, width: 22, padding: 0, marginRight: 4 },
    "& thead th:not(.pl-select):not(:has(a))": { display: "none" },
    "& thead tr::before": {
      content: '"Sort by" / ""',
      fontSize: 12,
      color: palette.text.secondary,
      marginRight: 2,
    },
    "& tbody tr": {
      position: "relative",
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: "6px 8px",
      padding: "10px 12px",
      borderBottom: `1px solid ${palette.divider}`,
    },
    "& tbody tr:last-child": { borderBottom: 0 },
    "& tbody tr:has(> td.pl-select)": { paddingLeft: 42 },
    "& tbody td": { display: "block", padding: 0, border: 0, fontSize: 12, lineHeight: "20px" },
    "& tbody td.pl-select": { position: "absolute", left: 12, top: 12, padding: 0 },
    "& td.pl-title": { order: -1, flex: "1 0 100%", minWidth: 0, fontSize: 14, overflowWrap: "anywhere" },
    "& tbody td:not(.pl-title, .pl-select, .pl-key)": {
      padding: "0 8px",
      borderRadius: 10,
      background: palette.action.hover,
    },
    "& tbody td.pl-assignees": { padding: 0, background: "none", paddingLeft: 6 },
    "& tbody td:empty": { display: "none" },
    // Without their column headers, a date and a count say what they are.
    "& td.pl-due:not(.pl-overdue)::before": { content: '"Due "' },
    "& td.pl-subtasks::before": { content: '"Subtasks "' },
    "& tr.pl-empty-row td": { fontSize: 14, background: "none", padding: 0 },
    "& tr.pl-spacer": { padding: 0 },
  };
}

const COLUMNS: { by: ListSort["by"]; label: string }[] = [
  { by: "key", label: "Key" },
  { by: "title", label: "Title" },
  { by: "priority", label: "Priority" },
  { by: "due", label: "Due" },
];

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
  return (
    <div className="pl-task-list">
      <ListFilters params={list.params} sort={list.sort} options={list.options} />
      {list.problems.length > 0 ? (
        <div className="pl-problems" role="status">
          {list.problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      ) : null}
      {/* A new location (a bulk edit's redirect, a filter) starts with nothing selected. */}
      <ListBody
        key={location.key}
        projectId={projectId}
        list={list}
        canEdit={canEdit}
        today={today}
        quickAdd={quickAdd}
        bulk={bulk}
      />
    </div>
  );
}

type Toggle = (taskIds: string[], on: boolean) => void;

/**
 * The bulk bar and the groups. Without JavaScript the rows' checkboxes are the bulk form's
 * fields; with it the selection is state (rows scrolled out of the window keep theirs)
 * and the bar posts it as hidden fields.
 */
function ListBody({ projectId, list, canEdit, today, quickAdd, bulk }: Parameters<typeof TaskList>[0]) {
  const hydrated = useHydrated();
  const [selection, setSelection] = useState<ReadonlySet<string>>(() => new Set(bulk?.taskIds));
  const toggle = useCallback<Toggle>((taskIds, on) => {
    setSelection((current) => {
      const next = new Set(current);
      for (const id of taskIds) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const search = listSearch(list.params, list.sort);
  const editor = usePropertyEditor(list.options, today);
  const root = useRef<HTMLDivElement>(null);
  const openEditor = useCallback(
    (chip: HTMLElement, row: ListRow, field: EditorField) => {
      const taskUrl = `/app/project/${projectId}/task/${row.id}`;
      editor.open(chip, { taskId: row.id, taskUrl, values: rowValues(row, list.options) }, field);
    },
    [editor, projectId, list.options],
  );
  // A shortcut on the focused row clicks its chip, which opens the editor as a click would.
  useFieldShortcuts(
    canEdit && hydrated,
    (field, taskElement) => taskElement?.querySelector<HTMLElement>(CELL_OF[field])?.click(),
    useCallback(() => root.current, []),
  );
  return (
    <div ref={root} className="pl-list-body" data-editable={canEdit && hydrated ? "" : undefined}>
      {canEdit ? (
        <BulkBar
          options={list.options}
          selection={hydrated ? selection : null}
          error={bulk?.error}
          openEditor={editor.open}
        />
      ) : null}
      <div className="pl-groups">
        {list.groups.map((group) => (
          <GroupTable
            key={group.id}
            projectId={projectId}
            group={group}
            list={list}
            search={search}
            canEdit={canEdit}
            hydrated={hydrated}
            selection={selection}
            toggle={toggle}
            today={today}
            quickAdd={quickAdd?.statusId === group.id ? quickAdd : undefined}
            pending={editor.pending}
            openEditor={canEdit && hydrated ? openEditor : undefined}
          />
        ))}
        {list.groups.length === 0 ? <p>No tasks match these filters.</p> : null}
      </div>
      {editor.element}
    </div>
  );
}

/** A row as it shows with its changes in flight: names and pictures from the view's options. */
function withRowPending(row: ListRow, patch: TaskPatch | undefined, options: ListView["options"]): ListRow {
  if (!patch) return row;
  const next = { ...row };
  if (patch.priority !== undefined) next.priority = patch.priority;
  if (patch.dueDate !== undefined) next.dueDate = patch.dueDate;
  if (patch.statusId !== undefined) {
    next.status = options.statuses.find((status) => status.id === patch.statusId)?.name ?? row.status;
  }
  if (patch.assigneeIds !== undefined) {
    next.assignees = options.members.filter((member) => patch.assigneeIds!.includes(member.id));
  }
  if (patch.labelIds !== undefined) {
    next.labels = options.labels.filter((label) => patch.labelIds!.includes(label.id));
  }
  return next;
}

/** The editors' values of a row: its status and labels by id (names are unique in a project and a workspace). */
function rowValues(row: ListRow, options: ListView["options"]): TaskValues {
  return {
    statusId: options.statuses.find((status) => status.name === row.status)?.id ?? "",
    priority: row.priority,
    dueDate: row.dueDate,
    startDate: null,
    assigneeIds: row.assignees.map((person) => person.id),
    labelIds: options.labels
      .filter((label) => row.labels.some((on) => on.name === label.name))
      .map((label) => label.id),
  };
}

/** A row's height before it is measured, for the window's first layout. */
const ROW_HEIGHT = 41;

/**
 * A group's rows, windowed after hydration when the group has more than the server sent:
 * only the rows near the viewport are in the DOM, and the next page (the loader's
 * `?rows=<group>&offset=<n>`, LIST_PAGE rows) is fetched as the end comes into view.
 */
function useGroupRows(
  group: ListGroup,
  search: string,
  hydrated: boolean,
  bodyRef: RefObject<HTMLTableSectionElement | null>,
) {
  // The loader's first page stays live (revalidations after an edit or another's change
  // replace it); the pages fetched while scrolling are kept after it, minus what it now holds.
  const [extra, setExtra] = useState<ListRow[]>([]);
  const rows = useMemo(() => {
    if (extra.length === 0) return group.cards;
    const first = new Set(group.cards.map((row) => row.id));
    return [...group.cards, ...extra.filter((row) => !first.has(row.id))];
  }, [group.cards, extra]);
  const [exhausted, setExhausted] = useState(false);
  // A new first page (a quick add, an edit, another tab's change) may leave more to fetch.
  const [firstPage, setFirstPage] = useState(group.cards);
  if (group.cards !== firstPage) {
    setFirstPage(group.cards);
    setExhausted(false);
  }
  const fetcher = useFetcher<{ list: ListView | null }>();
  // Each page that arrives is appended once (state adjusted while rendering, not in an effect).
  const [appended, setAppended] = useState(fetcher.data);
  if (fetcher.data && fetcher.data !== appended) {
    setAppended(fetcher.data);
    const page = fetcher.data.list?.groups.find((candidate) => candidate.id === group.id);
    const known = new Set(rows.map((row) => row.id));
    const fresh = (page?.cards ?? []).filter((row) => !known.has(row.id));
    // A page with nothing new (tasks moved meanwhile) ends the fetching.
    if (fresh.length === 0) setExhausted(true);
    else setExtra([...extra, ...fresh]);
  }
  const [scrollMargin, setScrollMargin] = useState(0);
  const windowed = hydrated && group.total > group.cards.length;
  useLayoutEffect(() => {
    if (windowed && bodyRef.current) {
      setScrollMargin(bodyRef.current.getBoundingClientRect().top + window.scrollY);
    }
  }, [windowed, bodyRef]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    scrollMargin,
    enabled: windowed,
  });
  const items = windowed ? virtualizer.getVirtualItems() : null;
  const last = items?.at(-1)?.index ?? -1;
  const loading = fetcher.state !== "idle";
  useEffect(() => {
    if (!windowed || exhausted || loading || rows.length >= group.total || last < rows.length - 20) return;
    void fetcher.load(`?${search}&rows=${encodeURIComponent(group.id)}&offset=${rows.length}`);
  }, [windowed, exhausted, loading, rows.length, group.total, last, search, group.id, fetcher]);
  const first = items?.[0];
  const end = items?.at(-1);
  return {
    rows: items
      ? items.map((item) => ({ row: rows[item.index]!, index: item.index }))
      : rows.map((row, index) => ({ row, index })),
    all: rows,
    before: first ? first.start - scrollMargin : 0,
    after: end ? virtualizer.getTotalSize() - (end.end - scrollMargin) : 0,
    measure: windowed ? virtualizer.measureElement : undefined,
    windowed,
    loading,
  };
}

function GroupTable({
  projectId,
  group,
  list,
  search,
  canEdit,
  hydrated,
  selection,
  toggle,
  today,
  quickAdd,
  pending,
  openEditor,
}: {
  projectId: string;
  group: ListGroup;
  list: ListView;
  search: string;
  canEdit: boolean;
  hydrated: boolean;
  selection: ReadonlySet<string>;
  toggle: Toggle;
  today: string;
  quickAdd?: { title: string; error: string };
  /** Changes in flight by task id, shown over the rows. */
  pending: ReadonlyMap<string, TaskPatch>;
  /** Opens the view's one property editor on a row's chip (with edit rights, once hydrated). */
  openEditor?: (chip: HTMLElement, row: ListRow, field: EditorField) => void;
}) {
  const { sort, params } = list;
  const showStatus = params.group !== "status";
  const sortHref = (by: ListSort["by"]) =>
    `?${listSearch(params, { by, dir: sort.by === by && sort.dir === "asc" ? "desc" : "asc" })}`;
  const sorted = (by: ListSort["by"]) =>
    sort.by === by ? (sort.dir === "asc" ? "ascending" : "descending") : undefined;
  const titleId = `group-${group.id}-title`;
  const columnCount = 5 + (canEdit ? 1 : 0) + (showStatus ? 1 : 0);
  const bodyRef = useRef<HTMLTableSectionElement>(null);
  const view = useGroupRows(group, search, hydrated, bodyRef);
  const allIds = view.all.map((row) => row.id);
  const allSelected = allIds.length > 0 && allIds.every((id) => selection.has(id));
  const selectable = canEdit && hydrated;
  const follow = useDelegatedLinks();
  const onEditClick = (event: MouseEvent<HTMLElement>) => {
    const request = cellEditRequestOf(event.target);
    const row = request && view.all.find((candidate) => candidate.id === request.taskId);
    if (!request || !row || !openEditor) return;
    event.preventDefault();
    openEditor(request.chip, withRowPending(row, pending.get(row.id), list.options), request.field);
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
        {/* The sort links and the rows' title links are plain anchors: one handler (components/lists/delegated-links.ts). */}
        <table
          aria-labelledby={titleId}
          aria-rowcount={view.windowed ? group.total + 1 : undefined}
          onClickCapture={openEditor ? onEditClick : undefined}
          onClick={follow}
        >
          <thead>
            <tr>
              {canEdit ? (
                <th scope="col" className="pl-select">
                  {selectable ? (
                    <input
                      type="checkbox"
                      aria-label={`Select all in ${group.name}`}
                      checked={allSelected}
                      onChange={(event) => toggle(allIds, event.currentTarget.checked)}
                    />
                  ) : (
                    <span className="pl-sr-only">Select</span>
                  )}
                </th>
              ) : null}
              {COLUMNS.map((column) => (
                <th key={column.by} scope="col" aria-sort={sorted(column.by)}>
                  <a href={sortHref(column.by)} data-keep-scroll="">
                    {column.label}
                    {sort.by === column.by ? (sort.dir === "asc" ? " ↑" : " ↓") : null}
                  </a>
                </th>
              ))}
              {showStatus ? <th scope="col">Status</th> : null}
              <th scope="col">Assignees</th>
              <th scope="col">Subtasks</th>
            </tr>
          </thead>
          <tbody ref={bodyRef}>
            {view.before > 0 ? <tr aria-hidden="true" className="pl-spacer" style={{ height: view.before }} /> : null}
            {group.cards.length === 0 ? (
              <tr className="pl-empty-row">
                <td colSpan={columnCount}>No tasks</td>
              </tr>
            ) : null}
            {view.rows.map(({ row: loaded, index }) => {
              const task = withRowPending(loaded, pending.get(loaded.id), list.options);
              const overdue = !task.done && task.dueDate !== null && task.dueDate < today;
              const href = `/app/project/${projectId}/task/${task.id}`;
              return (
                <tr
                  key={task.id}
                  data-task={task.id}
                  data-done={task.done || undefined}
                  data-index={index}
                  ref={view.measure}
                  aria-rowindex={view.windowed ? index + 2 : undefined}
                >
                  {canEdit ? (
                    <td className="pl-select">
                      {selectable ? (
                        <input
                          key="state"
                          type="checkbox"
                          aria-label={`Select ${task.key}`}
                          checked={selection.has(task.id)}
                          onChange={(event) => toggle([task.id], event.currentTarget.checked)}
                        />
                      ) : (
                        <input
                          key="field"
                          type="checkbox"
                          name="taskId"
                          value={task.id}
                          form="bulk-form"
                          aria-label={`Select ${task.key}`}
                          defaultChecked={selection.has(task.id)}
                        />
                      )}
                    </td>
                  ) : null}
                  <td className="pl-key">{task.key}</td>
                  <td className="pl-title">
                    <a href={href}>{task.title}</a>
                    {task.blocked ? <span className="pl-blocked">Blocked</span> : null}
                    {task.labels.length > 0 ? (
                      <span className="pl-labels">
                        {task.labels.map((label) => (
                          <span key={label.name} className="pl-label" data-color={label.color}>
                            {label.name}
                          </span>
                        ))}
                      </span>
                    ) : null}
                  </td>
                  <td className={PRIORITY_CELL[task.priority]}>{task.priority === "none" ? null : task.priority}</td>
                  <td className={overdue ? "pl-due pl-overdue" : "pl-due"}>
                    {task.dueDate ? (
                      <>
                        {overdue ? "Overdue · " : null}
                        <DayText day={task.dueDate} />
                      </>
                    ) : null}
                  </td>
                  {showStatus ? <td className="pl-status">{task.status}</td> : null}
                  <td className="pl-assignees">
                    {task.assignees.length > 0 ? <People people={task.assignees} /> : null}
                  </td>
                  <td className="pl-subtasks">
                    {task.subtasks.total > 0 ? `${task.subtasks.done}/${task.subtasks.total}` : null}
                  </td>
                </tr>
              );
            })}
            {view.after > 0 ? <tr aria-hidden="true" className="pl-spacer" style={{ height: view.after }} /> : null}
          </tbody>
        </table>
      </div>
      {view.loading ? (
        <p className="pl-more" role="status">
          Loading more tasks…
        </p>
      ) : null}
      <GroupFooter
        // With JavaScript the window fetches the rest as it scrolls; without, "Show more" pages.
        shown={view.windowed ? group.total : group.cards.length}
        total={group.total}
        moreHref={`?${search}&more=${group.id}&limit=${group.cards.length + list.pageSize}#group-${group.id}`}
        canEdit={canEdit && group.status !== undefined}
        statusId={group.status?.id ?? group.id}
        statusName={group.status?.name ?? group.name}
        view="list"
        refused={quickAdd}
      />
    </section>
  );
}
