import { TRIGGER_LABELS, type BuilderOptions, type ChoiceGroup } from "~/utils/automation-builder";
import { WEEKDAY_NAMES } from "~/utils/automations";
import { isGroup, type Condition, type Definition } from "./definition";

/**
 * A rule as one readable sentence for its list ("When the status changes to Done, if it has
 * label bug, then set priority to urgent and notify the assignees"), from the same choices
 * the builder offers, so the words match what was picked.
 */
export function describeRule(definition: Definition, options: BuilderOptions): string {
  const when = `When ${triggerWords(definition, options)}`;
  const conditions = conditionWords(definition, options);
  const actions = definition.actions.map((action) => {
    const label = labelOf(options.actionChoices, action.value ? `${action.kind}:${action.value}` : action.kind);
    const words = lowerFirst(label.replace(/ …$/, ""));
    if (!action.text) return words;
    return action.kind === "notify" ? `${words} with “${action.text}”` : `${words} “${action.text}”`;
  });
  return `${when}${conditions ? `, if ${conditions}` : ""}, then ${joinWords(actions, "and")}.`;
}

function triggerWords(definition: Definition, options: BuilderOptions) {
  const { trigger } = definition;
  const status = (id?: string) => options.statuses.find((row) => row.id === id)?.name ?? "a removed status";
  const member = (id?: string) => options.members.find((row) => row.id === id)?.name ?? "a former member";
  const label = (id?: string) => options.labels.find((row) => row.id === id)?.name ?? "a removed label";
  switch (trigger.type) {
    case "status_changed": {
      const from = trigger.from ? ` from ${status(trigger.from)}` : "";
      return trigger.to ? `the status changes${from} to ${status(trigger.to)}` : `the status changes${from}`;
    }
    case "assigned":
      return trigger.userId ? `${member(trigger.userId)} is assigned` : TRIGGER_LABELS.assigned;
    case "unassigned":
      return trigger.userId ? `${member(trigger.userId)} is unassigned` : TRIGGER_LABELS.unassigned;
    case "label_added":
      return trigger.labelId ? `label ${label(trigger.labelId)} is added` : TRIGGER_LABELS.label_added;
    case "label_removed":
      return trigger.labelId ? `label ${label(trigger.labelId)} is removed` : TRIGGER_LABELS.label_removed;
    case "priority_changed":
      return trigger.to ? `the priority changes to ${trigger.to}` : TRIGGER_LABELS.priority_changed;
    case "due_soon":
      return `a task is due within ${trigger.hours} hours`;
    case "schedule": {
      const hour = `${String(trigger.hour).padStart(2, "0")}:00 (${trigger.timeZone})`;
      if (trigger.every === "day") return `every day at ${hour}`;
      if (trigger.every === "weekday") return `every weekday at ${hour}`;
      if (trigger.every === "week") return `every ${WEEKDAY_NAMES[trigger.weekday ?? 1]} at ${hour}`;
      if (trigger.every === "cron") return `on the schedule “${trigger.cron ?? ""}” (${trigger.timeZone})`;
      return `on day ${trigger.day ?? 1} of every month at ${hour}`;
    }
    default:
      return TRIGGER_LABELS[trigger.type];
  }
}

function conditionWords(definition: Definition, options: BuilderOptions) {
  const one = (condition: Condition) => {
    const label = labelOf(
      options.conditionChoices,
      condition.kind === "text_contains" || condition.kind === "completed_days_ago"
        ? condition.kind
        : condition.value
          ? `${condition.kind}:${condition.value}`
          : condition.kind,
    );
    if (condition.kind === "text_contains") return `its title or description contains “${condition.value ?? ""}”`;
    if (condition.kind === "completed_days_ago") return `it was done at least ${condition.value ?? "?"} days ago`;
    return lowerFirst(label);
  };
  const joiner = definition.conditions.match === "all" ? "and" : "or";
  const parts = definition.conditions.items.map((item) =>
    isGroup(item)
      ? `(${joinWords(
          item.items.filter((inner) => !isGroup(inner)).map((inner) => one(inner as Condition)),
          item.match === "all" ? "and" : "or",
        )})`
      : one(item),
  );
  return joinWords(parts, joiner);
}

function labelOf(groups: ChoiceGroup[], value: string) {
  for (const group of groups) {
    const found = group.options.find((option) => option.value === value);
    if (found) return found.label;
  }
  return "something no longer there";
}

function joinWords(parts: string[], joiner: string) {
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} ${joiner} ${parts.at(-1)}`;
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);
