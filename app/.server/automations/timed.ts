import { Cron } from "croner";
import { and, asc, between, eq, gte, inArray, isNull, lte, ne, type SQL } from "drizzle-orm";

import { db } from "../db";
import { automationRules, automationRuns, projects, statuses, tasks } from "../db/schema";
import { enqueue, type Job, type NewJob } from "../jobs/queue";
import { logger } from "../logger";
import { TIMED_TRIGGERS } from "~/utils/automations";
import { definitionSchema, type Trigger } from "./definition";
import { AUTOMATION_RUN_JOB, RUN_ATTEMPTS } from "./triggers";

/**
 * The triggers no change sets off: "due within N hours", "overdue" and schedules. A job
 * runs at the top of every hour (booking its successor first, one chain however many
 * processes start) and, per enabled timed rule of a live project, enqueues a run for each
 * task that now qualifies and has no run under the same key: a task's due date (or the
 * schedule's local day) is in the key, so each fires once per due date or per day.
 */
export const AUTOMATION_SCHEDULE_JOB = "automation.schedule";
const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;
/** Tasks one rule may act on per hour; the rest qualify again next hour. */
const PER_RULE = 500;
const OVERDUE_WITHIN_DAYS = 7;

export async function bootstrapAutomationSchedule(now = new Date()) {
  await enqueue(db(), [{ kind: AUTOMATION_SCHEDULE_JOB, runAt: now, dedupeKey: AUTOMATION_SCHEDULE_JOB }]);
}

export async function runTimedTriggers(_payload: Record<string, unknown>, _job: Job | null, now: Date) {
  await enqueue(db(), [
    {
      kind: AUTOMATION_SCHEDULE_JOB,
      runAt: new Date(Math.floor(now.getTime() / HOUR_MS + 1) * HOUR_MS),
      dedupeKey: AUTOMATION_SCHEDULE_JOB,
    },
  ]);
  return planTimedRuns(now);
}

/** Enqueues the runs the timed rules owe at `now`; returns how many. */
export async function planTimedRuns(now: Date) {
  const rules = await db()
    .select({
      id: automationRules.id,
      workspaceId: automationRules.workspaceId,
      projectId: automationRules.projectId,
      definition: automationRules.definition,
    })
    .from(automationRules)
    .leftJoin(projects, eq(projects.id, automationRules.projectId))
    .where(
      and(
        eq(automationRules.enabled, true),
        inArray(automationRules.triggerType, [...TIMED_TRIGGERS]),
        // A project's rule while its project is live; a workspace's rule always (its live projects).
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
      ),
    );
  let planned = 0;
  for (const rule of rules) {
    const parsed = definitionSchema.safeParse(rule.definition);
    if (!parsed.success) continue;
    const due = dueFilter(parsed.data.trigger, now);
    if (!due) continue;
    try {
      const found = await qualifying(rule, due);
      const jobs: NewJob[] = found.map((task) => ({
        kind: AUTOMATION_RUN_JOB,
        payload: { ruleId: rule.id, runKey: due.key(task), taskId: task.publicId, depth: 1 },
        dedupeKey: `${AUTOMATION_RUN_JOB}:${rule.id}:${due.key(task)}`,
        maxAttempts: RUN_ATTEMPTS,
      }));
      await enqueue(db(), jobs);
      planned += jobs.length;
    } catch (error) {
      logger.error({ err: error, rule: rule.id }, "automation schedule failed for a rule");
    }
  }
  return planned;
}

type Candidate = { publicId: string; dueDate: string | null };
type DueFilter = { where: SQL | undefined; openOnly: boolean; key: (task: Candidate) => string };

const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Which tasks the trigger wants now, and each run's key; null when the trigger is not due this hour. */
export function dueFilter(trigger: Trigger, now: Date): DueFilter | null {
  const today = dayOf(now.getTime());
  switch (trigger.type) {
    case "due_soon":
      return {
        where: and(gte(tasks.dueDate, today), lte(tasks.dueDate, dayOf(now.getTime() + trigger.hours * HOUR_MS))),
        openOnly: true,
        key: (task) => `due_soon:${task.publicId}:${task.dueDate}`,
      };
    case "overdue":
      return {
        where: between(
          tasks.dueDate,
          dayOf(now.getTime() - OVERDUE_WITHIN_DAYS * DAY_MS),
          dayOf(now.getTime() - DAY_MS),
        ),
        openOnly: true,
        key: (task) => `overdue:${task.publicId}:${task.dueDate}`,
      };
    case "schedule": {
      const local = localTime(now, trigger.timeZone);
      if (trigger.every === "cron") {
        if (!cronDue(trigger.cron ?? "", trigger.timeZone, now)) return null;
        // A cron rule may fire more than once a day: its key names the hour.
        const hour = String(local.hour).padStart(2, "0");
        return { where: undefined, openOnly: false, key: (task) => `schedule:${local.date}T${hour}:${task.publicId}` };
      }
      if (!scheduledAt(trigger, local)) return null;
      return { where: undefined, openOnly: false, key: (task) => `schedule:${local.date}:${task.publicId}` };
    }
    default:
      return null;
  }
}

type Local = { date: string; hour: number; weekday: number; day: number; daysInMonth: number };

function localTime(now: Date, timeZone: string): Local {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      hourCycle: "h23",
      weekday: "short",
    })
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  const year = Number(parts.year);
  const month = Number(parts.month);
  const weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    weekday: weekdays.indexOf(String(parts.weekday)),
    day: Number(parts.day),
    daysInMonth: new Date(Date.UTC(year, month, 0)).getUTCDate(),
  };
}

/** Whether a cron expression names a moment in the hour that `now` is in (the hourly run's resolution). */
export function cronDue(expression: string, timeZone: string, now: Date) {
  const hourStart = Math.floor(now.getTime() / HOUR_MS) * HOUR_MS;
  try {
    const next = new Cron(expression, { timezone: timeZone, paused: true }).nextRun(new Date(hourStart - 1));
    return next !== null && next.getTime() < hourStart + HOUR_MS;
  } catch {
    return false;
  }
}

/** Whether a schedule fires in this local hour (a monthly day past the month's end fires on its last day). */
export function scheduledAt(trigger: Extract<Trigger, { type: "schedule" }>, local: Local) {
  if (local.hour !== trigger.hour) return false;
  switch (trigger.every) {
    case "day":
      return true;
    case "weekday":
      return local.weekday >= 1 && local.weekday <= 5;
    case "week":
      return local.weekday === (trigger.weekday ?? 1);
    case "month":
      return local.day === Math.min(trigger.day ?? 1, local.daysInMonth);
    case "cron":
      return false;
  }
}

async function qualifying(rule: { id: string; workspaceId: string; projectId: string | null }, due: DueFilter) {
  const ruleId = rule.id;
  const rows = await db()
    .select({ publicId: tasks.publicId, dueDate: tasks.dueDate })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        rule.projectId ? eq(tasks.projectId, rule.projectId) : eq(tasks.workspaceId, rule.workspaceId),
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
        isNull(tasks.deletedAt),
        isNull(tasks.archivedAt),
        due.openOnly ? ne(statuses.category, "done") : undefined,
        due.where,
      ),
    )
    .orderBy(asc(tasks.number))
    .limit(PER_RULE * 2);
  if (rows.length === 0) return [];
  const keys = rows.map((row) => due.key(row));
  const ran = await db()
    .select({ runKey: automationRuns.runKey })
    .from(automationRuns)
    .where(and(eq(automationRuns.ruleId, ruleId), inArray(automationRuns.runKey, keys)));
  const done = new Set(ran.map((row) => row.runKey));
  return rows.filter((row) => !done.has(due.key(row))).slice(0, PER_RULE);
}
