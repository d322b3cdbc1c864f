import { and, asc, eq, isNull, sql, type SQLWrapper } from "drizzle-orm";

import { db } from "../db";
import type { Database } from "../db/client";
import { prepared } from "../db/prepared";
import {
  checklistItems,
  labels,
  profiles,
  statuses,
  taskAssignees,
  taskLabels,
  tasks,
  type Priority,
} from "../db/schema";
import type { BoardCard, BoardColumn } from "./views";
import { taskKey } from "./access";
import { blockedFlag } from "./blocked";
import { repeatingFlag } from "./repeating";

/** The List view's sortable columns; the board keeps the manual order (`position`). */
export const TASK_SORTS = ["position", "key", "title", "priority", "due"] as const;
export type TaskSort = { by: (typeof TASK_SORTS)[number]; dir: "asc" | "desc" };

const PRIORITY_RANK = sql`case ${tasks.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end`;

/** The SQL order for a sort; tasks without a due date come last either way. */
export function orderOf({ by, dir }: TaskSort) {
  const direction = dir === "desc" ? sql`desc` : sql`asc`;
  switch (by) {
    case "key":
      return sql`${tasks.number} ${direction}`;
    case "title":
      return sql`lower(${tasks.title}) ${direction}`;
    case "priority":
      return sql`${PRIORITY_RANK} ${direction}`;
    case "due":
      return sql`${tasks.dueDate} ${direction} nulls last`;
    default:
      return sql`${tasks.position} ${direction}`;
  }
}

/** How many cards a column shows before its "Show more" link (the first page). */
export const COLUMN_PAGE = 50;

/**
 * The board: each status with its count of top-level tasks and its first COLUMN_PAGE cards
 * by position (`more` raises one column's, for its "Show more"). It reads what it shows,
 * whatever the size of the project: each column's page is a range scan of
 * `tasks_column_page_idx` with a LIMIT (a LATERAL join per status), its count the
 * status's `card_count` (kept by a trigger), and a raised column's further cards one more
 * range scan. Then the assignees, labels, subtask and checklist counts of exactly those cards.
 * Every statement is prepared: only the values travel.
 */
export async function boardColumns(
  project: { id: string; key: string },
  more?: { column: string; limit: number },
): Promise<BoardColumn[]> {
  const columns = await boardStatuses().execute({ projectId: project.id });
  const raised = more ? columns.find((column) => column.publicId === more.column) : undefined;
  const extra = raised && more ? Math.min(more.limit, Number(raised.total)) - COLUMN_PAGE : 0;
  const [firstPages, further] = await Promise.all([
    columns.length > 0 ? boardFirstPages().execute({ projectId: project.id }) : [],
    raised && extra > 0 ? boardColumnFurther().execute({ statusId: raised.id, limit: extra }) : [],
  ]);
  const rows = [...firstPages, ...further];
  const cards = new Map<string, BoardCard[]>();
  for (const [index, card] of (await cardsOf(rows, project.key)).entries()) {
    const statusId = rows[index]!.statusId;
    const list = cards.get(statusId) ?? [];
    list.push(card);
    cards.set(statusId, list);
  }
  return columns.map((column) => ({
    id: column.publicId,
    name: column.name,
    color: column.color,
    category: column.category,
    total: Number(column.total),
    cards: cards.get(column.id) ?? [],
  }));
}

/** Each column's count of cards, by its status's public id (what a real-time patch carries). */
export async function columnCounts(projectId: string): Promise<Record<string, number>> {
  const columns = await boardStatuses().execute({ projectId });
  return Object.fromEntries(columns.map((column) => [column.publicId, Number(column.total)]));
}

type CardRow = {
  id: string;
  publicId: string;
  number: number;
  title: string;
  priority: Priority;
  dueDate: string | null;
  completedAt: Date | string | null;
  /** Read with the row, in its own statement (`blockedFlag`). */
  blocked: boolean | null;
  /** Its series still repeats (`repeatingFlag`). */
  repeating?: boolean | null;
};

/**
 * Board cards for task rows, in their order: each with its assignees, labels, subtask and
 * checklist counts (four lookups for all of them). Only what the card shows: no internal id
 * goes to the browser.
 */
export async function cardsOf(rows: CardRow[], projectKey: string): Promise<BoardCard[]> {
  const ids = rows.map((row) => row.id);
  const [people, tags, progress, checklists] =
    ids.length === 0
      ? [[], [], [], new Map<string, { done: number; total: number }>()]
      : await Promise.all([assigneesOf(ids), labelsOf(ids), subtaskProgress(ids), checklistProgress(ids)]);
  const peopleOf = byTask(people, ({ taskId: _, ...person }) => person);
  const tagsOf = byTask(tags, ({ name, color }) => ({ name, color }));
  const subtasksOf = new Map(progress.map(({ parentId, done, total }) => [parentId, { done, total }]));
  return rows.map((row) => ({
    id: row.publicId,
    key: taskKey(projectKey, Number(row.number)),
    title: row.title,
    priority: row.priority,
    dueDate: row.dueDate,
    done: row.completedAt !== null,
    blocked: Boolean(row.blocked),
    repeating: Boolean(row.repeating),
    assignees: peopleOf.get(row.id) ?? [],
    labels: tagsOf.get(row.id) ?? [],
    subtasks: subtasksOf.get(row.id) ?? { done: 0, total: 0 },
    checklist: checklists.get(row.id) ?? { done: 0, total: 0 },
  }));
}

/** A live top-level task of the column (what a board card is): `tasks_column_page_idx`'s predicate. */
export const onBoard = (statusId: SQLWrapper) =>
  and(sql`${tasks.statusId} = ${statusId}`, isNull(tasks.deletedAt), isNull(tasks.archivedAt), isNull(tasks.parentId));

/** The board's statements before they are prepared, for the plan test (tests/integration/query-plans.test.ts). */
export const boardQueries = {
  statuses: (database: Database) =>
    database
      .select({
        id: statuses.id,
        publicId: statuses.publicId,
        name: statuses.name,
        color: statuses.color,
        category: statuses.category,
        // Kept by the database (`tasks_card_count`, decision 040): O(1) whatever the column's size.
        total: statuses.cardCount,
      })
      .from(statuses)
      .where(eq(statuses.projectId, sql.placeholder("projectId")))
      .orderBy(asc(statuses.position)),
  /** Each column's first COLUMN_PAGE cards: a LATERAL page per status, in column then position order. */
  firstPages: (database: Database) => {
    const page = database
      .select({
        id: sql<string>`${tasks.id}`.as("card_id"),
        publicId: sql<string>`${tasks.publicId}`.as("card_public_id"),
        number: sql<number>`${tasks.number}`.as("card_number"),
        title: sql<string>`${tasks.title}`.as("card_title"),
        priority: sql<Priority>`${tasks.priority}`.as("card_priority"),
        dueDate: sql<string | null>`${tasks.dueDate}`.as("card_due_date"),
        completedAt: sql<Date | null>`${tasks.completedAt}`.as("card_completed_at"),
        position: sql<string>`${tasks.position}`.as("card_position"),
        seriesId: sql<string | null>`${tasks.seriesId}`.as("card_series_id"),
      })
      .from(tasks)
      .where(onBoard(statuses.id))
      .orderBy(asc(tasks.position))
      .limit(COLUMN_PAGE)
      .as("card");
    return database
      .select({
        ...taskRowFields(page),
        blocked: blockedFlag(page.id),
        repeating: repeatingFlag(page.seriesId),
        statusId: sql<string>`${statuses.id}`,
      })
      .from(statuses)
      .innerJoinLateral(page, sql`true`)
      .where(eq(statuses.projectId, sql.placeholder("projectId")))
      .orderBy(asc(statuses.position), sql`${page.position}`);
  },
  /** A raised column's cards after its first page, up to `limit` more. */
  further: (database: Database) =>
    database
      .select({
        id: tasks.id,
        publicId: tasks.publicId,
        number: tasks.number,
        title: tasks.title,
        priority: tasks.priority,
        dueDate: tasks.dueDate,
        completedAt: sql<string | null>`${tasks.completedAt}`,
        // Qualified: a one-table select writes its own columns bare, which the EXISTS's tables would take.
        blocked: blockedFlag(sql`"tasks"."id"`),
        repeating: repeatingFlag(sql`"tasks"."series_id"`),
        statusId: tasks.statusId,
      })
      .from(tasks)
      .where(onBoard(sql.placeholder("statusId")))
      .orderBy(asc(tasks.position))
      .offset(COLUMN_PAGE)
      .limit(sql.placeholder("limit")),
};

const boardStatuses = prepared((database) => boardQueries.statuses(database).prepare("board_statuses"));
const boardFirstPages = prepared((database) => boardQueries.firstPages(database).prepare("board_first_pages"));
const boardColumnFurther = prepared((database) => boardQueries.further(database).prepare("board_column_further"));

/**
 * A task subquery's row fields as plain SQL for the outer select (board and List):
 * Drizzle maps each row's fields by class, and a subquery's aliased field is the last of
 * three it tries (~10 µs a row).
 */
export function taskRowFields(
  ranked: Record<"id" | "publicId" | "number" | "title" | "priority" | "dueDate" | "completedAt", SQLWrapper>,
) {
  return {
    id: sql<string>`${ranked.id}`,
    publicId: sql<string>`${ranked.publicId}`,
    number: sql<number>`${ranked.number}`,
    title: sql<string>`${ranked.title}`,
    priority: sql<Priority>`${ranked.priority}`,
    dueDate: sql<string | null>`${ranked.dueDate}`,
    completedAt: sql<string | null>`${ranked.completedAt}`,
  };
}

/**
 * A ranked page of tasks' fields: each task's row, its rank and count within `partition`
 * (a column, a group) in the sort's order, and the page's `limit` for the outer select.
 */
export function rankedTaskFields(partition: SQLWrapper, sort: TaskSort, limit: SQLWrapper) {
  return {
    id: tasks.id,
    publicId: sql<string>`${tasks.publicId}`.as("public_id"),
    number: sql<number>`${tasks.number}`.as("number"),
    title: sql<string>`${tasks.title}`.as("title"),
    priority: sql<Priority>`${tasks.priority}`.as("priority"),
    dueDate: sql<string | null>`${tasks.dueDate}`.as("due_date"),
    completedAt: sql<Date | null>`${tasks.completedAt}`.as("completed_at"),
    rank: sql<number>`row_number() over (partition by ${partition} order by ${orderOf(sort)}, ${tasks.id})`.as("rank"),
    total: sql<number>`count(*) over (partition by ${partition})`.as("total"),
    limit: sql<number>`${limit}`.as("page_limit"),
  };
}

/** Rows of per-task lookups by their task, each shaped by `shape`: one pass, not a search per row. */
export function byTask<Row extends { taskId: string }, Shaped>(rows: Row[], shape: (row: Row) => Shaped) {
  const found = new Map<string, Shaped[]>();
  for (const row of rows) {
    const list = found.get(row.taskId);
    if (list) list.push(shape(row));
    else found.set(row.taskId, [shape(row)]);
  }
  return found;
}

/**
 * The per-card lookups below take the cards' ids as one array parameter (`= any($1)`), so
 * each is one prepared statement whatever the number of ids: an `in (…)` list would make
 * Drizzle write the SQL text again on every call (a page's 200 ids: ~0.5 ms of CPU each)
 * and PostgreSQL plan it again.
 */
const inIds = (column: SQLWrapper) => sql`${column} = any(${sql.placeholder("ids")}::uuid[])`;

const assigneesStatement = prepared((database) =>
  database
    .select({
      taskId: taskAssignees.taskId,
      id: taskAssignees.userId,
      fullName: profiles.fullName,
      email: profiles.email,
      avatarUrl: profiles.avatarUrl,
    })
    .from(taskAssignees)
    .leftJoin(profiles, eq(profiles.id, taskAssignees.userId))
    .where(inIds(taskAssignees.taskId))
    .orderBy(asc(taskAssignees.createdAt))
    .prepare("assignees_of"),
);

export async function assigneesOf(taskIds: string[]) {
  const rows = await assigneesStatement().execute({ ids: taskIds });
  return rows.map((row) => ({
    taskId: row.taskId,
    id: row.id,
    name: row.fullName || row.email || "Member",
    // The uploaded picture only: without one, the avatar is the name's initials (components/avatar.tsx).
    avatarUrl: row.avatarUrl,
  }));
}

const labelsStatement = prepared((database) =>
  database
    .select({ taskId: taskLabels.taskId, name: labels.name, color: labels.color })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(inIds(taskLabels.taskId))
    .orderBy(asc(sql`lower(${labels.name})`))
    .prepare("labels_of"),
);

export function labelsOf(taskIds: string[]) {
  return labelsStatement().execute({ ids: taskIds });
}

const subtaskStatement = prepared((database) =>
  database
    .select({
      parentId: sql<string>`${tasks.parentId}`,
      total: sql<number>`count(*)`,
      done: sql<number>`count(${tasks.completedAt})`,
    })
    .from(tasks)
    .where(and(inIds(tasks.parentId), isNull(tasks.deletedAt)))
    .groupBy(tasks.parentId)
    .prepare("subtask_progress"),
);

export async function subtaskProgress(taskIds: string[]) {
  const rows = await subtaskStatement().execute({ ids: taskIds });
  return rows.map((row) => ({ parentId: row.parentId, total: Number(row.total), done: Number(row.done) }));
}

const checklistStatement = prepared((database) =>
  database
    .select({
      taskId: checklistItems.taskId,
      total: sql<number>`count(*)`,
      done: sql<number>`count(*) filter (where ${checklistItems.done})`,
    })
    .from(checklistItems)
    .where(inIds(checklistItems.taskId))
    .groupBy(checklistItems.taskId)
    .prepare("checklist_progress"),
);

async function checklistProgress(taskIds: string[]) {
  const rows = await checklistStatement().execute({ ids: taskIds });
  return new Map(rows.map((row) => [row.taskId, { done: Number(row.done), total: Number(row.total) }]));
}

/**
 * What a task's page shows besides its own fields: the project's statuses, its subtasks
 * (each with its status and assignees, which the page edits in place), its parent.
 */
export async function taskDetail(
  task: { id: string; parentId: string | null; projectId: string },
  project: { key: string },
) {
  const [columns, children, parents] = await Promise.all([
    db()
      .select({ id: statuses.publicId, name: statuses.name, color: statuses.color, category: statuses.category })
      .from(statuses)
      .where(eq(statuses.projectId, task.projectId))
      .orderBy(asc(statuses.position)),
    db()
      .select({
        rowId: tasks.id,
        id: tasks.publicId,
        number: tasks.number,
        title: tasks.title,
        completedAt: tasks.completedAt,
        statusId: statuses.publicId,
        status: statuses.name,
        statusColor: statuses.color,
      })
      .from(tasks)
      .innerJoin(statuses, eq(statuses.id, tasks.statusId))
      .where(and(eq(tasks.parentId, task.id), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.number)),
    task.parentId
      ? db()
          .select({ id: tasks.publicId, number: tasks.number, title: tasks.title })
          .from(tasks)
          .where(and(eq(tasks.id, task.parentId), isNull(tasks.deletedAt)))
      : Promise.resolve([]),
  ]);
  // Only when there are subtasks: one more query for all their assignees.
  const people = children.length > 0 ? await assigneesOf(children.map((child) => child.rowId)) : [];
  const peopleOf = byTask(people, ({ taskId: _, ...person }) => person);
  const parent = parents[0];
  return {
    statuses: columns,
    subtasks: children.map((child) => ({
      id: child.id,
      key: taskKey(project.key, child.number),
      title: child.title,
      done: child.completedAt !== null,
      statusId: child.statusId,
      status: child.status,
      statusColor: child.statusColor,
      assignees: peopleOf.get(child.rowId) ?? [],
    })),
    parent: parent ? { id: parent.id, key: taskKey(project.key, parent.number), title: parent.title } : null,
  };
}

/** The user ids a task is assigned to. */
export async function assigneeIdsOf(taskId: string) {
  const rows = await db()
    .select({ userId: taskAssignees.userId })
    .from(taskAssignees)
    .where(eq(taskAssignees.taskId, taskId));
  return rows.map((row) => row.userId);
}
