import type { TriggerType } from "./automations";

/**
 * The rule builder's form as the page holds it (a draft: what was typed, valid or not) and
 * the choices the server offers for it. Shared by the server, which parses and fills it,
 * and the builder component.
 */
export type RuleRow = { choice: string; text: string };

export type RuleDraft = {
  name: string;
  trigger: string;
  /** Status changes: to and from (empty: any). */
  triggerTo: string;
  triggerFrom: string;
  /** The member, label or priority an assignment, label or priority trigger waits for (empty: any). */
  triggerValue: string;
  triggerHours: string;
  scheduleEvery: string;
  scheduleHour: string;
  scheduleWeekday: string;
  scheduleDay: string;
  scheduleCron: string;
  timeZone: string;
  match: "all" | "any";
  conditions: RuleRow[];
  anyConditions: RuleRow[];
  actions: RuleRow[];
};

export type Choice = { value: string; label: string };
export type ChoiceGroup = { label: string; options: Choice[] };

export type BuilderOptions = {
  statuses: { id: string; name: string; category: string }[];
  labels: { id: string; name: string }[];
  members: { id: string; name: string }[];
  /** The workspace's other live projects (a task may move there) and the templates it may use. */
  projects: { id: string; name: string }[];
  templates: { id: string; name: string }[];
  conditionChoices: ChoiceGroup[];
  actionChoices: ChoiceGroup[];
  weekdays: string[];
};

/** "When …": each trigger in words, in the order the builder lists them. */
export const TRIGGER_LABELS: Record<TriggerType, string> = {
  task_created: "a task is created",
  status_changed: "the status changes",
  assigned: "someone is assigned",
  unassigned: "someone is unassigned",
  label_added: "a label is added",
  label_removed: "a label is removed",
  priority_changed: "the priority changes",
  due_changed: "the due date changes",
  comment_added: "a comment is added",
  subtask_completed: "a subtask is completed",
  all_subtasks_completed: "all subtasks are completed",
  blocker_done: "a task blocking it is done",
  due_soon: "the due date is near",
  overdue: "a task is overdue",
  schedule: "on a schedule",
};

/** What "Test against task KEY" found: whether it met the conditions, and what would change or why not. */
export type DryRunResult = { matched: boolean; changes: string[]; key: string; error?: string };

/** What a rule page's action answers: its form again (a row added, a refusal) or a dry run's result. */
export type RuleAnswer =
  | { intent: "draft"; draft: RuleDraft }
  | { intent: "refused"; draft: RuleDraft; field: string; message: string }
  | { intent: "test"; draft: RuleDraft; taskKey: string; result: DryRunResult };

export const EMPTY_ROW: RuleRow = { choice: "", text: "" };

/** A new rule's form: one empty condition row and one empty action row. */
export function emptyDraft(timeZone: string): RuleDraft {
  return {
    name: "",
    trigger: "status_changed",
    triggerTo: "",
    triggerFrom: "",
    triggerValue: "",
    triggerHours: "24",
    scheduleEvery: "day",
    scheduleHour: "9",
    scheduleWeekday: "1",
    scheduleDay: "1",
    scheduleCron: "",
    timeZone,
    match: "all",
    conditions: [EMPTY_ROW],
    anyConditions: [],
    actions: [EMPTY_ROW],
  };
}
