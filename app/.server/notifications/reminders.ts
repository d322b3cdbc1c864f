import { and, asc, between, eq, isNull, ne, notExists, sql, type SQL } from "drizzle-orm";

import { db } from "../db";
import { notifications, projects, statuses, taskAssignees, tasks, workspaceMembers } from "../db/schema";
import { planDueSoonMessages } from "../chat-channels/delivery";
import { enqueue } from "../jobs/queue";
import { defineJob } from "../jobs/registry";
import { taskKey } from "../tasks/access";
import { dayName } from "~/utils/calendar-month";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";
import { deliverNotifications, type NotificationItem } from "./deliver";

/**
 * Due-date reminders: a job (`notifications.reminders`) that runs every hour, enqueued
 * again by itself for the next one, and started once at boot (a dedupe key keeps it to
 * one chain however many processes start). Each run tells the assignees of open tasks due
 * tomorrow, and of those past due in the last week, once per task and due date (the
 * notification's dedupe key), at most PER_RUN at a time: the rest come next hour.
 */
export const REMINDERS_JOB = "notifications.reminders";
const PER_RUN = 1000;
/** Older overdue tasks were surely noticed: no reminder when the feature first runs on old data. */
const OVERDUE_WITHIN_DAYS = 7;
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

export function registerReminders() {
  return defineJob(REMINDERS_JOB, async (_payload, _job, now) => {
    // The next run is booked first, so a run that keeps failing does not end the chain.
    await enqueue(db(), [
      {
        kind: REMINDERS_JOB,
        runAt: new Date(Math.floor(now.getTime() / HOUR_MS + 1) * HOUR_MS),
        dedupeKey: REMINDERS_JOB,
      },
    ]);
    await sendReminders(now);
  });
}

/** Starts the hourly chain unless it is already waiting (called at boot). */
export async function bootstrapReminders(now = new Date()) {
  await enqueue(db(), [{ kind: REMINDERS_JOB, runAt: now, dedupeKey: REMINDERS_JOB }]);
}

/** Days are UTC dates, as due dates are stored: the reminders go out at the same time for everyone. */
const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

export async function sendReminders(now: Date) {
  const today = dayOf(now.getTime());
  const tomorrow = dayOf(now.getTime() + DAY_MS);
  const dueSoon = await unreminded("due", eq(tasks.dueDate, tomorrow));
  const overdue = await unreminded(
    "overdue",
    between(tasks.dueDate, dayOf(now.getTime() - OVERDUE_WITHIN_DAYS * DAY_MS), dayOf(now.getTime() - DAY_MS)),
    PER_RUN - dueSoon.length,
  );
  const items: NotificationItem[] = [
    ...dueSoon.map((row) => reminder(row, "due", `${row.name} is due tomorrow`)),
    ...overdue.map((row) => reminder(row, "overdue", `${row.name} is overdue`)),
  ];
  if (items.length > 0) await deliverNotifications(items, { now });
  await planDueSoonMessages(tomorrow);
  return { dueSoon: dueSoon.length, overdue: overdue.length, today };
}

type Due = Awaited<ReturnType<typeof unreminded>>[number];

function reminder(row: Due, prefix: "due" | "overdue", title: string): NotificationItem {
  return {
    userId: row.userId,
    kind: prefix === "due" ? NOTIFICATION_KINDS.dueSoon : NOTIFICATION_KINDS.overdue,
    title,
    body: `Due on ${dayName(row.dueDate)} in ${row.projectName}.`,
    link: `/app/project/${row.projectPublicId}/task/${row.publicId}`,
    workspaceId: row.workspaceId,
    actorId: null,
    data: { task: row.publicId, dueDate: row.dueDate },
    dedupeKey: `${prefix}:${row.publicId}:${row.dueDate}`,
  };
}

/** Open, live tasks matching `due`, with each assignee still a member who has not had this reminder. */
async function unreminded(prefix: "due" | "overdue", due: SQL | undefined, limit = PER_RUN) {
  if (limit <= 0) return [];
  const rows = await db()
    .select({
      userId: taskAssignees.userId,
      publicId: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      dueDate: tasks.dueDate,
      workspaceId: tasks.workspaceId,
      projectPublicId: projects.publicId,
      projectKey: projects.key,
      projectName: projects.name,
    })
    .from(tasks)
    .innerJoin(taskAssignees, eq(taskAssignees.taskId, tasks.id))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, tasks.workspaceId), eq(workspaceMembers.userId, taskAssignees.userId)),
    )
    .where(
      and(
        due,
        ne(statuses.category, "done"),
        isNull(tasks.deletedAt),
        isNull(tasks.archivedAt),
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(notifications)
            .where(
              and(
                eq(notifications.userId, taskAssignees.userId),
                eq(notifications.dedupeKey, sql`${prefix + ":"} || ${tasks.publicId} || ':' || ${tasks.dueDate}`),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(tasks.dueDate), asc(tasks.id))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    dueDate: String(row.dueDate),
    name: `${taskKey(row.projectKey, row.number)} ${row.title}`,
  }));
}
