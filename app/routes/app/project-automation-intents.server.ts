import { data } from "react-router";

import { definitionOf, draftOf } from "~/.server/automations/form";
import { createRuleCommand, dryRunRule, updateRuleCommand } from "~/.server/automations/rules";
import { FieldError } from "~/.server/errors";
import { intent, type IntentContext, type Parsed } from "~/.server/http/intents";
import { homeFor } from "~/.server/automations/home";
import { redirectWithToast } from "~/.server/toast";
import { EMPTY_ROW, type RuleAnswer, type RuleDraft } from "~/utils/automation-builder";
import { AUTOMATION_MAX_ACTIONS, AUTOMATION_MAX_CONDITIONS } from "~/utils/automations";
import type { Definition } from "~/.server/automations/definition";
import { homeRef, projectAutomationsIntents } from "./project-automations-intents.server";

/**
 * A rule's page (project-automation.tsx): the builder saves a new rule or changes one; its
 * "Add condition" and "Add action" buttons post the form back with one more row (without
 * JavaScript; with it they add the row in place); "Test" runs the rule against a task key
 * without writing anything. A refusal comes back beside the builder with all that was typed.
 */

type RuleInput = { projectId?: string; workspaceId?: string; name: string; definition: Definition };

/** Only those who manage the home's rules may grow, refresh or test a builder's form. */
const mayManage = (context: IntentContext) => homeFor(context.principal.userId, homeRef(context), { manage: true });

const rulePath = (context: IntentContext, ruleId: string) =>
  context.params.projectId
    ? `/app/project/${context.params.projectId}/automations/${ruleId}`
    : `/app/workspaces/${context.params.workspaceId}/automations/${ruleId}`;

function parsedRule(context: IntentContext): Parsed<RuleInput> {
  const draft = draftOf(context.formData);
  try {
    return { ok: true, input: { ...homeRef(context), ...definitionOf(draft) } };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

const refused = ({ field, message }: { field: string; message: string }, context: IntentContext) =>
  data({ intent: "refused", draft: draftOf(context.formData), field, message } satisfies RuleAnswer, {
    status: 400,
  });

const create = intent({
  command: createRuleCommand,
  parse: parsedRule,
  refused,
  done: (created, context) =>
    redirectWithToast(
      rulePath(context, created.id),
      { title: "Rule saved", description: `“${created.name}” is on.`, variant: "success" },
      context.request,
    ),
});

const save = intent({
  command: updateRuleCommand,
  parse: (context) => {
    const parsed = parsedRule(context);
    return parsed.ok ? { ok: true, input: { ...parsed.input, ruleId: context.params.ruleId! } } : parsed;
  },
  refused,
  done: (saved, context) =>
    redirectWithToast(rulePath(context, saved.id), { title: "Rule saved", variant: "success" }, context.request),
});

/** The form again with one more empty row in a block (no JavaScript: the page's way to grow a list). */
function growing(block: "conditions" | "anyConditions" | "actions") {
  const max = block === "actions" ? AUTOMATION_MAX_ACTIONS : AUTOMATION_MAX_CONDITIONS;
  return intent({
    command: null,
    guard: mayManage,
    parse: (context) => ({ ok: true, input: draftOf(context.formData) }),
    run: async (_context, draft: RuleDraft) => draft,
    done: (draft) => {
      const rows = draft[block];
      const grown = rows.length < max ? { ...draft, [block]: [...rows, EMPTY_ROW] } : draft;
      return data({ intent: "draft", draft: grown } satisfies RuleAnswer);
    },
  });
}

/** The form again as it is (the trigger changed: its own fields show). */
const refresh = intent({
  command: null,
  guard: mayManage,
  parse: (context) => ({ ok: true, input: draftOf(context.formData) }),
  run: async (_context, draft: RuleDraft) => draft,
  done: (draft) => data({ intent: "draft", draft } satisfies RuleAnswer),
});

const test = intent({
  command: null,
  guard: mayManage,
  parse: (context) => {
    const parsed = parsedRule(context);
    const taskKey = String(context.formData.get("taskKey") ?? "").slice(0, 40);
    if (!taskKey.trim()) return { ok: false, field: "taskKey", message: "Enter a task key, like WEB-12." };
    return parsed.ok ? { ok: true, input: { ...parsed.input, taskKey } } : parsed;
  },
  run: (context, input: RuleInput & { taskKey: string }) => dryRunRule(context.principal, input),
  refused,
  done: (result, context) =>
    data({
      intent: "test",
      draft: draftOf(context.formData),
      taskKey: String(context.formData.get("taskKey") ?? "").slice(0, 40),
      result,
    } satisfies RuleAnswer),
});

export const projectAutomationIntents = {
  create,
  save,
  "add-condition": growing("conditions"),
  "add-any-condition": growing("anyConditions"),
  "add-action": growing("actions"),
  refresh,
  test,
  toggle: projectAutomationsIntents.toggle,
  duplicate: projectAutomationsIntents.duplicate,
  delete: projectAutomationsIntents.delete,
};

export const projectAutomationFallback = (): never => {
  throw data("Unknown action.", { status: 400 });
};
