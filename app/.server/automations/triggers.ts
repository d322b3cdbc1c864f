import { and, eq, inArray, isNull, or } from "drizzle-orm";

import type { Transaction } from "../db/client";
import { automationRules, automationRuns, statuses } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import type { NewJob } from "../jobs/queue";
import { AUTOMATION_MAX_DEPTH, TIMED_TRIGGERS, type TriggerType } from "~/utils/automations";
import type { Trigger } from "./definition";
import { isCategory } from "./home";

/**
 * Which rules a committing change sets off. Inside the change's transaction (a planner of
 * the event bus) one read finds the enabled rules of the projects it touched whose trigger
 * reacts to its verbs; each match becomes an `automation.run` job written with the change,
 * so a crash after commit still runs it, once. A change made by a rule carries its depth
 * (the unit of work's `via`): a rule it sets off runs one deeper, and past the cap the run
 * is logged as "loop stopped" instead.
 */
export const AUTOMATION_RUN_JOB = "automation.run";
export const RUN_ATTEMPTS = 5;

const VERB_TRIGGERS: Record<string, readonly TriggerType[]> = {
  "task.created": ["task_created", "assigned", "label_added"],
  "task.moved": ["status_changed", "subtask_completed", "all_subtasks_completed", "blocker_done"],
  "task.updated": [
    "status_changed",
    "assigned",
    "priority_changed",
    "due_changed",
    "subtask_completed",
    "all_subtasks_completed",
    "blocker_done",
  ],
  "task.assignees_changed": ["assigned", "unassigned"],
  "task.labels_changed": ["label_added", "label_removed"],
  "comment.created": ["comment_added"],
};
const EVENT_TRIGGERS = [...new Set(Object.values(VERB_TRIGGERS).flat())];

type PlannerRule = {
  id: string;
  workspaceId: string;
  projectId: string | null;
  triggerType: string;
  definition: Record<string, unknown>;
};

export async function planRuleRuns(tx: Transaction, events: DomainEvent[]): Promise<NewJob[]> {
  const candidates = events.filter(
    (event) => event.projectId && event.subjectType === "task" && VERB_TRIGGERS[event.verb],
  );
  if (candidates.length === 0) return [];
  const projectIds = [...new Set(candidates.map((event) => event.projectId!))];
  const workspaceIds = [...new Set(candidates.flatMap((event) => (event.workspaceId ? [event.workspaceId] : [])))];
  const rules: PlannerRule[] = await tx
    .select({
      id: automationRules.id,
      workspaceId: automationRules.workspaceId,
      projectId: automationRules.projectId,
      triggerType: automationRules.triggerType,
      definition: automationRules.definition,
    })
    .from(automationRules)
    .where(
      and(
        eq(automationRules.enabled, true),
        inArray(automationRules.triggerType, EVENT_TRIGGERS),
        or(
          inArray(automationRules.projectId, projectIds),
          // A workspace's own rules apply to each of its projects.
          workspaceIds.length > 0
            ? and(isNull(automationRules.projectId), inArray(automationRules.workspaceId, workspaceIds))
            : undefined,
        ),
      ),
    );
  if (rules.length === 0) return [];
  const categories = await categoriesOf(tx, rules, candidates);
  const jobs: NewJob[] = [];
  for (const event of candidates) {
    const depth = depthOf(event) + 1;
    // One job per event for all the rules it sets off: a row per change, not per rule (each
    // rule's run is logged apart, so a retry of the job repeats none of them).
    const ruleIds: string[] = [];
    for (const rule of rules) {
      const applies = rule.projectId ? rule.projectId === event.projectId : rule.workspaceId === event.workspaceId;
      if (!applies) continue;
      const trigger = rule.definition.trigger as Trigger;
      if (!firesOn(trigger, event, categories)) continue;
      const runKey = `event:${event.sequence}`;
      if (depth > AUTOMATION_MAX_DEPTH) {
        await tx
          .insert(automationRuns)
          .values({
            ruleId: rule.id,
            runKey,
            outcome: "loop_stopped",
            taskId: event.subjectId,
            taskKey: keyOf(event),
            cause: causeOf(trigger),
            error: `Loop stopped: a chain of rules reached ${AUTOMATION_MAX_DEPTH} steps.`,
            depth,
          })
          .onConflictDoNothing();
        continue;
      }
      ruleIds.push(rule.id);
    }
    if (ruleIds.length === 0) continue;
    jobs.push({
      kind: AUTOMATION_RUN_JOB,
      payload: { ruleIds, runKey: `event:${event.sequence}`, sequence: event.sequence, taskId: event.subjectId, depth },
      maxAttempts: RUN_ATTEMPTS,
    });
  }
  return jobs;
}

/** The categories of the statuses the events moved between, when a rule names a category (else none read). */
async function categoriesOf(tx: Transaction, rules: PlannerRule[], events: DomainEvent[]) {
  const byCategory = rules.some((rule) => {
    const trigger = rule.definition.trigger as Trigger;
    return trigger.type === "status_changed" && (isCategory(trigger.to) || isCategory(trigger.from));
  });
  if (!byCategory) return new Map<string, string>();
  const ids = events.flatMap((event) => {
    const status = (event.data as Loose).changes?.status;
    return [status?.toId, status?.fromId].filter((id): id is string => typeof id === "string");
  });
  if (ids.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: statuses.publicId, category: statuses.category })
    .from(statuses)
    .where(inArray(statuses.publicId, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, row.category]));
}

function keyOf(event: DomainEvent) {
  const key = (event.data as { key?: unknown }).key;
  return typeof key === "string" ? key : null;
}

/** How deep in a chain of rules the change was made: 0 for a person's, a token's or a host's. */
function depthOf(event: DomainEvent) {
  const via = (event.data as { via?: { kind?: string; depth?: number } }).via;
  return via?.kind === "automation" ? (via.depth ?? 1) : 0;
}

type Loose = Record<string, unknown> & { changes?: Record<string, { fromId?: unknown; toId?: unknown; to?: unknown }> };

/**
 * Whether the trigger reacts to the event, from what the event says. Subtask and blocker
 * triggers react to any status change here: whether it was into a done status, and which
 * task they act on, the run reads from the database.
 */
export function firesOn(trigger: Trigger, event: DomainEvent, categories = new Map<string, string>()): boolean {
  if (!(VERB_TRIGGERS[event.verb] ?? []).includes(trigger.type)) return false;
  const data = event.data as Loose;
  const status = data.changes?.status;
  const added = (event.verb === "task.created" ? data.assigneeIds : data.addedIds) as string[] | undefined;
  switch (trigger.type) {
    case "task_created":
    case "comment_added":
      return true;
    case "status_changed": {
      if (!status) return false;
      // A workspace's rule names a category ("done"): the status's own category decides.
      const matches = (wanted: string | undefined, id: unknown) =>
        !wanted || id === wanted || (isCategory(wanted) && categories.get(String(id)) === wanted);
      return matches(trigger.to, status.toId) && matches(trigger.from, status.fromId);
    }
    case "subtask_completed":
    case "all_subtasks_completed":
    case "blocker_done":
      return Boolean(status);
    case "assigned":
      return Boolean(added?.length) && (!trigger.userId || added!.includes(trigger.userId));
    case "unassigned": {
      const removed = data.removedIds as string[] | undefined;
      return Boolean(removed?.length) && (!trigger.userId || removed!.includes(trigger.userId));
    }
    case "label_added": {
      const labels = (event.verb === "task.created" ? data.labelIds : data.addedIds) as string[] | undefined;
      return Boolean(labels?.length) && (!trigger.labelId || labels!.includes(trigger.labelId));
    }
    case "label_removed": {
      const labels = data.removedIds as string[] | undefined;
      return Boolean(labels?.length) && (!trigger.labelId || labels!.includes(trigger.labelId));
    }
    case "priority_changed": {
      const priority = data.changes?.priority;
      return Boolean(priority) && (!trigger.to || priority!.to === trigger.to);
    }
    case "due_changed":
      return Boolean(data.changes?.dueDate);
    default:
      return false;
  }
}

/** Whether the trigger is one the hourly run looks for. */
export function isTimed(type: string) {
  return (TIMED_TRIGGERS as readonly string[]).includes(type);
}

/** What set a run off, in words, for its log. */
export function causeOf(trigger: Trigger): string {
  switch (trigger.type) {
    case "task_created":
      return "Task created";
    case "status_changed":
      return "Status changed";
    case "assigned":
      return "Assigned";
    case "unassigned":
      return "Unassigned";
    case "label_added":
      return "Label added";
    case "label_removed":
      return "Label removed";
    case "priority_changed":
      return "Priority changed";
    case "due_changed":
      return "Due date changed";
    case "comment_added":
      return "Comment added";
    case "subtask_completed":
      return "Subtask completed";
    case "all_subtasks_completed":
      return "All subtasks completed";
    case "blocker_done":
      return "Blocker done";
    case "due_soon":
      return `Due within ${trigger.hours} hours`;
    case "overdue":
      return "Overdue";
    case "schedule":
      return "On schedule";
  }
}
