import { and, asc, eq, isNull, ne, sql, type SQL } from "drizzle-orm";

import { db } from "../db";
import { projects, statuses, taskAssignees, tasks, workspaceMembers } from "../db/schema";
import type { MyTask, MyTaskFilter } from "./views";
import { taskKey } from "./access";

/**
 * The signed-in user's own work across every workspace they are in: the dashboard's
 * summary figures and the list behind each of them (`/app/my-tasks`). "Open" is assigned to
 * the user, in a status whose category is not done, neither the task nor its project
 * archived or deleted, in a workspace the user still belongs to.
 */

/** The days a filter covers, as calendar days (YYYY-MM-DD, the server's UTC day until users have a time zone). */
export function weekOf(today: string) {
  const day = new Date(`${today}T00:00:00Z`);
  // The calendar's week: Sunday to Saturday; "this week" is what is left of it from today.
  const end = new Date(day.getTime() + (6 - day.getUTCDay()) * 86_400_000);
  return { today, weekEnd: end.toISOString().slice(0, 10) };
}

function openTasksOf(userId: string) {
  return and(
    isNull(tasks.deletedAt),
    isNull(tasks.archivedAt),
    isNull(projects.deletedAt),
    isNull(projects.archivedAt),
    ne(statuses.category, "done"),
    sql`exists (select 1 from ${taskAssignees} where ${taskAssignees.taskId} = ${tasks.id} and ${taskAssignees.userId} = ${userId})`,
    sql`exists (select 1 from ${workspaceMembers} where ${workspaceMembers.workspaceId} = ${tasks.workspaceId} and ${workspaceMembers.userId} = ${userId})`,
  );
}

function filterOf(filter: MyTaskFilter, today: string): SQL | undefined {
  const { weekEnd } = weekOf(today);
  if (filter === "week") return sql`${tasks.dueDate} between ${today} and ${weekEnd}`;
  if (filter === "overdue") return sql`${tasks.dueDate} < ${today}`;
  return undefined;
}

/** The three figures, in one query. */
export async function myTaskSummary(userId: string, today: string) {
  const [row] = await db()
    .select({
      open: sql<number>`count(*)`,
      week: sql<number>`count(*) filter (where ${filterOf("week", today)})`,
      overdue: sql<number>`count(*) filter (where ${filterOf("overdue", today)})`,
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(openTasksOf(userId));
  return { open: Number(row?.open ?? 0), week: Number(row?.week ?? 0), overdue: Number(row?.overdue ?? 0) };
}

/** The tasks behind a figure, soonest due first (undated last), at most `limit`, with the total. */
export async function myTasks(userId: string, filter: MyTaskFilter, today: string, limit: number) {
  const rows = await db()
    .select({
      id: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      status: statuses.name,
      projectId: projects.publicId,
      projectName: projects.name,
      projectKey: projects.key,
      total: sql<number>`count(*) over ()`,
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(openTasksOf(userId), filterOf(filter, today)))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(projects.name), asc(tasks.number))
    .limit(limit);
  return {
    total: Number(rows[0]?.total ?? 0),
    items: rows.map((row): MyTask => ({
      id: row.id,
      key: taskKey(row.projectKey, row.number),
      title: row.title,
      priority: row.priority,
      dueDate: row.dueDate,
      status: row.status,
      project: { id: row.projectId, name: row.projectName },
    })),
  };
}
