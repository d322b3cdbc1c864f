import { Cron } from "croner";
import { z } from "zod";

import {
  ACTION_KINDS,
  AUTOMATION_MAX_ACTIONS,
  AUTOMATION_MAX_CONDITIONS,
  AUTOMATION_VERSION,
  CONDITION_KINDS,
  SCHEDULES,
} from "~/utils/automations";
import { TASK_PRIORITIES } from "~/validation/priorities";

/**
 * A rule as stored (`automation_rules.definition`): `{ version, trigger, conditions,
 * actions }`. Statuses, labels and members are named by public id; a rule naming one that
 * was since deleted simply finds nothing to match or refuses that action at run time (its
 * log says which). Every entry point (the builder, the API, the assistant's proposal)
 * parses with this schema.
 */
const ref = z.string().trim().min(1).max(64);
const priority = z.enum(TASK_PRIORITIES);
const shortText = z.string().trim().min(1, "Fill this in.").max(500, "Keep it under 500 characters.");

export const triggerSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("task_created") }),
  z.object({ type: z.literal("status_changed"), from: ref.optional(), to: ref.optional() }),
  z.object({ type: z.literal("assigned"), userId: ref.optional() }),
  z.object({ type: z.literal("unassigned"), userId: ref.optional() }),
  z.object({ type: z.literal("label_added"), labelId: ref.optional() }),
  z.object({ type: z.literal("label_removed"), labelId: ref.optional() }),
  z.object({ type: z.literal("priority_changed"), to: priority.optional() }),
  z.object({ type: z.literal("due_changed") }),
  z.object({ type: z.literal("comment_added") }),
  z.object({ type: z.literal("subtask_completed") }),
  z.object({ type: z.literal("all_subtasks_completed") }),
  z.object({ type: z.literal("blocker_done") }),
  z.object({ type: z.literal("due_soon"), hours: z.number().int().min(1).max(720) }),
  z.object({ type: z.literal("overdue") }),
  z
    .object({
      type: z.literal("schedule"),
      every: z.enum(SCHEDULES),
      hour: z.number().int().min(0).max(23),
      weekday: z.number().int().min(0).max(6).optional(),
      day: z.number().int().min(1).max(31).optional(),
      /** every = "cron": a cron expression, read in the time zone (it fires within the hour it names). */
      cron: z.string().trim().max(100).optional(),
      timeZone: z.string().min(1).max(64).refine(isTimeZone, "Choose a known time zone."),
    })
    .refine((trigger) => trigger.every !== "cron" || cronProblem(trigger.cron ?? "") === null, {
      error: (issue) =>
        cronProblem(String((issue.input as { cron?: string }).cron ?? "")) ?? "Enter a cron expression.",
      path: ["cron"],
    }),
]);

/** Why a cron expression will not do ("0 9 * * 1-5" does), or null. */
export function cronProblem(expression: string): string | null {
  if (!expression.trim()) return "Enter a cron expression, like 0 9 * * 1-5 (9:00 on weekdays).";
  try {
    new Cron(expression, { paused: true });
    return null;
  } catch (error) {
    return `That cron expression does not parse: ${error instanceof Error ? error.message : "check it"}.`;
  }
}
export type Trigger = z.infer<typeof triggerSchema>;

export const conditionSchema = z.object({
  kind: z.enum(CONDITION_KINDS),
  /** A status, priority, label or member id, the words to look for, or a number of days. */
  value: z.string().trim().max(200).optional(),
});
export type Condition = z.infer<typeof conditionSchema>;

/** AND or OR over conditions and, one level down, groups of them. */
export type ConditionGroup = { match: "all" | "any"; items: (Condition | ConditionGroup)[] };
const innerGroup = z.object({
  match: z.enum(["all", "any"]),
  items: z.array(conditionSchema).max(AUTOMATION_MAX_CONDITIONS),
});
export const conditionsSchema = z.object({
  match: z.enum(["all", "any"]),
  items: z.array(z.union([conditionSchema, innerGroup])).max(AUTOMATION_MAX_CONDITIONS),
});

export const actionSchema = z.object({
  kind: z.enum(ACTION_KINDS),
  /** A status, priority, label, member or audience id (set status, assign, notify). */
  value: z.string().trim().max(64).optional(),
  /** The text the action takes: a comment, titles, a relative date, a URL. */
  text: z.string().trim().max(2000).optional(),
});
export type Action = z.infer<typeof actionSchema>;

export const definitionSchema = z.object({
  version: z.literal(AUTOMATION_VERSION),
  trigger: triggerSchema,
  conditions: conditionsSchema,
  actions: z.array(actionSchema).min(1, "Add at least one action.").max(AUTOMATION_MAX_ACTIONS),
});
export type Definition = z.infer<typeof definitionSchema>;

export const ruleNameSchema = shortText.max(80, "Keep the name under 80 characters.");

/** Whether a condition entry is a group (AND/OR of conditions) rather than one condition. */
export function isGroup<T extends Condition | ConditionGroup | z.infer<typeof innerGroup>>(
  item: T,
): item is Extract<T, { match: unknown }> {
  return "match" in item;
}

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The due date an action's text names, from `today` (YYYY-MM-DD): `+3 days`, `+2 working days`, a date, `none`. */
export function dueDateFrom(text: string, today: string): string | null | undefined {
  const value = text.trim().toLowerCase();
  if (value === "none" || value === "clear") return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return Number.isNaN(Date.parse(`${value}T00:00:00Z`)) ? undefined : value;
  const relative = /^\+?\s*(\d{1,3})\s*(working days?|work days?|business days?|wd|days?|d|weeks?|w)$/.exec(value);
  if (!relative) return undefined;
  const count = Number(relative[1]);
  const unit = relative[2]!;
  const date = new Date(`${today}T00:00:00Z`);
  if (/^(working|work|business|wd)/.test(unit)) {
    let left = count;
    while (left > 0) {
      date.setUTCDate(date.getUTCDate() + 1);
      const day = date.getUTCDay();
      if (day !== 0 && day !== 6) left--;
    }
  } else {
    date.setUTCDate(date.getUTCDate() + (unit.startsWith("w") ? 7 * count : count));
  }
  return date.toISOString().slice(0, 10);
}
