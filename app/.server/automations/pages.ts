import { definitionSchema } from "./definition";
import { describeRule } from "./describe";
import { builderOptions, draftFromDefinition } from "./form";
import { homeFor, type RuleHome, type RuleHomeRef } from "./home";
import { presetsFor } from "./presets";
import { ruleForMember, rulesOf, runLogOf } from "./rules";
import { emptyDraft } from "~/utils/automation-builder";

/**
 * What the Automations pages show, for a project's rules and a workspace's alike: the list
 * with each rule's sentence and last run (and a project's presets), and one rule's builder
 * form and run log (`new`: an empty form, for those who may make rules only).
 */
export type HomeView = { kind: RuleHome["kind"]; name: string; path: string; back: string };

function viewOf(home: RuleHome): HomeView {
  return {
    kind: home.kind,
    name: home.name,
    path: home.path,
    back: home.kind === "project" ? `/app/project/${home.publicId}?view=settings` : `/app/workspaces/${home.publicId}`,
  };
}

export async function rulesPage(userId: string, ref: RuleHomeRef, timeZone: string) {
  const home = await homeFor(userId, ref, { manage: false });
  const options = await builderOptions(home);
  const rules = await rulesOf(home);
  const taken = new Set(rules.map((rule) => rule.name));
  return {
    home: viewOf(home),
    canManage: home.canManage,
    rules: rules.map((rule) => {
      const parsed = definitionSchema.safeParse(rule.definition);
      return {
        id: rule.publicId,
        name: rule.name,
        summary: parsed.success ? describeRule(parsed.data, options) : "This rule's definition is not valid.",
        enabled: rule.enabled,
        pausedReason: rule.pausedReason,
        lastRun: rule.lastRun ? { outcome: rule.lastRun.outcome, at: rule.lastRun.createdAt.toISOString() } : null,
      };
    }),
    // The presets name a project's own statuses.
    presets:
      home.canManage && home.kind === "project"
        ? presetsFor(options.statuses, timeZone)
            .filter((preset) => !taken.has(preset.name))
            .map(({ id, name, description }) => ({ id, name, description }))
        : [],
  };
}

export async function rulePage(
  userId: string,
  ref: RuleHomeRef,
  ruleId: string,
  timeZone: string,
  before: string | null,
) {
  if (ruleId === "new") {
    const home = await homeFor(userId, ref, { manage: true });
    return {
      home: viewOf(home),
      canManage: true,
      options: await builderOptions(home),
      draft: emptyDraft(timeZone),
      rule: null,
      runs: [],
      olderHref: null,
    };
  }
  const { access, rule } = await ruleForMember(userId, ref, ruleId);
  const options = await builderOptions(access);
  const parsed = definitionSchema.parse(rule.definition);
  const beforeDate = before && !Number.isNaN(Date.parse(before)) ? new Date(before) : undefined;
  const log = await runLogOf(rule.id, beforeDate);
  const last = log.runs.at(-1);
  return {
    home: viewOf(access),
    canManage: access.canManage,
    options,
    draft: draftFromDefinition(rule.name, parsed),
    rule: {
      id: rule.publicId,
      name: rule.name,
      enabled: rule.enabled,
      pausedReason: rule.pausedReason,
      summary: describeRule(parsed, options),
    },
    runs: log.runs.map((run) => ({
      id: run.id,
      at: run.createdAt.toISOString(),
      outcome: run.outcome,
      taskId: run.taskId,
      taskKey: run.taskKey,
      projectId: run.projectId,
      cause: run.cause,
      changes: run.changes,
      error: run.error,
      depth: run.depth,
    })),
    olderHref: log.more && last ? `?before=${encodeURIComponent(last.createdAt.toISOString())}#rule-runs` : null,
  };
}
