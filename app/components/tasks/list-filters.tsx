import { useEffect, useRef, type ChangeEvent } from "react";
import { Form, Link, useNavigate } from "react-router";

import { SelectField } from "~/components/tasks/select-field";
import type { ListParams, ListSort, ListView } from "~/.server/tasks/views";
import { TASK_PRIORITIES } from "~/validation/priorities";

/**
 * The List view's filters: a GET form, so the URL holds them and it works without
 * JavaScript (Apply). With JavaScript a changed control applies at once and the search
 * box after a pause in typing; empty fields stay out of the URL. Unstyled: the list's root
 * styles `.pl-filters` (docs/decisions/009).
 */
const SEARCH_PAUSE_MS = 400;

const GROUPINGS: { value: ListParams["group"]; label: string }[] = [
  { value: "status", label: "Status" },
  { value: "assignee", label: "Assignee" },
  { value: "priority", label: "Priority" },
  { value: "due", label: "Due date" },
];

/** The priorities as the selects offer them, most urgent first. */
export const PRIORITY_OPTIONS = [...TASK_PRIORITIES].reverse().map((value) => ({
  value,
  label: value === "none" ? "No priority" : value[0]!.toUpperCase() + value.slice(1),
}));

/** The query string for these filters and sort (empty values left out), `view=list` first. */
export function listSearch(params: ListParams, sort: ListSort) {
  const search = new URLSearchParams({ view: "list" });
  for (const name of ["assignee", "label", "priority", "from", "to", "q"] as const) {
    if (params[name]) search.set(name, params[name]);
  }
  if (params.overdue) search.set("overdue", "1");
  if (params.group !== "status") search.set("group", params.group);
  if (sort.by !== "position") {
    search.set("sort", sort.by);
    search.set("dir", sort.dir);
  }
  return search.toString();
}

export function ListFilters({
  params,
  sort,
  options,
}: {
  params: ListParams;
  sort: ListSort;
  options: ListView["options"];
}) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const apply = (form: HTMLFormElement) => {
    const search = new URLSearchParams();
    for (const [name, value] of new FormData(form)) if (value !== "") search.set(name, String(value));
    void navigate(`?${search.toString()}`, { replace: true, preventScrollReset: true });
  };
  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    clearTimeout(timer.current);
    if (event.target instanceof HTMLInputElement && event.target.type === "search") {
      timer.current = setTimeout(() => apply(form), SEARCH_PAUSE_MS);
    } else apply(form);
  };
  const clear = new URLSearchParams({ view: "list" });
  if (params.group !== "status") clear.set("group", params.group);
  const filtered = Boolean(
    params.assignee || params.label || params.priority || params.from || params.to || params.overdue || params.q,
  );
  // Remounted when the filters change (a link, Clear filters), so the controls show what the
  // server applied; not while the search text changes, which would take the focus from it.
  const key = listSearch({ ...params, q: params.q ? "…" : "" }, sort);
  return (
    <Form method="get" className="pl-filters" aria-label="Filter tasks" onChange={onChange} key={key}>
      <input type="hidden" name="view" value="list" />
      {sort.by !== "position" ? (
        <>
          <input type="hidden" name="sort" value={sort.by} />
          <input type="hidden" name="dir" value={sort.dir} />
        </>
      ) : null}
      <div className="pl-field">
        <label htmlFor="list-filter-q">Search</label>
        <input
          id="list-filter-q"
          type="search"
          name="q"
          defaultValue={params.q}
          maxLength={200}
          placeholder="Title or KEY-123"
        />
      </div>
      <SelectField
        id="list-filter-assignee"
        name="assignee"
        label="Assignee"
        defaultValue={params.assignee}
        empty="Anyone"
        extra={[{ value: "none", label: "Unassigned" }]}
        options={options.members.map((member) => ({ value: member.id, label: member.name }))}
      />
      <SelectField
        id="list-filter-label"
        name="label"
        label="Label"
        defaultValue={params.label}
        empty="Any label"
        options={options.labels.map((label) => ({ value: label.id, label: label.name }))}
      />
      <SelectField
        id="list-filter-priority"
        name="priority"
        label="Priority"
        defaultValue={params.priority}
        empty="Any priority"
        options={PRIORITY_OPTIONS}
      />
      <div className="pl-field">
        <label htmlFor="list-filter-from">Due from</label>
        <input id="list-filter-from" type="date" name="from" defaultValue={params.from} />
      </div>
      <div className="pl-field">
        <label htmlFor="list-filter-to">Due to</label>
        <input id="list-filter-to" type="date" name="to" defaultValue={params.to} />
      </div>
      <label className="pl-check">
        <input type="checkbox" name="overdue" value="1" defaultChecked={params.overdue} />
        Overdue
      </label>
      <div className="pl-field">
        <label htmlFor="list-filter-group">Group by</label>
        <select id="list-filter-group" name="group" defaultValue={params.group}>
          {GROUPINGS.map((grouping) => (
            <option key={grouping.value} value={grouping.value}>
              {grouping.label}
            </option>
          ))}
        </select>
      </div>
      <button type="submit">Apply</button>
      {filtered ? (
        <Link className="pl-clear" to={`?${clear.toString()}`} preventScrollReset>
          Clear filters
        </Link>
      ) : null}
    </Form>
  );
}
