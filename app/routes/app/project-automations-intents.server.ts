import { data } from "react-router";

import { presetsFor } from "~/.server/automations/presets";
import {
  createRuleCommand,
  deleteRuleCommand,
  duplicateRuleCommand,
  setRuleEnabledCommand,
} from "~/.server/automations/rules";
import { builderOptions } from "~/.server/automations/form";
import { intent, type IntentContext } from "~/.server/http/intents";
import { viewerTimeZone } from "~/.server/http/viewer";
import { homeFor } from "~/.server/automations/home";
import { redirectWithToast } from "~/.server/toast";
import type { Toast } from "~/utils/toast";

/**
 * A project's Automations page (project-automations.tsx): a preset added in one click, and
 * per rule turn off/on, duplicate and delete. Every control is a plain form that comes back
 * to the page with a toast; with JavaScript the switch posts through a fetcher.
 */
const text = (context: IntentContext, name: string) => {
  const value = context.formData.get(name);
  return typeof value === "string" ? value.slice(0, 64) : "";
};
/** A project's rules, or a workspace's (workspace-automations-intents.server.ts), from the URL. */
export const homeRef = (context: IntentContext) =>
  context.params.projectId ? { projectId: context.params.projectId } : { workspaceId: context.params.workspaceId };
const here = (context: IntentContext) =>
  context.params.projectId
    ? `/app/project/${context.params.projectId}/automations`
    : `/app/workspaces/${context.params.workspaceId}/automations`;
const toast = (context: IntentContext, message: Toast, path = here(context)) =>
  redirectWithToast(path, message, context.request);
const ruleRef = (context: IntentContext) => ({ ...homeRef(context), ruleId: text(context, "ruleId") });

const addPreset = intent({
  command: createRuleCommand,
  parse: async (context) => {
    const home = await homeFor(context.principal.userId, homeRef(context), { manage: false });
    // The presets name a project's own statuses: a workspace has none to offer.
    if (home.kind !== "project") return { ok: false, field: "preset", message: "Choose one of the presets." };
    const options = await builderOptions(home);
    const preset = presetsFor(options.statuses, viewerTimeZone(context.request)).find(
      (candidate) => candidate.id === text(context, "preset"),
    );
    if (!preset) return { ok: false, field: "preset", message: "Choose one of the presets." };
    return {
      ok: true,
      input: { projectId: home.publicId, name: preset.name.slice(0, 80), definition: preset.definition },
    };
  },
  done: (created, context) =>
    toast(
      context,
      { title: "Rule added", description: `“${created.name}” is on. Its runs show on its page.`, variant: "success" },
      `${here(context)}/${created.id}`,
    ),
});

const toggle = intent({
  command: setRuleEnabledCommand,
  parse: (context) => ({ ok: true, input: { ...ruleRef(context), enabled: text(context, "enabled") === "true" } }),
  done: (rule, context) =>
    toast(context, { title: rule.enabled ? "Rule turned on" : "Rule turned off", variant: "success" }, backTo(context)),
  fetched: (rule) => ({ intent: "toggle", ok: true as const, enabled: rule.enabled }),
});

const duplicate = intent({
  command: duplicateRuleCommand,
  parse: (context) => ({ ok: true, input: ruleRef(context) }),
  done: (copy, context) =>
    toast(
      context,
      { title: "Rule duplicated", description: `“${copy.name}” is on.`, variant: "success" },
      `${here(context)}/${copy.id}`,
    ),
});

const remove = intent({
  command: deleteRuleCommand,
  parse: (context) => ({ ok: true, input: ruleRef(context) }),
  done: (_deleted, context) => toast(context, { title: "Rule deleted", variant: "success" }),
});

/** A control on a rule's own page comes back there; on the list, to the list. */
function backTo(context: IntentContext) {
  const from = text(context, "from");
  return from === "rule" ? `${here(context)}/${text(context, "ruleId")}` : here(context);
}

export const projectAutomationsIntents = { "add-preset": addPreset, toggle, duplicate, delete: remove };

export const projectAutomationsFallback = (): never => {
  throw data("Unknown action.", { status: 400 });
};
