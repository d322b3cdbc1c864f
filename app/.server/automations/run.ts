import { and, count, eq, gt, isNull, like, ne } from "drizzle-orm";

import { inUnitOfWork } from "../commands/command";
import { automationPrincipal } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { automationRules, automationRuns, projects, statuses, taskRelations, tasks } from "../db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import { writeWithActivity } from "../activity/use-case";
import { deliverNotifications } from "../notifications/deliver";
import type { Job } from "../jobs/queue";
import { env } from "../env";
import { logger } from "../logger";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";
import { todayIn } from "~/utils/time-zones";
import { perform } from "./actions";
import { meetsConditions, taskSnapshot, type TaskSnapshot } from "./conditions";
import { definitionSchema, type Definition } from "./definition";
import { causeOf, isTimed } from "./triggers";

/**
 * A rule's run, from its job: the rule read again (turned off meanwhile: nothing happens),
 * its rate checked (a runaway rule is paused and its author told), then per task it acts on
 * one unit of work as the rule's `automation` principal: the conditions read inside it, the
 * actions run in order through the commands, and the run's log row written with them, keyed
 * by what set it off, so a retry after a crash finds it and does nothing twice. A refusal
 * (the author lost their role, a status was deleted) rolls the actions back and is logged;
 * anything else is retried, and logged as failed after the last attempt.
 */
export type RunPayload = {
  /** The rules a change set off (one job for them all), or the one a timed trigger found. */
  ruleIds?: string[];
  ruleId?: string;
  runKey: string;
  depth: number;
  /** The task the event was about (public id), or the one a timed trigger found. */
  taskId?: string;
  sequence?: number;
};

type Rule = typeof automationRules.$inferSelect & { projectPublicId: string | null };

export async function runRuleJob(payload: Record<string, unknown>, job: Job, now: Date) {
  const input = payload as RunPayload;
  for (const ruleId of input.ruleIds ?? (input.ruleId ? [input.ruleId] : [])) {
    await runRule(ruleId, input, job, now);
  }
}

async function runRule(ruleId: string, input: RunPayload, job: Job, now: Date) {
  const rule = await ruleById(ruleId);
  if (!rule || !rule.enabled) return;
  const parsed = definitionSchema.safeParse(rule.definition);
  if (!parsed.success) {
    await logRun(rule.id, input.runKey, {
      outcome: "failed",
      cause: "Rule",
      error: "The rule's definition is not valid.",
    });
    return;
  }
  const definition = parsed.data;
  // The cap stops changes setting a rule off in a runaway chain; the hourly triggers are bounded
  // by their own run (at most 500 tasks a rule an hour) and a tidy-up of many tasks is no runaway.
  if (!isTimed(definition.trigger.type) && (await overCap(rule, now))) {
    await pause(rule, input, definition);
    return;
  }
  const subjects = await subjectsOf(definition, input);
  const lastAttempt = job.attempts >= job.maxAttempts;
  for (const subject of subjects) {
    await runOn(rule, definition, subject, input, now, lastAttempt);
  }
}

/** The tasks a run acts on: the event's, or its parent (subtask triggers), or those it blocked. */
async function subjectsOf(definition: Definition, input: RunPayload): Promise<{ taskId: string; runKey: string }[]> {
  if (!input.taskId) return [];
  const [task] = await db()
    .select({ id: tasks.id, parentId: tasks.parentId, category: statuses.category })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(eq(tasks.publicId, input.taskId));
  if (!task) return [];
  const type = definition.trigger.type;
  if (type === "subtask_completed" || type === "all_subtasks_completed") {
    if (task.category !== "done" || !task.parentId) return [];
    if (type === "all_subtasks_completed" && (await openSubtasks(task.parentId)) > 0) return [];
    return [{ taskId: task.parentId, runKey: input.runKey }];
  }
  if (type === "blocker_done") {
    if (task.category !== "done") return [];
    const blocked = await db()
      .select({ id: taskRelations.toTaskId })
      .from(taskRelations)
      .where(and(eq(taskRelations.fromTaskId, task.id), eq(taskRelations.kind, "blocks")));
    return blocked.map((row) => ({ taskId: row.id, runKey: `${input.runKey}:${row.id}` }));
  }
  return [{ taskId: task.id, runKey: input.runKey }];
}

async function openSubtasks(parentId: string) {
  const [row] = await db()
    .select({ open: count() })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(eq(tasks.parentId, parentId), isNull(tasks.deletedAt), ne(statuses.category, "done")));
  return row?.open ?? 0;
}

const REFUSALS = [ForbiddenError, NotFoundError, FieldError];

async function runOn(
  rule: Rule,
  definition: Definition,
  subject: { taskId: string; runKey: string },
  input: RunPayload,
  now: Date,
  lastAttempt: boolean,
) {
  if (await alreadyRan(rule.id, subject.runKey)) return;
  const cause = causeOf(definition.trigger);
  const principal = automationPrincipal({
    ruleId: rule.publicId,
    name: rule.name,
    userId: rule.actorId,
    workspaceId: rule.workspaceId,
    depth: input.depth,
  });
  const started = performance.now();
  let task: TaskSnapshot | null = null;
  try {
    await inUnitOfWork(principal, async (uow) => {
      task = await taskSnapshot(uow.tx, subject.taskId);
      if (!task) return;
      if (!meetsConditions(definition.conditions, task, now)) {
        // A schedule looks at every task each time it fires: only those it acted on are logged.
        if (definition.trigger.type === "schedule") return;
        await insertRun(uow.tx, rule.id, subject.runKey, { outcome: "skipped", cause, task, depth: input.depth });
        return;
      }
      const today = todayIn(timeZoneOf(definition), now);
      const changes: string[] = [];
      const context = { uow, ruleId: rule.publicId, ruleName: rule.name, runKey: subject.runKey, today };
      for (const action of definition.actions) changes.push(...(await perform(action, task, context)));
      await insertRun(uow.tx, rule.id, subject.runKey, {
        outcome: "done",
        cause,
        task,
        depth: input.depth,
        changes: changes.length > 0 ? changes : ["Nothing to change"],
        durationMs: Math.round(performance.now() - started),
      });
    });
  } catch (error) {
    const snapshot = task as TaskSnapshot | null;
    const refused = REFUSALS.some((kind) => error instanceof kind);
    if (!refused && !lastAttempt) throw error;
    if (!refused) logger.error({ err: error, rule: rule.publicId }, "automation run failed");
    await logRun(rule.id, subject.runKey, {
      outcome: refused ? "refused" : "failed",
      cause,
      task: snapshot,
      depth: input.depth,
      error: error instanceof Error ? error.message : "The run failed.",
    });
  }
}

function timeZoneOf(definition: Definition) {
  return definition.trigger.type === "schedule" ? definition.trigger.timeZone : "UTC";
}

type RunRow = {
  outcome: string;
  cause: string;
  task?: TaskSnapshot | null;
  depth?: number;
  changes?: string[];
  error?: string;
  durationMs?: number;
};

async function insertRun(tx: Transaction, ruleId: string, runKey: string, row: RunRow) {
  await tx.insert(automationRuns).values({
    ruleId,
    runKey,
    outcome: row.outcome,
    cause: row.cause,
    taskId: row.task?.publicId ?? null,
    taskKey: row.task?.key ?? null,
    changes: row.changes ?? [],
    error: row.error ?? null,
    depth: row.depth ?? 1,
    durationMs: row.durationMs ?? null,
  });
}

/** A run's row on its own (a refusal, a failure): once per key. */
async function logRun(ruleId: string, runKey: string, row: RunRow) {
  await db().transaction(async (tx) => {
    const [exists] = await tx
      .select({ id: automationRuns.id })
      .from(automationRuns)
      .where(and(eq(automationRuns.ruleId, ruleId), eq(automationRuns.runKey, runKey)));
    if (!exists) await insertRun(tx, ruleId, runKey, row);
  });
}

async function alreadyRan(ruleId: string, runKey: string) {
  const [row] = await db()
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(and(eq(automationRuns.ruleId, ruleId), eq(automationRuns.runKey, runKey)));
  return Boolean(row);
}

async function ruleById(id: string): Promise<Rule | null> {
  const [row] = await db()
    .select({ rule: automationRules, projectPublicId: projects.publicId })
    .from(automationRules)
    .leftJoin(projects, eq(projects.id, automationRules.projectId))
    .where(eq(automationRules.id, id));
  return row ? { ...row.rule, projectPublicId: row.projectPublicId } : null;
}

/** Whether the rule ran its cap in the last minute (its log counts, skipped runs included). */
async function overCap(rule: Rule, now: Date) {
  const [row] = await db()
    .select({ runs: count() })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.ruleId, rule.id),
        gt(automationRuns.createdAt, new Date(now.getTime() - 60_000)),
        like(automationRuns.runKey, "event:%"),
      ),
    );
  return (row?.runs ?? 0) >= env().rateLimits.automation.points;
}

/**
 * A runaway rule: turned off with the reason, the run that would have gone over logged as
 * "paused", its author told. Turning it on again is theirs to decide.
 */
async function pause(rule: Rule, input: RunPayload, definition: Definition) {
  const cap = env().rateLimits.automation.points;
  const reason = `Paused: it ran ${cap} times within a minute.`;
  const paused = await writeWithActivity({ userId: rule.actorId, ip: null }, async (tx, record) => {
    const [updated] = await tx
      .update(automationRules)
      .set({ enabled: false, pausedReason: reason, updatedAt: new Date() })
      .where(and(eq(automationRules.id, rule.id), eq(automationRules.enabled, true)))
      .returning({ id: automationRules.id });
    await tx
      .insert(automationRuns)
      .values({
        ruleId: rule.id,
        runKey: input.runKey,
        outcome: "paused",
        cause: causeOf(definition.trigger),
        taskId: input.taskId ?? null,
        error: reason,
        depth: input.depth,
      })
      .onConflictDoNothing();
    if (!updated) return false;
    await record({
      verb: "automation.paused",
      subjectType: "automation_rule",
      subjectId: rule.publicId,
      workspaceId: rule.workspaceId,
      projectId: rule.projectId,
      data: { name: rule.name, reason },
    });
    return true;
  });
  if (!paused || !rule.projectPublicId) return;
  await deliverNotifications([
    {
      userId: rule.actorId,
      kind: NOTIFICATION_KINDS.automationPaused,
      title: `Rule “${rule.name}” was paused`,
      body: `It ran ${cap} times within a minute. Check its run log, then turn it on again.`,
      link: `/app/project/${rule.projectPublicId}/automations/${rule.publicId}`,
      workspaceId: rule.workspaceId,
      actorId: null,
      dedupeKey: `automation.paused:${rule.publicId}:${input.runKey}`,
    },
  ]);
}
