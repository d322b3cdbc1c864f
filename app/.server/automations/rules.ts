import { and, asc, count, desc, eq, inArray, lt } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute, inUnitOfWork } from "../commands/command";
import { asMember, automationPrincipal, memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { automationRules, automationRuns, labels, statuses, tasks, workspaceMembers } from "../db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { projectForMember, type ProjectAccess } from "../projects/access";
import { AUTOMATION_MAX_RULES, AUTOMATION_VERSION } from "~/utils/automations";
import { todayIn } from "~/utils/time-zones";
import { perform } from "./actions";
import { meetsConditions, taskSnapshot } from "./conditions";
import { definitionSchema, isGroup, ruleNameSchema, type Definition } from "./definition";
import { causeOf } from "./triggers";

/**
 * A project's automation rules (issue 34): made, changed, turned off and on, duplicated and
 * deleted by its editors, each save checking that the statuses, labels and members it names
 * belong to the project and its workspace. The member who saves a rule is the one it acts
 * as from then on.
 */
const id = z.string().min(1).max(64);
const ruleInput = z.object({ projectId: id, name: ruleNameSchema, definition: definitionSchema });
const ruleRef = z.object({ projectId: id, ruleId: id });

type RuleInput = z.infer<typeof ruleInput>;
type RuleRef = z.infer<typeof ruleRef>;

async function managedProject(tx: Transaction, userId: string, projectId: string) {
  const access = await projectForMember(userId, projectId, tx);
  authorize(access.role, "automation.manage", access.project);
  return access;
}

async function ruleOf(tx: Transaction, access: ProjectAccess, ruleId: string) {
  const [rule] = await tx
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.publicId, ruleId), eq(automationRules.projectId, access.project.id)));
  if (!rule) throw new NotFoundError("Rule");
  return rule;
}

const subject = (access: ProjectAccess, publicId: string) => ({
  subjectType: "automation_rule",
  subjectId: publicId,
  workspaceId: access.project.workspaceId,
  projectId: access.project.id,
});

export const createRuleCommand = defineCommand({
  name: "automation.create",
  input: ruleInput,
  policy: "automation.manage",
  async run({ tx, record, principal }, input: RuleInput) {
    const userId = memberIdOf(principal);
    const access = await managedProject(tx, userId, input.projectId);
    await checkReferences(tx, access, input.definition);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(automationRules)
      .where(eq(automationRules.projectId, access.project.id));
    if (total >= AUTOMATION_MAX_RULES)
      throw new FieldError("name", `A project can have ${AUTOMATION_MAX_RULES} rules: delete one first.`);
    const publicId = newPublicId();
    await tx.insert(automationRules).values({
      publicId,
      workspaceId: access.project.workspaceId,
      projectId: access.project.id,
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
    const access = await managedProject(tx, userId, input.projectId);
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
    const access = await managedProject(tx, userId, input.projectId);
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
    const access = await managedProject(uow.tx, memberIdOf(uow.principal), input.projectId);
    const rule = await ruleOf(uow.tx, access, input.ruleId);
    const definition = definitionSchema.parse(rule.definition);
    const name = `${rule.name} (copy)`.slice(0, 80);
    return createRuleCommand.run(uow, { projectId: input.projectId, name, definition } as never);
  },
});

export const deleteRuleCommand = defineCommand({
  name: "automation.delete",
  input: ruleRef,
  policy: "automation.manage",
  async run({ tx, record, principal }, input: RuleRef) {
    const access = await managedProject(tx, memberIdOf(principal), input.projectId);
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
async function checkReferences(tx: Transaction, access: ProjectAccess, definition: Definition) {
  const { trigger } = definition;
  const statusIds = new Set<string>();
  const labelIds = new Set<string>();
  const userIds = new Set<string>();
  if (trigger.type === "status_changed") [trigger.from, trigger.to].forEach((ref) => ref && statusIds.add(ref));
  if ((trigger.type === "assigned" || trigger.type === "unassigned") && trigger.userId) userIds.add(trigger.userId);
  if ((trigger.type === "label_added" || trigger.type === "label_removed") && trigger.labelId)
    labelIds.add(trigger.labelId);
  const conditions = definition.conditions.items.flatMap((item) => (isGroup(item) ? item.items : [item]));
  for (const condition of conditions) {
    const value = condition.value ?? "";
    if (condition.kind.startsWith("status_") && !["not_started", "active", "done"].includes(value))
      statusIds.add(value);
    if (condition.kind.startsWith("label_")) labelIds.add(value);
    if (condition.kind === "assignee_is" || condition.kind === "assignee_is_not" || condition.kind === "creator_is")
      userIds.add(value);
  }
  for (const action of definition.actions) {
    const value = action.value ?? "";
    if (action.kind === "set_status") statusIds.add(value);
    if (action.kind === "add_label" || action.kind === "remove_label") labelIds.add(value);
    if (action.kind === "assign") userIds.add(value);
    if (action.kind === "notify" && !["assignees", "creator", "admins"].includes(value)) userIds.add(value);
  }
  await expectAll(tx, statusIds, "status", (ids) =>
    tx
      .select({ id: statuses.publicId })
      .from(statuses)
      .where(and(eq(statuses.projectId, access.project.id), inArray(statuses.publicId, ids))),
  );
  await expectAll(tx, labelIds, "label", (ids) =>
    tx
      .select({ id: labels.publicId })
      .from(labels)
      .where(and(eq(labels.workspaceId, access.project.workspaceId), inArray(labels.publicId, ids))),
  );
  await expectAll(tx, userIds, "member", (ids) =>
    tx
      .select({ id: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, access.project.workspaceId), inArray(workspaceMembers.userId, ids))),
  );
}

async function expectAll(
  _tx: Transaction,
  wanted: Set<string>,
  what: string,
  read: (ids: string[]) => Promise<{ id: string }[]>,
) {
  if (wanted.size === 0) return;
  const ids = [...wanted];
  if (ids.some((value) => !value)) throw new FieldError("definition", `Choose a ${what} for each step.`);
  const found = new Set((await read(ids)).map((row) => row.id));
  if (ids.some((value) => !found.has(value)))
    throw new FieldError("definition", `The rule names a ${what} that is not in this project.`);
}

/** The project's rules, with their last run, for the Automations page. */
export async function rulesOf(projectId: string) {
  const rules = await db()
    .select()
    .from(automationRules)
    .where(eq(automationRules.projectId, projectId))
    .orderBy(asc(automationRules.createdAt));
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
    .select()
    .from(automationRuns)
    .where(
      before
        ? and(eq(automationRuns.ruleId, ruleId), lt(automationRuns.createdAt, before))
        : eq(automationRuns.ruleId, ruleId),
    )
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
    .limit(RUN_LOG_PAGE + 1);
  return { runs: rows.slice(0, RUN_LOG_PAGE), more: rows.length > RUN_LOG_PAGE };
}

/** A rule of the project by public id, for its page. */
export async function ruleForMember(userId: string, projectId: string, ruleId: string) {
  const access = await projectForMember(userId, projectId);
  const [rule] = await db()
    .select()
    .from(automationRules)
    .where(and(eq(automationRules.publicId, ruleId), eq(automationRules.projectId, access.project.id)));
  if (!rule) throw new NotFoundError("Rule");
  return { access, rule };
}

class DryRun extends Error {
  constructor(readonly outcome: DryRunResult) {
    super("dry run");
  }
}
export type DryRunResult = { matched: boolean; changes: string[]; key: string; error?: string };

/**
 * "Test against task KEY": the rule runs on the task as it would, inside a unit of work
 * that is always rolled back, and says what would change (or why not). Nothing is written.
 */
export async function dryRunRule(
  actor: Actor,
  input: { projectId: string; definition: Definition; taskKey: string; name: string },
) {
  const member = asMember(principalOf(actor));
  const access = await projectForMember(member.userId, input.projectId);
  authorize(access.role, "automation.manage", access.project);
  const number = Number(/^(?:[A-Za-z][A-Za-z0-9]*-)?(\d{1,9})$/.exec(input.taskKey.trim())?.[1]);
  const [task] = Number.isFinite(number)
    ? await db()
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.projectId, access.project.id), eq(tasks.number, number)))
    : [];
  if (!task)
    throw new FieldError(
      "taskKey",
      `There is no task ${input.taskKey.trim() || "with that key"} in ${access.project.name}.`,
    );
  const principal = automationPrincipal({
    ruleId: "dry-run",
    name: input.name,
    userId: member.userId,
    workspaceId: access.project.workspaceId,
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

/** A new rule's definition with this version. */
export function versioned(definition: Omit<Definition, "version">): Definition {
  return { version: AUTOMATION_VERSION, ...definition } as Definition;
}
