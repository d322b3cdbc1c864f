import type { ListParams, ListView } from "./views";
import { TASK_PRIORITIES, type Priority } from "~/validation/task-fields";
import type { ListFilterOptions, ListFilters, ListGrouping, ListQuery } from "./list";
import { LIST_GROUPINGS, LIST_MAX_ROWS, LIST_PAGE, listGroups, listOptions, type ListOptions } from "./list";
import { TASK_SORTS, type TaskSort } from "./queries";

/**
 * Reads the List view's URL (`?assignee=&label=&priority=&from=&to=&overdue=1&q=&group=&sort=&dir=`)
 * into a query the database can run. Every value is checked: an unknown member or label, a
 * priority or date that is not one, a text over 200 characters is left out of the query and
 * named in `problems`, which the page shows above the list. Nothing here can fail the page.
 */
export const LIST_TEXT_MAX = 200;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) =>
  ISO_DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

export function parseListQuery(
  url: URL,
  options: ListFilterOptions,
): { query: ListQuery; params: ListParams; problems: string[] } {
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim();
  const problems: string[] = [];
  const filters: ListFilters = {};
  const params: ListParams = {
    assignee: "",
    label: "",
    priority: "",
    from: "",
    to: "",
    overdue: false,
    q: "",
    group: "status",
  };

  const assignee = get("assignee");
  if (assignee === "none" || options.members.some((member) => member.id === assignee)) {
    filters.assignee = params.assignee = assignee;
  } else if (assignee) problems.push("That assignee is not a member of this workspace; the filter was left out.");

  const label = options.labels.find((candidate) => candidate.publicId === get("label"));
  if (label) {
    filters.labelId = label.id;
    params.label = label.publicId;
  } else if (get("label")) problems.push("That label does not exist in this workspace; the filter was left out.");

  const priority = get("priority");
  if ((TASK_PRIORITIES as readonly string[]).includes(priority)) {
    filters.priority = priority as Priority;
    params.priority = priority;
  } else if (priority) problems.push(`"${priority.slice(0, 20)}" is not a priority; the filter was left out.`);

  for (const [name, field, label] of [
    ["from", "dueFrom", "Due from"],
    ["to", "dueTo", "Due to"],
  ] as const) {
    const value = get(name);
    if (isDay(value)) {
      filters[field] = params[name] = value;
    } else if (value) problems.push(`${label} needs a date like 2026-05-31; it was left out.`);
  }
  if (filters.dueFrom && filters.dueTo && filters.dueTo < filters.dueFrom) {
    problems.push("Due to is before due from, so no task can match.");
  }

  if (get("overdue")) filters.overdue = params.overdue = true;

  const text = get("q");
  if (text.length > LIST_TEXT_MAX) problems.push(`Search for at most ${LIST_TEXT_MAX} characters; it was left out.`);
  else if (text) filters.text = params.q = text;

  const group = get("group");
  if ((LIST_GROUPINGS as readonly string[]).includes(group)) params.group = group as ListGrouping;
  else if (group) problems.push("Group by status, assignee, priority or due date.");

  return {
    query: { filters, group: params.group, sort: listSort(url), more: moreOf(url), window: windowOf(url) },
    params,
    problems,
  };
}

/** `?sort=<column>&dir=asc|desc`; the manual order otherwise. */
export function listSort(url: URL): TaskSort {
  const by = url.searchParams.get("sort");
  const dir = url.searchParams.get("dir") === "desc" ? "desc" : "asc";
  return (TASK_SORTS as readonly string[]).includes(by ?? "")
    ? { by: by as TaskSort["by"], dir }
    : { by: "position", dir: "asc" };
}

/** `?more=<group>&limit=<n>`: one group shows more than its first page, at most LIST_MAX_ROWS. */
function moreOf(url: URL): ListQuery["more"] {
  const group = url.searchParams.get("more");
  const limit = Number(url.searchParams.get("limit"));
  if (!group || group.length > 64 || !Number.isSafeInteger(limit) || limit <= LIST_PAGE) return undefined;
  return { group, limit: Math.min(limit, LIST_MAX_ROWS) };
}

/** `?rows=<group>&offset=<n>`: only the next page of one group, for the windowed list's fetches. */
function windowOf(url: URL): ListQuery["window"] {
  const group = url.searchParams.get("rows");
  const offset = Number(url.searchParams.get("offset"));
  if (!group || group.length > 64 || !Number.isSafeInteger(offset) || offset < 0) return undefined;
  return { group, offset: Math.min(offset, LIST_MAX_ROWS) };
}

/** Everything the List view shows: the groups, the filter form's options and values, the problems. */
export async function listPage(
  project: { id: string; key: string; workspaceId: string },
  url: URL,
  today: string,
  canCreateLabels = false,
): Promise<ListView> {
  const options = await listOptions(project);
  const { query, params, problems } = parseListQuery(url, options);
  return {
    groups: await listGroups(project, query, today, options),
    params,
    problems,
    sort: query.sort,
    pageSize: LIST_PAGE,
    options: viewOptions(options, canCreateLabels),
  };
}

/**
 * What the filter form and the property editors show: labels by public id, and whether the
 * labels popover may create one (the viewer's `label.manage`; the command checks it again).
 */
export function viewOptions(options: ListOptions, canCreateLabels = false) {
  return {
    members: options.members,
    labels: options.labels.map((label) => ({ id: label.publicId, name: label.name, color: label.color })),
    statuses: options.statuses,
    canCreateLabels,
  };
}

/** The Board's property editors' choices: the same statement as the List's options. */
export async function boardOptions(project: { id: string; workspaceId: string }, canCreateLabels = false) {
  return viewOptions(await listOptions(project), canCreateLabels);
}
