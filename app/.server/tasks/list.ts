import { and, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { db } from "../db";
import { prepared, preparedByShape } from "../db/prepared";
import {
  labels,
  profiles,
  projects,
  statuses,
  taskAssignees,
  taskLabels,
  tasks,
  workspaceMembers,
  type Priority,
} from "../db/schema";
import { MEMBER_NAME, NAME_ORDER, ROLE_ORDER } from "../team/queries";
import type { ListGroup, ListRow } from "./views";
import { TASK_PRIORITIES } from "~/validation/task-fields";
import { taskKey } from "./access";
import { blockedFlag } from "./blocked";
import {
  assigneesOf,
  byTask,
  labelsOf,
  onBoard,
  rankedTaskFields,
  subtaskProgress,
  taskRowFields,
  type TaskSort,
} from "./queries";

/**
 * The List view's read: the project's top-level tasks filtered in SQL, grouped by status,
 * assignee, priority or due date, each group with its count (after the filter) and its
 * first page of rows in the chosen order. A fixed number of queries whatever the number of
 * tasks: the ranked rows, then assignees, labels and subtask counts of exactly those rows.
 */
export const LIST_GROUPINGS = ["status", "assignee", "priority", "due"] as const;
export type ListGrouping = (typeof LIST_GROUPINGS)[number];

/** Rows per group on the first page, and how many more each "Show more" adds. */
export const LIST_PAGE = 100;
/** The most rows one group may show in one page load, whatever `limit` asks. */
export const LIST_MAX_ROWS = 5_000;

export type ListFilters = {
  /** A member's user id, or "none" for tasks nobody is assigned to. */
  assignee?: string;
  /** A label's internal id (checked to be the workspace's). */
  labelId?: string;
  priority?: Priority;
  /** Calendar days, inclusive. */
  dueFrom?: string;
  dueTo?: string;
  /** Past its due date and not done. */
  overdue?: boolean;
  /** Words of the title, or the task's key (KEY-123). */
  text?: string;
};

export type ListQuery = {
  filters: ListFilters;
  group: ListGrouping;
  sort: TaskSort;
  /** One group shows `limit` rows instead of the first page ("Show more"). */
  more?: { group: string; limit: number };
  /** Only one group's page of LIST_PAGE rows after `offset` (the windowed list's next page). */
  window?: { group: string; offset: number };
};

const DUE_BUCKETS = [
  { id: "overdue", name: "Overdue" },
  { id: "today", name: "Today" },
  { id: "week", name: "This week" },
  { id: "later", name: "Later" },
  { id: "past", name: "Earlier (done)" },
  { id: "none", name: "No date" },
] as const;

const PRIORITY_NAMES: Record<Priority, string> = {
  urgent: "Urgent",
  high: "High",
  medium: "Medium",
  low: "Low",
  none: "No priority",
};

/** A title search written as SQL LIKE: the user's % and _ are literal. */
function likePattern(text: string) {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * What decides the text of the list's statement: its grouping, its order, which filters it
 * has and which page it reads. The values (ids, days, the searched text) are its
 * parameters, so one statement per shape is prepared and kept (`preparedByShape`).
 */
type ListShape = {
  group: ListGrouping;
  sort: TaskSort;
  assignee: "none" | "member" | null;
  label: boolean;
  priority: boolean;
  dueFrom: boolean;
  dueTo: boolean;
  overdue: boolean;
  text: "title" | "title or key" | null;
  page: "first" | "more" | "window";
};

type ListValues = {
  projectId: string;
  today: string;
  assignee?: string;
  labelId?: string;
  priority?: Priority;
  dueFrom?: string;
  dueTo?: string;
  /** The title search as a LIKE pattern, and the task number when the text is a key. */
  titlePattern?: string;
  number?: number;
  moreGroup?: string;
  moreLimit?: number;
  windowGroup?: string;
  windowFrom?: number;
  windowTo?: number;
};

type Param = (name: keyof ListValues) => unknown;

function shapeAndValues(project: { id: string; key: string }, query: ListQuery, today: string) {
  const { filters } = query;
  const key = filters.text ? new RegExp(`^${project.key}-(\\d{1,9})$`, "i").exec(filters.text) : null;
  const shape: ListShape = {
    group: query.group,
    sort: query.sort,
    assignee: filters.assignee === "none" ? "none" : filters.assignee ? "member" : null,
    label: Boolean(filters.labelId),
    priority: Boolean(filters.priority),
    dueFrom: Boolean(filters.dueFrom),
    dueTo: Boolean(filters.dueTo),
    overdue: Boolean(filters.overdue),
    text: filters.text ? (key ? "title or key" : "title") : null,
    page: query.window ? "window" : query.more ? "more" : "first",
  };
  const values: ListValues = {
    projectId: project.id,
    today,
    assignee: filters.assignee,
    labelId: filters.labelId,
    priority: filters.priority,
    dueFrom: filters.dueFrom,
    dueTo: filters.dueTo,
    titlePattern: filters.text && likePattern(filters.text),
    number: key ? Number(key[1]) : undefined,
    moreGroup: query.more?.group,
    moreLimit: query.more?.limit,
    windowGroup: query.window?.group,
    windowFrom: query.window?.offset,
    windowTo: query.window && query.window.offset + LIST_PAGE,
  };
  return { shape, values };
}

/** The WHERE of the list: the project's live top-level tasks, narrowed by each filter given. */
function listConditions(shape: ListShape, param: Param) {
  const conditions: SQL[] = [
    sql`${tasks.projectId} = ${param("projectId")}::uuid`,
    isNull(tasks.deletedAt),
    isNull(tasks.archivedAt),
    isNull(tasks.parentId),
  ];
  if (shape.assignee === "none") {
    conditions.push(sql`not exists (select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id})`);
  } else if (shape.assignee === "member") {
    conditions.push(
      sql`exists (select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id} and ${taskAssignees.userId} = ${param("assignee")}::uuid)`,
    );
  }
  if (shape.label) {
    conditions.push(
      sql`exists (select 1 from ${taskLabels} where ${taskLabels.taskId} = ${tasks.id} and ${taskLabels.labelId} = ${param("labelId")}::uuid)`,
    );
  }
  if (shape.priority) conditions.push(sql`${tasks.priority} = ${param("priority")}`);
  if (shape.dueFrom) conditions.push(sql`${tasks.dueDate} >= ${param("dueFrom")}::date`);
  if (shape.dueTo) conditions.push(sql`${tasks.dueDate} <= ${param("dueTo")}::date`);
  if (shape.overdue) conditions.push(sql`${tasks.dueDate} < ${param("today")}::date and ${tasks.completedAt} is null`);
  if (shape.text) {
    const title = sql`${tasks.title} ilike ${param("titlePattern")}`;
    conditions.push(
      shape.text === "title or key" ? sql`(${title} or ${tasks.number} = ${param("number")}::int)` : title,
    );
  }
  return and(...conditions)!;
}

const groupAssignee = alias(taskAssignees, "group_assignee");

/** The group a row falls in, as text; a task with two assignees is in both their groups. */
function groupKey(group: ListGrouping, param: Param) {
  switch (group) {
    case "assignee":
      return sql<string>`coalesce(${groupAssignee.userId}::text, 'none')`;
    case "priority":
      return sql<string>`${tasks.priority}::text`;
    case "due": {
      const today = sql`${param("today")}::date`;
      return sql<string>`case
        when ${tasks.dueDate} is null then 'none'
        when ${tasks.dueDate} < ${today} and ${tasks.completedAt} is null then 'overdue'
        when ${tasks.dueDate} < ${today} then 'past'
        when ${tasks.dueDate} = ${today} then 'today'
        when ${tasks.dueDate} < ${today} + 7 then 'week'
        else 'later' end`;
    }
    default:
      return sql<string>`${statuses.publicId}`;
  }
}

/** The List as it opens: by status, in the board's order, nothing filtered. */
function isPlain(shape: ListShape) {
  return (
    shape.group === "status" &&
    shape.sort.by === "position" &&
    !shape.assignee &&
    !shape.label &&
    !shape.priority &&
    !shape.dueFrom &&
    !shape.dueTo &&
    !shape.overdue &&
    !shape.text
  );
}

/** The rows of the list's page for a shape, every value a `param`. */
function listRows(shape: ListShape, param: Param) {
  return isPlain(shape) ? plainListRows(shape, param) : rankedListRows(shape, param);
}

/**
 * The plain List reads what it shows, as the board does (decision 025): each status's page
 * is a range of `tasks_column_page_idx` (forwards or backwards) with a LIMIT, in a LATERAL
 * join per status, its count an index-only count, a "Show more" a longer LIMIT for one
 * status and a window an OFFSET in one. Filtered or sorted otherwise, the List ranks the
 * matching tasks of the project (`rankedListRows`).
 */
function plainListRows(shape: ListShape, param: Param) {
  const inProject = sql`${statuses.projectId} = ${param("projectId")}::uuid`;
  // The statuses with their counts, each counted once: `offset 0` keeps the planner from
  // folding this into the outer select, where the count would run again for every row.
  const column = db()
    .select({
      id: sql<string>`${statuses.id}`.as("column_id"),
      publicId: sql<string>`${statuses.publicId}`.as("column_public_id"),
      name: sql<string>`${statuses.name}`.as("column_name"),
      position: sql<string>`${statuses.position}`.as("column_position"),
      total: sql<number>`(select count(*) from ${tasks} where ${onBoard(statuses.id)})`.as("column_total"),
    })
    .from(statuses)
    .where(shape.page === "window" ? and(inProject, sql`${statuses.publicId} = ${param("windowGroup")}`) : inProject)
    .offset(sql`0` as unknown as number)
    .as("column");
  const order = shape.sort.dir === "desc" ? sql`${tasks.position} desc` : sql`${tasks.position} asc`;
  const limit =
    shape.page === "more"
      ? sql`case when ${column.publicId} = ${param("moreGroup")} then ${param("moreLimit")}::int else ${LIST_PAGE}::int end`
      : sql`${LIST_PAGE}::int`;
  const offset = shape.page === "window" ? sql`${param("windowFrom")}::int` : sql`0::int`;
  const page = db()
    .select({
      id: sql<string>`${tasks.id}`.as("row_id"),
      publicId: sql<string>`${tasks.publicId}`.as("row_public_id"),
      number: sql<number>`${tasks.number}`.as("row_number"),
      title: sql<string>`${tasks.title}`.as("row_title"),
      priority: sql<Priority>`${tasks.priority}`.as("row_priority"),
      dueDate: sql<string | null>`${tasks.dueDate}`.as("row_due_date"),
      completedAt: sql<Date | null>`${tasks.completedAt}`.as("row_completed_at"),
      position: sql<string>`${tasks.position}`.as("row_position"),
    })
    .from(tasks)
    .where(onBoard(column.id))
    .orderBy(order)
    // SQL expressions (a LIMIT per status): Drizzle's types take a number or a placeholder, its pg dialect writes any SQL.
    .limit(limit as unknown as number)
    .offset(offset as unknown as number)
    .as("row");
  const positionOrder = shape.sort.dir === "desc" ? sql`${page.position} desc` : sql`${page.position} asc`;
  return db()
    .select({
      ...taskRowFields(page),
      blocked: blockedFlag(page.id),
      total: sql<number>`${column.total}`,
      groupKey: sql<string>`${column.publicId}`,
      status: sql<string>`${column.name}`,
    })
    .from(column)
    .innerJoinLateral(page, sql`true`)
    .orderBy(sql`${column.position}`, positionOrder);
}

/** Any other List: the matching tasks of the project ranked in each group by the sort. */
function rankedListRows(shape: ListShape, param: Param) {
  const key = groupKey(shape.group, param);
  const limit =
    shape.page === "more"
      ? sql`case when ${key} = ${param("moreGroup")} then ${param("moreLimit")}::int else ${LIST_PAGE}::int end`
      : sql`${LIST_PAGE}::int`;
  const base = db()
    .select({
      ...rankedTaskFields(key, shape.sort, limit),
      groupKey: key.as("group_key"),
      status: sql<string>`${statuses.name}`.as("status_name"),
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId));
  const ranked = (shape.group === "assignee" ? base.leftJoin(groupAssignee, eq(groupAssignee.taskId, tasks.id)) : base)
    .where(listConditions(shape, param))
    .as("ranked");
  const page =
    shape.page === "window"
      ? sql`${ranked.groupKey} = ${param("windowGroup")} and ${ranked.rank} > ${param("windowFrom")}::int and ${ranked.rank} <= ${param("windowTo")}::int`
      : sql`${ranked.rank} <= ${ranked.limit}`;
  return db()
    .select({
      ...taskRowFields(ranked),
      // Only for the page's rows: the ranking above reads every matching task. Qualified: a
      // one-table select writes its columns bare, which the EXISTS's tables would take.
      blocked: blockedFlag(sql`"ranked"."id"`),
      total: sql<number>`${ranked.total}`,
      groupKey: sql<string>`${ranked.groupKey}`,
      status: sql<string>`${ranked.status}`,
    })
    .from(ranked)
    .where(page)
    .orderBy(ranked.groupKey, ranked.rank);
}

/** A List query's statement with its values written in, for the plan test (tests/integration/query-plans.test.ts). */
export function listStatementOf(project: { id: string; key: string }, query: ListQuery, today: string) {
  const { shape, values } = shapeAndValues(project, query, today);
  return listRows(shape, (name) => values[name]);
}

/** Every list page runs one of a few shapes (the plain list above all): each is built and planned once. */
const listStatement = preparedByShape<ListValues>("list_rows");

/** The list's groups with their counts and first rows, in the grouping's order. */
export async function listGroups(
  project: { id: string; key: string; workspaceId: string },
  query: ListQuery,
  today: string,
  /** The project's statuses and the workspace's members, as `listOptions` reads them. */
  options: Pick<ListOptions, "statuses" | "members">,
): Promise<ListGroup[]> {
  const { shape, values } = shapeAndValues(project, query, today);
  const rows = await listStatement(JSON.stringify(shape), values, (param) => listRows(shape, param));
  const names = groupNames(query.group, options);
  const ids = [...new Set(rows.map((row) => row.id))];
  const [people, tags, progress] =
    ids.length === 0 ? [[], [], []] : await Promise.all([assigneesOf(ids), labelsOf(ids), subtaskProgress(ids)]);
  const peopleOf = byTask(people, ({ taskId: _, ...person }) => person);
  const tagsOf = byTask(tags, ({ name, color }) => ({ name, color }));
  const subtasksOf = new Map(progress.map(({ parentId, done, total }) => [parentId, { done, total }]));

  const byGroup = new Map<string, { total: number; rows: ListRow[] }>();
  for (const row of rows) {
    const entry = byGroup.get(row.groupKey) ?? { total: Number(row.total), rows: [] };
    entry.rows.push({
      id: row.publicId,
      key: taskKey(project.key, Number(row.number)),
      title: row.title,
      status: row.status,
      priority: row.priority,
      dueDate: row.dueDate,
      done: row.completedAt !== null,
      blocked: Boolean(row.blocked),
      assignees: peopleOf.get(row.id) ?? [],
      labels: tagsOf.get(row.id) ?? [],
      subtasks: subtasksOf.get(row.id) ?? { done: 0, total: 0 },
    });
    byGroup.set(row.groupKey, entry);
  }
  // Statuses are always shown (each has its quick add); other groupings only where tasks are.
  const shown = (group: { id: string }) =>
    query.window ? group.id === query.window.group : query.group === "status" || byGroup.has(group.id);
  return names.filter(shown).map((group) => ({
    ...group,
    total: byGroup.get(group.id)?.total ?? 0,
    cards: byGroup.get(group.id)?.rows ?? [],
  }));
}

/** Every group the grouping can have, in its order (members by name, nobody last). */
function groupNames(
  group: ListGrouping,
  options: Pick<ListOptions, "statuses" | "members">,
): Omit<ListGroup, "total" | "cards">[] {
  switch (group) {
    case "assignee":
      return [...[...options.members].sort((a, b) => a.name.localeCompare(b.name)), { id: "none", name: "Unassigned" }];
    case "priority":
      return [...TASK_PRIORITIES].reverse().map((priority) => ({ id: priority, name: PRIORITY_NAMES[priority] }));
    case "due":
      return DUE_BUCKETS.map((bucket) => ({ ...bucket }));
    default:
      return options.statuses.map((row) => ({ ...row, status: { id: row.id, name: row.name } }));
  }
}

export type ListFilterOptions = {
  members: { id: string; name: string; avatarUrl: string | null }[];
  labels: { id: string; publicId: string; name: string; color: string }[];
};

/**
 * What the List view reads besides its rows, in one statement: the project's statuses in
 * order (its groups and the form's statuses), and the filter form's options, the
 * workspace's labels by name and its members as the team page orders and names them.
 * Three small reads of their own cost the embedded database three rounds.
 */
export async function listOptions(project: { id: string; workspaceId: string }): Promise<ListOptions> {
  const [row] = await listOptionsQuery().execute({ projectId: project.id, workspaceId: project.workspaceId });
  return row ?? { statuses: [], labels: [], members: [] };
}
export type ListOptions = ListFilterOptions & { statuses: { id: string; name: string; color: string }[] };

const listOptionsQuery = prepared((database) => {
  const workspaceId = sql.placeholder("workspaceId");
  // Each list is its own `sql` inside the field: Drizzle writes the columns of a one-table
  // select's fields without their table, which would make `projects.id` the subquery's own.
  const statusList = sql`(
    select coalesce(json_agg(json_build_object('id', ${statuses.publicId}, 'name', ${statuses.name}, 'color', ${statuses.color}) order by ${statuses.position}), '[]')
    from ${statuses} where ${statuses.projectId} = ${projects.id})`;
  const labelList = sql`(
    select coalesce(json_agg(json_build_object('id', ${labels.id}, 'publicId', ${labels.publicId}, 'name', ${labels.name}, 'color', ${labels.color}) order by lower(${labels.name})), '[]')
    from ${labels} where ${labels.workspaceId} = ${workspaceId})`;
  const memberList = sql`(
    select coalesce(json_agg(json_build_object('id', ${workspaceMembers.userId}, 'name', ${MEMBER_NAME}, 'avatarUrl', ${profiles.avatarUrl}) order by ${ROLE_ORDER}, ${NAME_ORDER}), '[]')
    from ${workspaceMembers} left join ${profiles} on ${profiles.id} = ${workspaceMembers.userId}
    where ${workspaceMembers.workspaceId} = ${workspaceId})`;
  return database
    .select({
      statuses: sql<ListOptions["statuses"]>`${statusList}`,
      labels: sql<ListFilterOptions["labels"]>`${labelList}`,
      members: sql<ListFilterOptions["members"]>`${memberList}`,
    })
    .from(projects)
    .where(eq(projects.id, sql.placeholder("projectId")))
    .prepare("list_options");
});
