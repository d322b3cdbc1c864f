import { and, asc, eq, isNull, or } from "drizzle-orm";

import { db } from "../db";
import { labels, profiles, projects, statuses, templates, workspaceMembers } from "../db/schema";
import { FieldError } from "../errors";
import {
  AUTOMATION_MAX_ACTIONS,
  AUTOMATION_MAX_CONDITIONS,
  AUTOMATION_VERSION,
  SCHEDULES,
  TEXT_ACTIONS,
  TEXT_CONDITIONS,
  WEEKDAY_NAMES,
  type ActionKind,
  type ConditionKind,
} from "~/utils/automations";
import type { BuilderOptions, ChoiceGroup, RuleDraft, RuleRow } from "~/utils/automation-builder";
import { TASK_PRIORITIES } from "~/validation/priorities";
import { definitionSchema, isGroup, ruleNameSchema, type Definition, type Trigger } from "./definition";
import { STATUS_CATEGORIES, type RuleHome } from "./home";

/**
 * The builder's form, both ways. Each condition and action row is one select whose option
 * carries its kind and value (`status_is:<id>`, `notify:admins`) and one text field, so the
 * form works as plain HTML: no script needs to swap one field for another. Rows left on
 * "—" are dropped. Two condition blocks make the groups: "all of these" and "any of these".
 */
const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};
const texts = (form: FormData, name: string) =>
  form.getAll(name).map((value) => (typeof value === "string" ? value : ""));

function rowsOf(form: FormData, choice: string, textName: string, max: number): RuleRow[] {
  const choices = texts(form, choice);
  const values = texts(form, textName);
  return choices
    .slice(0, max + 1)
    .map((value, index) => ({ choice: value.slice(0, 80), text: (values[index] ?? "").slice(0, 2000) }));
}

/** What the form sent, as the builder shows it again (a refusal keeps it all). */
export function draftOf(form: FormData): RuleDraft {
  return {
    name: text(form, "name").slice(0, 120),
    trigger: text(form, "trigger").slice(0, 40) || "task_created",
    triggerTo: text(form, "triggerTo").slice(0, 64),
    triggerFrom: text(form, "triggerFrom").slice(0, 64),
    triggerValue: text(form, "triggerValue").slice(0, 64),
    triggerHours: text(form, "triggerHours").slice(0, 6) || "24",
    scheduleEvery: text(form, "scheduleEvery").slice(0, 10) || "day",
    scheduleHour: text(form, "scheduleHour").slice(0, 2) || "9",
    scheduleWeekday: text(form, "scheduleWeekday").slice(0, 1) || "1",
    scheduleDay: text(form, "scheduleDay").slice(0, 2) || "1",
    scheduleCron: text(form, "scheduleCron").slice(0, 100),
    timeZone: text(form, "timeZone").slice(0, 64) || "UTC",
    match: text(form, "match") === "any" ? "any" : "all",
    conditions: rowsOf(form, "condition", "conditionText", AUTOMATION_MAX_CONDITIONS),
    anyConditions: rowsOf(form, "anyCondition", "anyConditionText", AUTOMATION_MAX_CONDITIONS),
    actions: rowsOf(form, "action", "actionText", AUTOMATION_MAX_ACTIONS),
  };
}

/** The draft as a definition, or the first problem as a field error. */
export function definitionOf(draft: RuleDraft): { name: string; definition: Definition } {
  const name = ruleNameSchema.safeParse(draft.name);
  if (!name.success) throw new FieldError("name", name.error.issues[0]?.message ?? "Name the rule.");
  const conditions = draft.conditions.flatMap((row) => conditionOf(row, "conditions"));
  const anyConditions = draft.anyConditions.flatMap((row) => conditionOf(row, "anyConditions"));
  const actions = draft.actions.flatMap((row) => actionOf(row));
  if (actions.length === 0) throw new FieldError("actions", "Add at least one action.");
  const items =
    anyConditions.length > 0 ? [...conditions, { match: "any" as const, items: anyConditions }] : conditions;
  const candidate = {
    version: AUTOMATION_VERSION,
    trigger: triggerOf(draft),
    conditions: { match: draft.match, items },
    actions,
  };
  const parsed = definitionSchema.safeParse(candidate);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue?.path[0] === "actions" ? "actions" : issue?.path[0] === "conditions" ? "conditions" : "trigger";
    throw new FieldError(field, issue?.message ?? "This rule is not complete.");
  }
  if (parsed.data.trigger.type === "schedule" && conditions.length + anyConditions.length === 0)
    throw new FieldError("conditions", "A scheduled rule acts on the tasks its conditions pick: add a condition.");
  return { name: name.data, definition: parsed.data };
}

function triggerOf(draft: RuleDraft): Trigger {
  const optional = (value: string) => (value ? value : undefined);
  switch (draft.trigger) {
    case "status_changed":
      return { type: "status_changed", to: optional(draft.triggerTo), from: optional(draft.triggerFrom) };
    case "assigned":
    case "unassigned":
      return { type: draft.trigger, userId: optional(draft.triggerValue) };
    case "label_added":
    case "label_removed":
      return { type: draft.trigger, labelId: optional(draft.triggerValue) };
    case "priority_changed": {
      const to = TASK_PRIORITIES.find((priority) => priority === draft.triggerValue);
      return { type: "priority_changed", to };
    }
    case "due_soon": {
      const hours = Number(draft.triggerHours);
      if (!Number.isInteger(hours) || hours < 1 || hours > 720)
        throw new FieldError("trigger", "Enter the hours before the due date, from 1 to 720.");
      return { type: "due_soon", hours };
    }
    case "schedule":
      return {
        type: "schedule",
        every: SCHEDULES.find((every) => every === draft.scheduleEvery) ?? "day",
        hour: Number(draft.scheduleHour),
        weekday: Number(draft.scheduleWeekday),
        day: Number(draft.scheduleDay),
        ...(draft.scheduleEvery === "cron" ? { cron: draft.scheduleCron.trim() } : {}),
        timeZone: draft.timeZone,
      };
    default:
      return { type: draft.trigger } as Trigger;
  }
}

function split(choice: string) {
  const at = choice.indexOf(":");
  return at < 0 ? { kind: choice, value: "" } : { kind: choice.slice(0, at), value: choice.slice(at + 1) };
}

function conditionOf(row: RuleRow, field: string) {
  if (!row.choice) return [];
  const { kind, value } = split(row.choice);
  const typed = TEXT_CONDITIONS.includes(kind as ConditionKind);
  const given = typed ? row.text.trim() : value;
  if (typed && !given) throw new FieldError(field, "Fill in the condition's text.");
  if (kind === "completed_days_ago" && !/^\d{1,4}$/.test(given))
    throw new FieldError(field, "Enter a number of days, like 30.");
  return [{ kind: kind as ConditionKind, value: given || undefined }];
}

function actionOf(row: RuleRow) {
  if (!row.choice) return [];
  const { kind, value } = split(row.choice);
  const typed = TEXT_ACTIONS.includes(kind as ActionKind);
  const given = row.text.trim();
  if (typed && !given && kind !== "notify") throw new FieldError("actions", "Fill in the action's text.");
  return [{ kind: kind as ActionKind, value: value || undefined, text: typed && given ? given : undefined }];
}

/** A stored definition as the builder's form. */
export function draftFromDefinition(name: string, definition: Definition): RuleDraft {
  const { trigger } = definition;
  const groups = definition.conditions.items.flatMap((item) => (isGroup(item) ? [item] : []));
  const plain = definition.conditions.items.flatMap((item) => (isGroup(item) ? [] : [item]));
  const row = (kind: string, value?: string) =>
    TEXT_CONDITIONS.includes(kind as ConditionKind)
      ? { choice: kind, text: value ?? "" }
      : { choice: value ? `${kind}:${value}` : kind, text: "" };
  return {
    name,
    trigger: trigger.type,
    triggerTo: trigger.type === "status_changed" ? (trigger.to ?? "") : "",
    triggerFrom: trigger.type === "status_changed" ? (trigger.from ?? "") : "",
    triggerValue:
      trigger.type === "assigned" || trigger.type === "unassigned"
        ? (trigger.userId ?? "")
        : trigger.type === "label_added" || trigger.type === "label_removed"
          ? (trigger.labelId ?? "")
          : trigger.type === "priority_changed"
            ? (trigger.to ?? "")
            : "",
    triggerHours: trigger.type === "due_soon" ? String(trigger.hours) : "24",
    scheduleEvery: trigger.type === "schedule" ? trigger.every : "day",
    scheduleHour: trigger.type === "schedule" ? String(trigger.hour) : "9",
    scheduleWeekday: trigger.type === "schedule" ? String(trigger.weekday ?? 1) : "1",
    scheduleDay: trigger.type === "schedule" ? String(trigger.day ?? 1) : "1",
    scheduleCron: trigger.type === "schedule" ? (trigger.cron ?? "") : "",
    timeZone: trigger.type === "schedule" ? trigger.timeZone : "UTC",
    match: definition.conditions.match,
    conditions: plain.map((item) => row(item.kind, item.value)),
    anyConditions: groups.flatMap((group) => group.items).map((item) => row(item.kind, item.value)),
    actions: definition.actions.map((action) => ({
      choice: action.value ? `${action.kind}:${action.value}` : action.kind,
      text: action.text ?? "",
    })),
  };
}

/**
 * The project's statuses (a workspace's rule: the three categories), the workspace's labels
 * and members, as the builder's choices.
 */
export async function builderOptions(home: RuleHome): Promise<BuilderOptions> {
  const projectId = home.projectId;
  const [statusRows, labelRows, memberRows] = await Promise.all([
    projectId
      ? db()
          .select({ id: statuses.publicId, name: statuses.name, category: statuses.category })
          .from(statuses)
          .where(eq(statuses.projectId, projectId))
          .orderBy(asc(statuses.position))
      : Promise.resolve(STATUS_CATEGORIES.map((category) => ({ ...category }))),
    db()
      .select({ id: labels.publicId, name: labels.name })
      .from(labels)
      .where(eq(labels.workspaceId, home.workspaceId))
      .orderBy(asc(labels.name)),
    db()
      .select({ id: workspaceMembers.userId, fullName: profiles.fullName, email: profiles.email })
      .from(workspaceMembers)
      .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, home.workspaceId))
      .orderBy(asc(profiles.fullName)),
  ]);
  const members = memberRows.map((member) => ({ id: member.id, name: member.fullName?.trim() || member.email }));
  const [projectRows, templateRows] = await Promise.all([
    db()
      .select({ id: projects.publicId, name: projects.name, internalId: projects.id })
      .from(projects)
      .where(and(eq(projects.workspaceId, home.workspaceId), isNull(projects.deletedAt), isNull(projects.archivedAt)))
      .orderBy(asc(projects.name))
      .limit(200),
    db()
      .select({ id: templates.publicId, name: templates.name })
      .from(templates)
      .where(or(eq(templates.workspaceId, home.workspaceId), isNull(templates.workspaceId)))
      .orderBy(asc(templates.name))
      .limit(200),
  ]);
  const otherProjects = projectRows
    .filter((row) => row.internalId !== home.projectId)
    .map(({ id, name }) => ({ id, name }));
  return {
    statuses: statusRows,
    labels: labelRows,
    members,
    projects: otherProjects,
    templates: templateRows,
    conditionChoices: conditionChoices(projectId ? statusRows : [], labelRows, members),
    actionChoices: [
      ...actionChoices(statusRows, labelRows, members, !projectId),
      {
        label: "Templates and projects",
        options: [
          ...templateRows.map((template) => ({
            value: `apply_template:${template.id}`,
            label: `Add the subtasks of the template ${template.name}`,
          })),
          ...otherProjects.map((project) => ({
            value: `move_to_project:${project.id}`,
            label: `Move to ${project.name}`,
          })),
        ],
      },
    ],
    weekdays: [...WEEKDAY_NAMES],
  };
}

type Named = { id: string; name: string };
const CATEGORY_NAMES: Record<string, string> = { not_started: "not started", active: "in progress", done: "done" };

function conditionChoices(statusRows: Named[], labelRows: Named[], members: Named[]): ChoiceGroup[] {
  return [
    {
      label: "Status",
      options: [
        ...statusRows.map((status) => ({ value: `status_is:${status.id}`, label: `Status is ${status.name}` })),
        ...statusRows.map((status) => ({ value: `status_is_not:${status.id}`, label: `Status is not ${status.name}` })),
        ...Object.entries(CATEGORY_NAMES).map(([category, name]) => ({
          value: `status_is:${category}`,
          label: `Status is any ${name} status`,
        })),
      ],
    },
    {
      label: "Priority",
      options: [
        ...TASK_PRIORITIES.map((priority) => ({ value: `priority_is:${priority}`, label: `Priority is ${priority}` })),
        ...TASK_PRIORITIES.map((priority) => ({
          value: `priority_is_not:${priority}`,
          label: `Priority is not ${priority}`,
        })),
      ],
    },
    {
      label: "Labels",
      options: [
        ...labelRows.map((label) => ({ value: `label_has:${label.id}`, label: `Has label ${label.name}` })),
        ...labelRows.map((label) => ({ value: `label_lacks:${label.id}`, label: `Lacks label ${label.name}` })),
      ],
    },
    {
      label: "People",
      options: [
        ...members.map((member) => ({ value: `assignee_is:${member.id}`, label: `Assigned to ${member.name}` })),
        ...members.map((member) => ({
          value: `assignee_is_not:${member.id}`,
          label: `Not assigned to ${member.name}`,
        })),
        { value: "unassigned", label: "Nobody is assigned" },
        ...members.map((member) => ({ value: `creator_is:${member.id}`, label: `Created by ${member.name}` })),
      ],
    },
    {
      label: "Dates and text",
      options: [
        { value: "due_set", label: "Has a due date" },
        { value: "due_unset", label: "Has no due date" },
        { value: "completed_days_ago", label: "Done at least … days ago" },
        { value: "blocked", label: "A task that blocks it is still open" },
        { value: "not_blocked", label: "Nothing blocks it" },
        { value: "text_contains", label: "Title or description contains …" },
      ],
    },
  ];
}

function actionChoices(statusRows: Named[], labelRows: Named[], members: Named[], byCategory: boolean): ChoiceGroup[] {
  return [
    {
      label: "Status",
      options: statusRows.map((status) => ({
        value: `set_status:${status.id}`,
        // A workspace's rule moves a task to its own project's first status of the category.
        label: byCategory
          ? `Move to its project's first ${status.name.toLowerCase()} status`
          : `Move to ${status.name}`,
      })),
    },
    {
      label: "Priority",
      options: TASK_PRIORITIES.map((priority) => ({
        value: `set_priority:${priority}`,
        label: `Set priority to ${priority}`,
      })),
    },
    {
      label: "People",
      options: [
        ...members.map((member) => ({ value: `assign:${member.id}`, label: `Assign ${member.name}` })),
        { value: "unassign_all", label: "Unassign everyone" },
      ],
    },
    {
      label: "Labels",
      options: [
        ...labelRows.map((label) => ({ value: `add_label:${label.id}`, label: `Add label ${label.name}` })),
        ...labelRows.map((label) => ({ value: `remove_label:${label.id}`, label: `Remove label ${label.name}` })),
      ],
    },
    {
      label: "Notify",
      options: [
        { value: "notify:assignees", label: "Notify the assignees" },
        { value: "notify:creator", label: "Notify the creator" },
        { value: "notify:admins", label: "Notify the workspace's owners and admins" },
        ...members.map((member) => ({ value: `notify:${member.id}`, label: `Notify ${member.name}` })),
      ],
    },
    {
      label: "Task",
      options: [
        { value: "set_due", label: "Set the due date to …" },
        { value: "comment", label: "Add a comment …" },
        { value: "create_subtasks", label: "Create subtasks …" },
        { value: "create_task", label: "Create a task …" },
        { value: "complete_checklist", label: "Complete the checklist" },
        { value: "complete_subtasks", label: "Complete the subtasks" },
        { value: "archive", label: "Archive the task" },
        { value: "webhook", label: "Call a webhook …" },
      ],
    },
  ];
}
