/**
 * Automation rules as the builder and the run log show them (issue 34): the kinds of
 * trigger, condition and action with their words, and the caps. The schema that validates a
 * stored rule is server code (.server/automations/definition.ts); this file carries no zod,
 * so the builder's script stays small.
 */
export const AUTOMATION_VERSION = 1;
/** A chain of rules setting each other off stops at this depth ("loop stopped"). */
export const AUTOMATION_MAX_DEPTH = 3;
/** Runs of one rule per minute before it is paused (a runaway rule). */
export const AUTOMATION_RATE_CAP = 100;
/** Runs kept in each rule's log. */
export const AUTOMATION_RUNS_KEPT = 1000;
export const AUTOMATION_MAX_CONDITIONS = 10;
export const AUTOMATION_MAX_ACTIONS = 10;
export const AUTOMATION_MAX_RULES = 50;

export const TRIGGER_TYPES = [
  "task_created",
  "status_changed",
  "assigned",
  "unassigned",
  "label_added",
  "label_removed",
  "priority_changed",
  "due_changed",
  "comment_added",
  "subtask_completed",
  "all_subtasks_completed",
  "blocker_done",
  "due_soon",
  "overdue",
  "schedule",
] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** Triggers the hourly run looks for rather than a change (no event sets them off). */
export const TIMED_TRIGGERS: readonly TriggerType[] = ["due_soon", "overdue", "schedule"];

export const SCHEDULES = ["day", "weekday", "week", "month", "cron"] as const;
export type Schedule = (typeof SCHEDULES)[number];

export const CONDITION_KINDS = [
  "status_is",
  "status_is_not",
  "priority_is",
  "priority_is_not",
  "label_has",
  "label_lacks",
  "assignee_is",
  "assignee_is_not",
  "unassigned",
  "creator_is",
  "due_set",
  "due_unset",
  "text_contains",
  "completed_days_ago",
  "blocked",
  "not_blocked",
] as const;
export type ConditionKind = (typeof CONDITION_KINDS)[number];

export const ACTION_KINDS = [
  "set_status",
  "set_priority",
  "assign",
  "unassign_all",
  "add_label",
  "remove_label",
  "set_due",
  "comment",
  "notify",
  "create_subtasks",
  "create_task",
  "complete_checklist",
  "complete_subtasks",
  "apply_template",
  "move_to_project",
  "archive",
  "webhook",
] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];

/** Conditions and actions whose option carries a typed value in the row's text field. */
export const TEXT_CONDITIONS: readonly ConditionKind[] = ["text_contains", "completed_days_ago"];
export const TEXT_ACTIONS: readonly ActionKind[] = [
  "set_due",
  "comment",
  "notify",
  "create_subtasks",
  "create_task",
  "webhook",
];

/** What the text field of a row means, as its placeholder says it. */
export const TEXT_HINTS: Partial<Record<ConditionKind | ActionKind, string>> = {
  text_contains: "Words in the title or description",
  completed_days_ago: "Days, e.g. 30",
  set_due: "+3 days, +2 working days, 2027-01-31 or none",
  comment: "Comment, e.g. {key} is ready for review",
  notify: "Message (optional)",
  create_subtasks: "Titles, separated by ;",
  create_task: "Title, e.g. Follow up on {key}",
  webhook: "https://example.com/hook",
};

export const RUN_OUTCOMES = ["done", "skipped", "loop_stopped", "refused", "paused", "failed"] as const;
export type RunOutcome = (typeof RUN_OUTCOMES)[number];

export const RUN_OUTCOME_LABELS: Record<RunOutcome, string> = {
  done: "Done",
  skipped: "Conditions not met",
  loop_stopped: "Loop stopped",
  refused: "Refused",
  paused: "Paused",
  failed: "Failed",
};

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** The words a template of a comment or title may use, filled from the task. */
export const TEMPLATE_FIELDS = ["key", "title", "status", "priority", "due", "assignees", "project"] as const;
