import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { db } from "../db";
import { prepared } from "../db/prepared";
import { labels, statuses, taskAssignees, taskLabels, tasks, type Priority } from "../db/schema";
import { membersOf } from "../team/queries";
import type { ListGroup, ListRow } from "~/components/tasks/types";
import { TASK_PRIORITIES } from "~/validation/task-fields";
import { taskKey } from "./access";
import { assigneesOf, byTask, labelsOf, orderOf, subtaskProgress, taskRowFields, type TaskSort } from "./queries";

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

/** The WHERE of the list: the project's live top-level tasks, narrowed by each filter given. */
export function listConditions(project: { id: string; key: string }, filters: ListFilters, today: string) {
  const conditions: SQL[] = [
    eq(tasks.projectId, project.id),
    isNull(tasks.deletedAt),
    isNull(tasks.archivedAt),
    isNull(tasks.parentId),
  ];
  if (filters.assignee === "none") {
    conditions.push(sql`not exists (select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id})`);
  } else if (filters.assignee) {
    conditions.push(
      sql`exists (select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id} and ${taskAssignees.userId} = ${filters.assignee}::uuid)`,
    );
  }
  if (filters.labelId) {
    conditions.push(
      sql`exists (select 1 from ${taskLabels} where ${taskLabels.taskId} = ${tasks.id} and ${taskLabels.labelId} = ${filters.labelId}::uuid)`,
    );
  }
  if (filters.priority) conditions.push(eq(tasks.priority, filters.priority));
  if (filters.dueFrom) conditions.push(sql`${tasks.dueDate} >= ${filters.dueFrom}::date`);
  if (filters.dueTo) conditions.push(sql`${tasks.dueDate} <= ${filters.dueTo}::date`);
  if (filters.overdue) conditions.push(sql`${tasks.dueDate} < ${today}::date and ${tasks.completedAt} is null`);
  if (filters.text) {
    const title = sql`${tasks.title} ilike ${likePattern(filters.text)}`;
    const key = new RegExp(`^${project.key}-(\\d{1,9})$`, "i").exec(filters.text);
    conditions.push(key ? sql`(${title} or ${tasks.number} = ${Number(key[1])})` : title);
  }
  return and(...conditions)!;
}

const groupAssignee = alias(taskAssignees, "group_assignee");

/** The group a row falls in, as text; a task with two assignees is in both their groups. */
function groupKey(group: ListGrouping, today: string) {
  switch (group) {
    case "assignee":
      return sql<string>`coalesce(${groupAssignee.userId}::text, 'none')`;
    case "priority":
      return sql<string>`${tasks.priority}`;
    case "due":
      return sql<string>`case
        when ${tasks.dueDate} is null then 'none'
        when ${tasks.dueDate} < ${today}::date and ${tasks.completedAt} is null then 'overdue'
        when ${tasks.dueDate} < ${today}::date then 'past'
        when ${tasks.dueDate} = ${today}::date then 'today'
        when ${tasks.dueDate} < ${today}::date + 7 then 'week'
        else 'later' end`;
    default:
      return sql<string>`${statuses.publicId}`;
  }
}

/** The list's groups with their counts and first rows, in the grouping's order. */
export async function listGroups(
  project: { id: string; key: string; workspaceId: string },
  query: ListQuery,
  today: string,
  /** The project's statuses in order, when the caller has read them already. */
  known?: { id: string; name: string }[],
): Promise<ListGroup[]> {
  const key = groupKey(query.group, today);
  const limit = query.more
    ? sql`case when ${key} = ${query.more.group} then ${query.more.limit}::int else ${LIST_PAGE}::int end`
    : sql`${LIST_PAGE}::int`;
  const base = db()
    .select({
      id: tasks.id,
      publicId: sql<string>`${tasks.publicId}`.as("public_id"),
      groupKey: key.as("group_key"),
      status: sql<string>`${statuses.name}`.as("status_name"),
      number: sql<number>`${tasks.number}`.as("number"),
      title: sql<string>`${tasks.title}`.as("title"),
      priority: sql<Priority>`${tasks.priority}`.as("priority"),
      dueDate: sql<string | null>`${tasks.dueDate}`.as("due_date"),
      completedAt: sql<Date | null>`${tasks.completedAt}`.as("completed_at"),
      rank: sql<number>`row_number() over (partition by ${key} order by ${orderOf(query.sort)}, ${tasks.id})`.as(
        "rank",
      ),
      total: sql<number>`count(*) over (partition by ${key})`.as("total"),
      limit: sql<number>`${limit}`.as("page_limit"),
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId));
  const ranked = (query.group === "assignee" ? base.leftJoin(groupAssignee, eq(groupAssignee.taskId, tasks.id)) : base)
    .where(listConditions(project, query.filters, today))
    .as("ranked");
  const page = query.window
    ? sql`${ranked.groupKey} = ${query.window.group} and ${ranked.rank} > ${query.window.offset} and ${ranked.rank} <= ${query.window.offset + LIST_PAGE}`
    : sql`${ranked.rank} <= ${ranked.limit}`;
  const [rows, names] = await Promise.all([
    db()
      .select({
        ...taskRowFields(ranked),
        groupKey: sql<string>`${ranked.groupKey}`,
        status: sql<string>`${ranked.status}`,
      })
      .from(ranked)
      .where(page)
      .orderBy(ranked.groupKey, ranked.rank),
    groupNames(project, query.group, known),
  ]);
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
async function groupNames(
  project: { id: string; workspaceId: string },
  group: ListGrouping,
  known?: { id: string; name: string }[],
): Promise<Omit<ListGroup, "total" | "cards">[]> {
  switch (group) {
    case "assignee": {
      const members = await membersOf(project.workspaceId);
      return [
        ...members
          .map((member) => ({ id: member.userId, name: member.name }))
          .sort((a, b) => a.name.localeCompare(b.name)),
        { id: "none", name: "Unassigned" },
      ];
    }
    case "priority":
      return [...TASK_PRIORITIES].reverse().map((priority) => ({ id: priority, name: PRIORITY_NAMES[priority] }));
    case "due":
      return DUE_BUCKETS.map((bucket) => ({ ...bucket }));
    default: {
      const rows = known ?? (await statusesInOrder(project.id));
      return rows.map((row) => ({ ...row, status: { id: row.id, name: row.name } }));
    }
  }
}

/** A project's statuses by position, as the list's groups and its filter form name them. */
export function statusesInOrder(projectId: string) {
  return projectStatuses().execute({ projectId });
}

/** Prepared, as the labels below and the members (team/queries.ts): every List view reads them. */
const projectStatuses = prepared((database) =>
  database
    .select({ id: statuses.publicId, name: statuses.name })
    .from(statuses)
    .where(eq(statuses.projectId, sql.placeholder("projectId")))
    .orderBy(asc(statuses.position))
    .prepare("project_statuses"),
);

/** What the filter form offers: the workspace's members and labels. */
export async function listFilterOptions(workspaceId: string) {
  const [members, tags] = await Promise.all([membersOf(workspaceId), workspaceLabels().execute({ workspaceId })]);
  return {
    members: members.map((member) => ({ id: member.userId, name: member.name })),
    labels: tags,
  };
}
export type ListFilterOptions = Awaited<ReturnType<typeof listFilterOptions>>;

const workspaceLabels = prepared((database) =>
  database
    .select({ id: labels.id, publicId: labels.publicId, name: labels.name })
    .from(labels)
    .where(eq(labels.workspaceId, sql.placeholder("workspaceId")))
    .orderBy(asc(sql`lower(${labels.name})`))
    .prepare("workspace_labels"),
);
