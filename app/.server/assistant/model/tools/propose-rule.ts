import { tool } from "ai";
import { z } from "zod";

import { definitionSchema, type Definition } from "../../../automations/definition";
import { describeRule } from "../../../automations/describe";
import { builderOptions } from "../../../automations/form";
import { homeFor } from "../../../automations/home";
import { ACTION_KINDS, AUTOMATION_VERSION, CONDITION_KINDS, SCHEDULES, TRIGGER_TYPES } from "~/utils/automations";
import type { BuilderOptions } from "~/utils/automation-builder";
import { TASK_PRIORITIES } from "~/validation/priorities";
import { proposalSchema, type AssistantScope } from "../../types";
import { mergeProposal, type ProposalDraft } from "./proposal-draft";
import { resolveProject, type Resolved } from "./resolve";

/**
 * "When QA is set, assign Ana" as an automation rule the user reviews and applies: the model
 * names statuses, labels and people as it read them; each is found in the project, the rule
 * is checked with the schema every entry point uses, and it joins the answer's proposal as a
 * "create rule" change whose card shows the rule's sentence. Apply saves it through the
 * `automation.create` command, with the member's own role (a viewer's Apply is refused).
 */
const name = z.string().trim().min(1).max(200);
const when = z.object({
  type: z.enum(TRIGGER_TYPES),
  status: name.optional().describe("status_changed: the status it changes to (by name); omit for any"),
  fromStatus: name.optional().describe("status_changed: the status it changes from; omit for any"),
  member: name.optional().describe('assigned/unassigned: the member (name or "me"); omit for anyone'),
  label: name.optional().describe("label_added/label_removed: the label's name; omit for any"),
  priority: z.enum(TASK_PRIORITIES).optional().describe("priority_changed: the new priority; omit for any"),
  hours: z.number().int().min(1).max(720).optional().describe("due_soon: hours before the due date"),
  every: z.enum(SCHEDULES).optional().describe("schedule: how often"),
  hour: z.number().int().min(0).max(23).optional().describe("schedule: the hour of day"),
  weekday: z.number().int().min(0).max(6).optional().describe("schedule every week: 0 Sunday … 6 Saturday"),
  day: z.number().int().min(1).max(31).optional().describe("schedule every month: the day"),
});
const condition = z.object({
  kind: z.enum(CONDITION_KINDS),
  status: name.optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  label: name.optional(),
  member: name.optional(),
  text: z.string().trim().max(200).optional().describe("text_contains: the words; completed_days_ago: the days"),
});
const action = z.object({
  kind: z.enum(ACTION_KINDS),
  status: name.optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  label: name.optional(),
  member: name.optional().describe("assign, or notify one member"),
  audience: z.enum(["assignees", "creator", "admins"]).optional().describe("notify: who, unless a member is named"),
  project: name.optional().describe("move_to_project: the project's name"),
  template: name.optional().describe("apply_template: the template's name"),
  text: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .describe(
      "comment/notify/create_task/create_subtasks (titles separated by ;)/set_due (+3 days, +2 working days, a date)/webhook URL",
    ),
});
const proposeRuleInput = z.object({
  name: z.string().trim().min(1).max(80).describe('A short name, e.g. "QA set → assign Ana"'),
  project: z.string().trim().min(1).max(100).optional().describe("The project's key or name; default: the current one"),
  when,
  match: z.enum(["all", "any"]).optional().describe("Whether all conditions or any must hold"),
  conditions: z.array(condition).max(10).optional(),
  actions: z.array(action).min(1).max(10),
  reason: z.string().trim().max(500).optional(),
});
type Input = z.infer<typeof proposeRuleInput>;

export function proposeRule(scope: AssistantScope, draft: ProposalDraft) {
  return tool({
    description:
      "Propose an automation rule for a project: when something happens to a task (a trigger), if conditions hold, then actions run. Nothing is saved until the user applies the proposal. Name statuses, labels and people by name.",
    inputSchema: proposeRuleInput,
    execute: async (input) => {
      const project = await resolveProject(scope, input.project);
      if (!project.ok) return `Error: nothing was proposed: ${project.error}.`;
      const options = await builderOptions(
        await homeFor(scope.actor.userId, { projectId: project.value.id }, { manage: false }),
      );
      const definition = definitionOf(input, options, scope);
      if (!definition.ok)
        return `Error: nothing was proposed. Correct this and call propose_rule again: ${definition.error}.`;
      const change = {
        kind: "create_rule" as const,
        projectId: project.value.id,
        projectName: project.value.name,
        name: input.name,
        definition: definition.value,
        summary: describeRule(definition.value, options).slice(0, 1000),
        ...(input.reason ? { reason: input.reason } : {}),
      };
      const proposal = proposalSchema.safeParse({
        title: `Automation: ${input.name}`.slice(0, 200),
        changes: [change],
      });
      if (!proposal.success) return `Error: nothing was proposed: ${z.prettifyError(proposal.error)}`;
      const merged = mergeProposal(draft.current, proposal.data);
      if ("error" in merged) return `Error: nothing more was proposed: ${merged.error}.`;
      draft.current = merged;
      return `Proposed: ${change.summary} The user reviews it and applies it with Apply.`;
    },
  });
}

/** The rule by ids, from the names the model used; the first name not found is the error. */
export function definitionOf(input: Input, options: BuilderOptions, scope: AssistantScope): Resolved<Definition> {
  try {
    const find = finder(options, scope);
    const { when } = input;
    const trigger =
      when.type === "status_changed"
        ? { type: when.type, to: find.status(when.status), from: find.status(when.fromStatus) }
        : when.type === "assigned" || when.type === "unassigned"
          ? { type: when.type, userId: find.member(when.member) }
          : when.type === "label_added" || when.type === "label_removed"
            ? { type: when.type, labelId: find.label(when.label) }
            : when.type === "priority_changed"
              ? { type: when.type, to: when.priority }
              : when.type === "due_soon"
                ? { type: when.type, hours: when.hours ?? 24 }
                : when.type === "schedule"
                  ? {
                      type: when.type,
                      every: when.every ?? "day",
                      hour: when.hour ?? 9,
                      weekday: when.weekday,
                      day: when.day,
                      timeZone: "UTC",
                    }
                  : { type: when.type };
    const conditions = (input.conditions ?? []).map((item) => ({
      kind: item.kind,
      value: item.kind.startsWith("status_")
        ? find.status(item.status)
        : item.kind.startsWith("priority_")
          ? item.priority
          : item.kind.startsWith("label_")
            ? find.label(item.label)
            : item.kind === "assignee_is" || item.kind === "assignee_is_not" || item.kind === "creator_is"
              ? find.member(item.member)
              : item.text,
    }));
    const actions = input.actions.map((item) => ({
      kind: item.kind,
      value:
        item.kind === "set_status"
          ? find.status(item.status)
          : item.kind === "set_priority"
            ? item.priority
            : item.kind === "add_label" || item.kind === "remove_label"
              ? find.label(item.label)
              : item.kind === "assign"
                ? find.member(item.member)
                : item.kind === "notify"
                  ? (find.member(item.member) ?? item.audience ?? "assignees")
                  : item.kind === "move_to_project"
                    ? find.project(item.project)
                    : item.kind === "apply_template"
                      ? find.template(item.template)
                      : undefined,
      text: item.text || undefined,
    }));
    const parsed = definitionSchema.safeParse({
      version: AUTOMATION_VERSION,
      trigger,
      conditions: { match: input.match ?? "all", items: conditions },
      actions,
    });
    if (!parsed.success) return { ok: false, error: z.prettifyError(parsed.error) };
    return { ok: true, value: parsed.data };
  } catch (error) {
    if (error instanceof NotFound) return { ok: false, error: error.message };
    throw error;
  }
}

class NotFound extends Error {}

function finder(options: BuilderOptions, scope: AssistantScope) {
  const lookup = (kind: string, items: { id: string; name: string }[], ref: string | undefined) => {
    if (!ref) return undefined;
    const wanted = ref.trim().toLowerCase();
    const found =
      items.find((item) => item.id === ref || item.name.toLowerCase() === wanted) ??
      items.find((item) => item.name.toLowerCase().startsWith(wanted));
    if (!found) throw new NotFound(`no ${kind} "${ref}"; there are ${items.map((item) => item.name).join(", ")}`);
    return found.id;
  };
  return {
    status: (ref?: string) => lookup("status", options.statuses, ref),
    label: (ref?: string) => lookup("label", options.labels, ref),
    project: (ref?: string) => lookup("project", options.projects, ref),
    template: (ref?: string) => lookup("template", options.templates, ref),
    member: (ref?: string) =>
      ref?.toLowerCase() === "me" ? scope.actor.userId : lookup("member", options.members, ref),
  };
}
