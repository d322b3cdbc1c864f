import { and, asc, eq, isNull, sql, type SQL } from "drizzle-orm";

import { db } from "../db";
import { statuses, tasks } from "../db/schema";
import { dayName, monthGrid, monthHeader, type Month } from "~/utils/calendar-month";
import type { CalendarTask, ProjectCalendar, TaskPage } from "./views";
import { taskKey } from "./access";

/** How many tasks a day's cell lists before its "+N more" link to the day view. */
export const PER_DAY = 4;
/** The most tasks the day view lists (with their total when a day has more). */
export const DAY_LIMIT = 200;
/** The first page of the tasks without a due date, and the most its "Show more" reaches. */
export const UNDATED_PAGE = 20;
export const UNDATED_MAX = 500;
/** A month grid has at most six weeks. */
const MAX_CELLS = 42;

type Project = { id: string; key: string };

/**
 * The tasks a calendar shows are the board's and the list's: the project's live,
 * unarchived top-level tasks (subtasks show on their parent's page).
 */
function shown(project: Project, ...more: SQL[]) {
  return and(
    eq(tasks.projectId, project.id),
    isNull(tasks.deletedAt),
    isNull(tasks.archivedAt),
    isNull(tasks.parentId),
    ...more,
  );
}

/** Only what a calendar entry shows; open tasks before done ones, then by number. */
const fields = {
  id: sql<string>`${tasks.publicId}`.as("public_id"),
  number: sql<number>`${tasks.number}`.as("number"),
  title: sql<string>`${tasks.title}`.as("title"),
  dueDate: sql<string | null>`${tasks.dueDate}::text`.as("due_date"),
  startDate: sql<string | null>`${tasks.startDate}::text`.as("start_date"),
  done: sql<boolean>`${tasks.completedAt} is not null`.as("done"),
  statusName: sql<string>`${statuses.name}`.as("status_name"),
  statusColor: sql<string>`${statuses.color}`.as("status_color"),
};
const order = sql`${tasks.completedAt} is not null, ${tasks.number}`;

function toTask(project: Project, row: { [K in keyof typeof fields]: (typeof fields)[K]["_"]["type"] }) {
  return {
    id: row.id,
    key: taskKey(project.key, Number(row.number)),
    title: row.title,
    dueDate: row.dueDate,
    startDate: row.startDate,
    done: row.done,
    status: { name: row.statusName, color: row.statusColor },
  } satisfies CalendarTask;
}

/**
 * The tasks due from `from` to `to` (a grid's first and last days), in one query: at most
 * `PER_DAY` a day, each with its day's total, so a grid reads at most 42 × PER_DAY rows
 * whatever the number of tasks.
 */
export async function tasksDueBetween(project: Project, from: string, to: string) {
  const rows = await dueBetweenRows(project, from, to);
  const days = new Map<string, TaskPage>();
  for (const row of rows) {
    const day = days.get(row.dueDate!) ?? { tasks: [], total: Number(row.total) };
    day.tasks.push(toTask(project, row));
    days.set(row.dueDate!, day);
  }
  return days;
}

function dueBetweenRows(project: Project, from: string, to: string) {
  const ranked = db()
    .select({
      ...fields,
      rank: sql<number>`row_number() over (partition by ${tasks.dueDate} order by ${order})`.as("rank"),
      total: sql<number>`count(*) over (partition by ${tasks.dueDate})`.as("total"),
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(shown(project, sql`${tasks.dueDate} between ${from} and ${to}`))
    .as("ranked");
  return db()
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${PER_DAY}`)
    .orderBy(asc(ranked.dueDate), asc(ranked.rank))
    .limit(MAX_CELLS * PER_DAY);
}

/** The tasks due on one day (the first `DAY_LIMIT`) and how many there are. */
export function tasksDueOn(project: Project, day: string) {
  return page(project, sql`${tasks.dueDate} = ${day}`, DAY_LIMIT);
}

/** The first `limit` tasks without a due date and how many there are. */
export function undatedTasks(project: Project, limit: number) {
  return page(project, isNull(tasks.dueDate), Math.min(limit, UNDATED_MAX));
}

/**
 * A page of tasks and their count in one statement: the page stops at its LIMIT (for the
 * undated ones, a range of `tasks_undated_idx` in this order) and the count is a subquery
 * run once, an index-only count, where a count over the page's window read every matching task.
 */
async function page(project: Project, where: SQL, limit: number): Promise<TaskPage> {
  const rows = await pageRows(project, where, limit);
  return { tasks: rows.map((row) => toTask(project, row)), total: Number(rows[0]?.total ?? 0) };
}

const pageRows = (project: Project, where: SQL, limit: number) =>
  db()
    .select({
      ...fields,
      total: sql<number>`(select count(*) from ${tasks} where ${shown(project, where)})`.as("total"),
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(shown(project, where))
    .orderBy(order)
    .limit(limit);

/** The calendar's statements before they run, for the plan test (tests/integration/query-plans.test.ts). */
export const calendarQueries = {
  month: (project: Project, from: string, to: string) => dueBetweenRows(project, from, to),
  undated: (project: Project, limit: number) => pageRows(project, isNull(tasks.dueDate), limit),
};

/**
 * What the Calendar view shows for `month`: its grid with each day's tasks, the day view's
 * tasks when a day is open, and the undated tasks; three bounded queries.
 */
export async function projectCalendar(
  project: Project,
  options: { month: Month; day: string | null; undatedLimit: number },
): Promise<ProjectCalendar> {
  const grid = monthGrid(options.month);
  const [due, day, undated] = await Promise.all([
    tasksDueBetween(project, grid[0]!.date, grid.at(-1)!.date),
    options.day ? tasksDueOn(project, options.day) : null,
    undatedTasks(project, options.undatedLimit),
  ]);
  return {
    ...monthHeader(options.month),
    days: grid.map((cell) => ({ ...cell, ...(due.get(cell.date) ?? { tasks: [], total: 0 }) })),
    day: options.day && day ? { date: options.day, title: dayName(options.day), ...day } : null,
    undated,
  };
}
