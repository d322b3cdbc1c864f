import { and, asc, count, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute, inUnitOfWork } from "../commands/command";
import { asMember, automationPrincipal, memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import {
  automationRules,
  automationRuns,
  labels,
  projects,
  statuses,
  tasks,
  templates,
  workspaceMembers,
} from "../db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import type { DryRunResult } from "~/utils/automation-builder";
import { AUTOMATION_MAX_RULES, AUTOMATION_VERSION } from "~/utils/automations";
import { todayIn } from "~/utils/time-zones";
import { perform } from "./actions";
import { meetsConditions, taskSnapshot } from "./conditions";
import { definitionSchema, isGroup, ruleNameSchema, type Definition } from "./definition";
import { homeFor, isCategory, type RuleHome, type RuleHomeRef } from "./home";
import { causeOf } from "./triggers";

/**
 * Automation rules (issue 34) of a project (its editors') or of a whole workspace (its owners'
 * and admins'): made, changed, turned off and on, duplicated and deleted, each save checking
 * that the statuses, labels and members it names belong to the project and its workspace. The member who saves a rule is the one it acts
 * as from then on.
 */
const id = z.string().min(1).max(64);
/** A project's rule names its project; a workspace's rule its workspace (and no project). */
const home = { projectId: id.optional(), workspaceId: id.optional() };
const ruleInput = z.object({ ...home, name: ruleNameSchema, definition: definitionSchema });
const ruleRef = z.object({ ...home, ruleId: id });

type RuleInput = z.infer<typeof ruleInput>;
type RuleRef = z.infer<typeof ruleRef>;

const managedHome = (tx: Transaction, userId: string, ref: RuleHomeRef) => homeFor(userId, ref, { manage: true, tx });

/** The home's own rule: a workspace's page never reaches a project's rule, nor the reverse. */
function ofHome(home: RuleHome) {
  return home.projectId
    ? eq(automationRules.projectId, home.projectId)
    : and(eq(automationRules.workspaceId, home.workspaceId), isNull(automationRules.projectId));
}

async function ruleOf(tx: Transaction, home: RuleHome, ruleId: string) {
  const [rule] = await tx
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.publicId, ruleId), ofHome(home)));
  if (!rule) throw new NotFoundError("Rule");
  return rule;
}

const subject = (home: RuleHome, publicId: string) => ({
  subjectType: "automation_rule",
  subjectId: publicId,
  workspaceId: home.workspaceId,
  projectId: home.projectId,
});

export const createRuleCommand = defineCommand({
  name: "automation.create",
  input: ruleInput,
  // The workspace's own rules ask for "automation.manage_workspace" (home.ts).
  policy: "automation.manage",
  async run({ tx, record, principal }, input: RuleInput) {
    const userId = memberIdOf(principal);
    const access = await managedHome(tx, userId, input);
    await checkReferences(tx, access, input.definition);
    const [{ total } = { total: 0 }] = await tx.select({ total: count() }).from(automationRules).where(ofHome(access));
    if (total >= AUTOMATION_MAX_RULES)
      throw new FieldError("name", `A ${access.kind} can have ${AUTOMATION_MAX_RULES} rules: delete one first.`);
    const publicId = newPublicId();
    await tx.insert(automationRules).values({
      publicId,
      workspaceId: access.workspaceId,
      projectId: access.projectId,
      name: input.name,
      definition: input.definition,
      triggerType: input.definition.trigger.type,
      actorId: userId,
      createdBy: userId,
    });
    await record({
      verb: "automation.created",
      ...subject(access, publicId),
      data: { name: input.name, trigger: causeOf(input.definition.trigger), actions: input.definition.actions.length },
    });
    return { id: publicId, name: input.name };
  },
});

export const updateRuleCommand = defineCommand({
  name: "automation.update",
  input: ruleInput.extend({ ruleId: id }),
  policy: "automation.manage",
  async run({ tx, record, principal }, input: RuleInput & { ruleId: string }) {
    const userId = memberIdOf(principal);
    const access = await managedHome(tx, userId, input);
    const rule = await ruleOf(tx, access, input.ruleId);
    await checkReferences(tx, access, input.definition);
    await tx
      .update(automationRules)
      .set({
        name: input.name,
        definition: input.definition,
        triggerType: input.definition.trigger.type,
        // Whoever saves it last is whom it acts as.
        actorId: userId,
        updatedAt: new Date(),
      })
      .where(eq(automationRules.id, rule.id));
    await record({
      verb: "automation.updated",
      ...subject(access, rule.publicId),
      data: { name: input.name, trigger: causeOf(input.definition.trigger), actions: input.definition.actions.length },
    });
    return { id: rule.publicId, name: input.name };
  },
});

export const setRuleEnabledCommand = defineCommand({
  name: "automation.set_enabled",
  input: ruleRef.extend({ enabled: z.boolean() }),
  policy: "automation.manage",
  async run({ tx, record, principal }, input: RuleRef & { enabled: boolean }) {
    const userId = memberIdOf(principal);
    const access = await managedHome(tx, userId, input);
    const rule = await ruleOf(tx, access, input.ruleId);
    if (rule.enabled === input.enabled) return { id: rule.publicId, enabled: rule.enabled };
    await tx
      .update(automationRules)
      // Turned on again by a member: it acts as them now, and its pause is over.
      .set({ enabled: input.enabled, pausedReason: null, actorId: userId, updatedAt: new Date() })
      .where(eq(automationRules.id, rule.id));
    await record({
      verb: input.enabled ? "automation.enabled" : "automation.disabled",
      ...subject(access, rule.publicId),
      data: { name: rule.name },
    });
    return { id: rule.publicId, enabled: input.enabled };
  },
});

export const duplicateRuleCommand = defineCommand({
  name: "automation.duplicate",
  input: ruleRef,
  policy: "automation.manage",
  async run(uow, input: RuleRef) {
    const access = await managedHome(uow.tx, memberIdOf(uow.principal), input);
    const rule = await ruleOf(uow.tx, access, input.ruleId);
    const definition = definitionSchema.parse(rule.definition);
    const name = `${rule.name} (copy)`.slice(0, 80);
    const { ruleId: _ruleId, ...where } = input;
    return createRuleCommand.run(uow, { ...where, name, definition } as never);
  },
});

export const deleteRuleCommand = defineCommand({
  name: "automation.delete",
  input: ruleRef,
  policy: "automation.manage",
  async run({ tx, record, principal }, input: RuleRef) {
    const access = await managedHome(tx, memberIdOf(principal), input);
    const rule = await ruleOf(tx, access, input.ruleId);
    await tx.delete(automationRules).where(eq(automationRules.id, rule.id));
    await record({ verb: "automation.deleted", ...subject(access, rule.publicId), data: { name: rule.name } });
    return { id: rule.publicId };
  },
});

export const createRule = (actor: Actor, input: RuleInput) => execute(createRuleCommand, principalOf(actor), input);
export const updateRule = (actor: Actor, input: RuleInput & { ruleId: string }) =>
  execute(updateRuleCommand, principalOf(actor), input);
export const setRuleEnabled = (actor: Actor, input: RuleRef & { enabled: boolean }) =>
  execute(setRuleEnabledCommand, principalOf(actor), input);
export const duplicateRule = (actor: Actor, input: RuleRef) => execute(duplicateRuleCommand, principalOf(actor), input);
export const deleteRule = (actor: Actor, input: RuleRef) => execute(deleteRuleCommand, principalOf(actor), input);

/**
 * The statuses, labels and members a definition names must be the project's and its
 * workspace's: a rule never reaches into another project by a pasted id.
 */
async function checkReferences(tx: Transaction, access: RuleHome, definition: Definition) {
  const { trigger } = definition;
  const statusIds = new Set<string>();
  const labelIds = new Set<string>();
  const userIds = new Set<string>();
  const projectIds = new Set<string>();
  const templateIds = new Set<string>();
  if (trigger.type === "status_changed")
    [trigger.from, trigger.to].forEach((ref) => ref && !isCategory(ref) && statusIds.add(ref));
  if ((trigger.type === "assigned" || trigger.type === "unassigned") && trigger.userId) userIds.add(trigger.userId);
  if ((trigger.type === "label_added" || trigger.type === "label_removed") && trigger.labelId)
    labelIds.add(trigger.labelId);
  const conditions = definition.conditions.items.flatMap((item) => (isGroup(item) ? item.items : [item]));
  for (const condition of conditions) {
    const value = condition.value ?? "";
    if (condition.kind.startsWith("status_") && !isCategory(value)) statusIds.add(value);
    if (condition.kind.startsWith("label_")) labelIds.add(value);
    if (condition.kind === "assignee_is" || condition.kind === "assignee_is_not" || condition.kind === "creator_is")
      userIds.add(value);
  }
  for (const action of definition.actions) {
    const value = action.value ?? "";
    if (action.kind === "set_status" && !isCategory(value)) statusIds.add(value);
    if (action.kind === "add_label" || action.kind === "remove_label") labelIds.add(value);
    if (action.kind === "assign") userIds.add(value);
    if (action.kind === "notify" && !["assignees", "creator", "admins"].includes(value)) userIds.add(value);
    if (action.kind === "move_to_project") projectIds.add(value);
    if (action.kind === "apply_template") templateIds.add(value);
  }
  await expectAll(projectIds, "project", (ids) =>
    tx
      .select({ id: projects.publicId })
      .from(projects)
      .where(
        and(eq(projects.workspaceId, access.workspaceId), isNull(projects.deletedAt), inArray(projects.publicId, ids)),
      ),
  );
  await expectAll(templateIds, "template", (ids) =>
    tx
      .select({ id: templates.publicId })
      .from(templates)
      .where(
        and(
          or(eq(templates.workspaceId, access.workspaceId), isNull(templates.workspaceId)),
          inArray(templates.publicId, ids),
        ),
      ),
  );
  // A workspace's rule names statuses by category only: its projects have statuses of their own.
  const projectId = access.projectId;
  await expectAll(statusIds, "status", (ids) =>
    projectId
      ? tx
          .select({ id: statuses.publicId })
          .from(statuses)
          .where(and(eq(statuses.projectId, projectId), inArray(statuses.publicId, ids)))
      : Promise.resolve([]),
  );
  await expectAll(labelIds, "label", (ids) =>
    tx
      .select({ id: labels.publicId })
      .from(labels)
      .where(and(eq(labels.workspaceId, access.workspaceId), inArray(labels.publicId, ids))),
  );
  await expectAll(userIds, "member", (ids) =>
    tx
      .select({ id: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, access.workspaceId), inArray(workspaceMembers.userId, ids))),
  );
}

async function expectAll(wanted: Set<string>, what: string, read: (ids: string[]) => Promise<{ id: string }[]>) {
  if (wanted.size === 0) return;
  const ids = [...wanted];
  if (ids.some((value) => !value)) throw new FieldError("definition", `Choose a ${what} for each step.`);
  const found = new Set((await read(ids)).map((row) => row.id));
  if (ids.some((value) => !found.has(value)))
    throw new FieldError(
      "definition",
      `The rule names a ${what} that is not in this ${what === "status" ? "project" : "workspace"}.`,
    );
}

/** The home's rules, with their last run, for the Automations page. */
export async function rulesOf(home: RuleHome) {
  const rules = await db().select().from(automationRules).where(ofHome(home)).orderBy(asc(automationRules.createdAt));
  if (rules.length === 0) return [];
  const runs = await db()
    .selectDistinctOn([automationRuns.ruleId], {
      ruleId: automationRuns.ruleId,
      outcome: automationRuns.outcome,
      createdAt: automationRuns.createdAt,
    })
    .from(automationRuns)
    .where(
      inArray(
        automationRuns.ruleId,
        rules.map((rule) => rule.id),
      ),
    )
    .orderBy(automationRuns.ruleId, desc(automationRuns.createdAt));
  const last = new Map(runs.map((run) => [run.ruleId, run]));
  return rules.map((rule) => ({ ...rule, lastRun: last.get(rule.id) ?? null }));
}

export const RUN_LOG_PAGE = 50;

/** A page of a rule's run log, newest first, before `before` (an ISO time) when given. */
export async function runLogOf(ruleId: string, before?: Date) {
  const rows = await db()
    .select({ run: automationRuns, projectId: projects.publicId })
    .from(automationRuns)
    // Each run's task's project, for its link (a workspace's rule acts in many projects).
    .leftJoin(tasks, eq(tasks.publicId, automationRuns.taskId))
    .leftJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      before
        ? and(eq(automationRuns.ruleId, ruleId), lt(automationRuns.createdAt, before))
        : eq(automationRuns.ruleId, ruleId),
    )
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
    .limit(RUN_LOG_PAGE + 1);
  const runs = rows.map((row) => ({ ...row.run, projectId: row.projectId }));
  return { runs: runs.slice(0, RUN_LOG_PAGE), more: runs.length > RUN_LOG_PAGE };
}

/** A rule of the home by public id, for its page. */
export async function ruleForMember(userId: string, ref: RuleHomeRef, ruleId: string) {
  const access = await homeFor(userId, ref, { manage: false });
  const [rule] = await db()
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.publicId, ruleId), ofHome(access)));
  if (!rule) throw new NotFoundError("Rule");
  return { access, rule };
}

class DryRun extends Error {
  constructor(readonly outcome: DryRunResult) {
    super("dry run");
  }
}

/**
 * "Test against task KEY": the rule runs on the task as it would, inside a unit of work
 * that is always rolled back, and says what would change (or why not). Nothing is written.
 */
export async function dryRunRule(
  actor: Actor,
  input: RuleHomeRef & { definition: Definition; taskKey: string; name: string },
) {
  const member = asMember(principalOf(actor));
  const access = await homeFor(member.userId, input, { manage: true });
  const task = await taskByKey(access, input.taskKey);
  const principal = automationPrincipal({
    ruleId: "dry-run",
    name: input.name,
    userId: member.userId,
    workspaceId: access.workspaceId,
    depth: 1,
  });
  const now = new Date();
  try {
    await inUnitOfWork(principal, async (uow) => {
      const snapshot = await taskSnapshot(uow.tx, task.id);
      if (!snapshot) throw new FieldError("taskKey", "That task is archived or deleted.");
      if (!meetsConditions(input.definition.conditions, snapshot, now))
        throw new DryRun({ matched: false, changes: [], key: snapshot.key });
      const timeZone = input.definition.trigger.type === "schedule" ? input.definition.trigger.timeZone : "UTC";
      const context = {
        uow,
        ruleId: "dry-run",
        ruleName: input.name,
        runKey: "dry-run",
        today: todayIn(timeZone, now),
      };
      const changes: string[] = [];
      for (const action of input.definition.actions) changes.push(...(await perform(action, snapshot, context)));
      throw new DryRun({ matched: true, changes, key: snapshot.key });
    });
  } catch (error) {
    if (error instanceof DryRun) return error.outcome;
    if (error instanceof FieldError && error.field === "taskKey") throw error;
    if (error instanceof FieldError || error instanceof ForbiddenError || error instanceof NotFoundError) {
      return { matched: true, changes: [], key: input.taskKey, error: error.message };
    }
    throw error;
  }
  return { matched: false, changes: [], key: input.taskKey };
}

/** "WEB-12" (or "12" in a project) among the home's live tasks, or a refusal naming the key. */
async function taskByKey(home: RuleHome, key: string) {
  const parsed = /^(?:([A-Za-z][A-Za-z0-9]*)-)?(\d{1,9})$/.exec(key.trim());
  const number = Number(parsed?.[2]);
  const projectKey = parsed?.[1]?.toUpperCase();
  const where = home.projectId
    ? eq(tasks.projectId, home.projectId)
    : and(eq(projects.workspaceId, home.workspaceId), eq(projects.key, projectKey ?? ""));
  const [task] =
    parsed && Number.isFinite(number)
      ? await db()
          .select({ id: tasks.id })
          .from(tasks)
          .innerJoin(projects, eq(projects.id, tasks.projectId))
          .where(and(where, eq(tasks.number, number), isNull(projects.deletedAt)))
      : [];
  if (!task) throw new FieldError("taskKey", `There is no task ${key.trim() || "with that key"} in ${home.name}.`);
  return task;
}

/** A new rule's definition with this version. */
export function versioned(definition: Omit<Definition, "version">): Definition {
  return { version: AUTOMATION_VERSION, ...definition } as Definition;
}
