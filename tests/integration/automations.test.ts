import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

import { and, asc, desc, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { registerAutomations } from "~/.server/automations/register";
import {
  createRule,
  deleteRule,
  dryRunRule,
  duplicateRule,
  setRuleEnabled,
  updateRule,
  versioned,
} from "~/.server/automations/rules";
import { presetsFor } from "~/.server/automations/presets";
import { cronDue, planTimedRuns } from "~/.server/automations/timed";
import type { Definition } from "~/.server/automations/definition";
import { dueDateFrom } from "~/.server/automations/definition";
import { db } from "~/.server/db";
import {
  activity,
  automationRules,
  automationRuns,
  comments,
  jobs,
  notifications,
  projects,
  statuses,
  taskAssignees,
  tasks,
  templates,
} from "~/.server/db/schema";
import { FieldError, ForbiddenError } from "~/.server/errors";
import { overrideAllowPrivateTargets } from "~/.server/webhooks/targets";
import { runDueJobs } from "~/.server/jobs/worker";
import { registerNotificationSubscribers } from "~/.server/notifications/subscribers";
import { createProject } from "~/.server/projects/projects";
import { createLabel, setTaskLabels } from "~/.server/tasks/labels";
import { addTaskRelation } from "~/.server/tasks/relations";
import { createTask, moveTask, setTaskAssignees, updateTask } from "~/.server/tasks/tasks";
import { addChecklistItem } from "~/.server/tasks/checklist";
import { addComment } from "~/.server/tasks/comments";
import { moveTaskToProject } from "~/.server/tasks/transfer";
import { readStructure } from "~/.server/templates/structure";
import { AUTOMATION_RATE_CAP } from "~/utils/automations";
import { applyProposal, askAndWait } from "~/.server/assistant/service";
import type { Engine } from "~/.server/assistant/types";
import * as taskRoute from "~/routes/app/task";
import { engines, useTestDatabase } from "../setup/database";
import { callAction } from "../setup/route-harness";
import { addMember, buildUser, type TestUser } from "../setup/factories";

/**
 * Automation rules (issue 34) on PGlite and PostgreSQL: each trigger sets its rule off from
 * the jobs table after the change commits, conditions (AND / OR) decide, actions run through
 * the commands as the rule's principal and are logged; a chain of rules stops at depth 3, a
 * rule whose author lost the role is refused, a runaway rule is paused at its cap, a run is
 * never repeated, timed triggers fire once per due date or day, and a dry run writes nothing.
 */
describe.each(engines)("automations on %s", (engine) => {
  useTestDatabase(engine);
  let unregister: () => void;
  beforeAll(() => {
    const undo = [registerAutomations(), registerNotificationSubscribers()];
    unregister = () => undo.forEach((stop) => stop());
  });
  afterAll(() => unregister());
  beforeEach(async () => {
    await db().delete(jobs);
  });

  async function setUp() {
    const owner = await buildUser({ fullName: "Olga Owner" });
    const ana = await buildUser({ fullName: "Ana Lima" });
    await addMember(owner.workspaceId, ana.id, "editor");
    const project = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Website" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, row!.id))
      .orderBy(asc(statuses.position));
    const status = (category: string) => columns.find((column) => column.category === category)!;
    const add = (title: string, extra: Record<string, unknown> = {}) =>
      createTask(owner.actor, { projectId: project.id, title, ...extra });
    const rule = (name: string, definition: Omit<Definition, "version">, actor: TestUser = owner) =>
      createRule(actor.actor, { projectId: project.id, name, definition: versioned(definition) });
    return { owner, ana, project, row: row!, columns, status, add, rule };
  }

  const taskRow = async (publicId: string) => (await db().select().from(tasks).where(eq(tasks.publicId, publicId)))[0]!;
  const statusOf = async (publicId: string) => {
    const task = await taskRow(publicId);
    return (await db().select().from(statuses).where(eq(statuses.id, task.statusId)))[0]!;
  };
  const runsOf = async (rulePublicId: string) => {
    const [rule] = await db().select().from(automationRules).where(eq(automationRules.publicId, rulePublicId));
    return db()
      .select()
      .from(automationRuns)
      .where(eq(automationRuns.ruleId, rule!.id))
      .orderBy(asc(automationRuns.createdAt), asc(automationRuns.depth));
  };
  const none = { match: "all" as const, items: [] };

  it("moved to a status → sets priority, assigns, comments with the task's fields, as Rule 'X' in the log", async () => {
    const { owner, ana, project, status, add, rule } = await setUp();
    const active = status("active");
    const created = await rule("Started work", {
      trigger: { type: "status_changed", to: active.publicId },
      conditions: none,
      actions: [
        { kind: "set_priority", value: "high" },
        { kind: "assign", value: ana.id },
        { kind: "comment", text: "{key} is in {status} now" },
      ],
    });
    const task = await add("Write the brief");
    await moveTask(owner.actor, { taskId: task.id, statusId: active.publicId, placement: { at: "end" } });
    // Nothing happens inside the request: the run is a job.
    expect((await taskRow(task.id)).priority).toBe("none");
    await runDueJobs();
    expect((await taskRow(task.id)).priority).toBe("high");
    const assignees = await db()
      .select()
      .from(taskAssignees)
      .where(eq(taskAssignees.taskId, (await taskRow(task.id)).id));
    expect(assignees.map((row) => row.userId)).toEqual([ana.id]);
    const [comment] = await db()
      .select()
      .from(comments)
      .where(eq(comments.taskId, (await taskRow(task.id)).id));
    expect(comment?.body).toBe(`${task.key} is in ${active.name} now`);
    const [run] = await runsOf(created.id);
    expect(run).toMatchObject({ outcome: "done", taskKey: task.key, depth: 1 });
    expect(run!.changes).toEqual([
      "Priority → high",
      "Assigned Ana Lima",
      `Commented: ${task.key} is in ${active.name} now`,
    ]);
    const logged = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, task.id), eq(activity.verb, "task.updated")));
    expect(logged[0]?.data.via).toMatchObject({ kind: "automation", id: created.id, name: "Started work", depth: 1 });
    // Ana hears of it from the rule, not from Olga.
    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, ana.id));
    expect(notice?.title).toBe(`Rule “Started work” assigned you ${task.key} Write the brief`);
    // A status change elsewhere does not set it off.
    const other = await add("Other");
    await moveTask(owner.actor, { taskId: other.id, statusId: status("done").publicId, placement: { at: "end" } });
    await runDueJobs();
    expect((await taskRow(other.id)).priority).toBe("none");
    void project;
  });

  it("checks conditions with AND and OR groups and logs a skipped run", async () => {
    const { owner, add, rule } = await setUp();
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "bug" });
    const created = await rule("Urgent bugs", {
      trigger: { type: "task_created" },
      conditions: {
        match: "all",
        items: [
          { kind: "label_has", value: bug.id },
          {
            match: "any",
            items: [
              { kind: "text_contains", value: "crash" },
              { kind: "priority_is", value: "high" },
            ],
          },
        ],
      },
      actions: [{ kind: "set_priority", value: "urgent" }],
    });
    const crash = await add("App crash on save", { labelIds: [bug.id] });
    const high = await add("Slow list", { labelIds: [bug.id], priority: "high" });
    const plain = await add("Crash in docs"); // no label: AND fails
    await runDueJobs();
    expect((await taskRow(crash.id)).priority).toBe("urgent");
    expect((await taskRow(high.id)).priority).toBe("urgent");
    expect((await taskRow(plain.id)).priority).toBe("none");
    const outcomes = (await runsOf(created.id)).map((run) => `${run.taskKey} ${run.outcome}`).sort();
    expect(outcomes).toEqual([`${crash.key} done`, `${high.key} done`, `${plain.key} skipped`].sort());
  });

  it("stops a two-rule ping-pong at depth 3 with 'loop stopped' logged and the task consistent", async () => {
    const { owner, status, add, rule } = await setUp();
    const todo = status("not_started");
    const active = status("active");
    const ping = await rule("Ping", {
      trigger: { type: "status_changed", to: active.publicId },
      conditions: none,
      actions: [{ kind: "set_status", value: todo.publicId }],
    });
    const pong = await rule("Pong", {
      trigger: { type: "status_changed", to: todo.publicId },
      conditions: none,
      actions: [{ kind: "set_status", value: active.publicId }],
    });
    const task = await add("Bounce");
    await moveTask(owner.actor, { taskId: task.id, statusId: active.publicId, placement: { at: "end" } });
    for (let round = 0; round < 6; round++) await runDueJobs();
    const pingRuns = await runsOf(ping.id);
    const pongRuns = await runsOf(pong.id);
    // Ping at depth 1 (the person's move), Pong at 2, Ping at 3, then Pong would be 4: stopped.
    expect(pingRuns.map((run) => [run.depth, run.outcome])).toEqual([
      [1, "done"],
      [3, "done"],
    ]);
    expect(pongRuns.map((run) => [run.depth, run.outcome])).toEqual([
      [2, "done"],
      [4, "loop_stopped"],
    ]);
    expect(pongRuns[1]!.error).toMatch(/Loop stopped/);
    // The last run moved it back to To Do; nothing moved it after.
    expect((await statusOf(task.id)).publicId).toBe(todo.publicId);
    expect(await db().select().from(jobs).where(eq(jobs.kind, "automation.run"))).toSatisfy((rows: unknown[]) =>
      rows.every((row) => (row as { doneAt: Date | null }).doneAt !== null),
    );
  });

  it("refuses to act once its author lost the role, and logs the refusal", async () => {
    const { owner, ana, add, rule } = await setUp();
    const created = await rule(
      "Ana's triage",
      { trigger: { type: "task_created" }, conditions: none, actions: [{ kind: "set_priority", value: "low" }] },
      ana,
    );
    await addMember(owner.workspaceId, ana.id, "viewer");
    const task = await add("After the demotion");
    await runDueJobs();
    expect((await taskRow(task.id)).priority).toBe("none");
    const [run] = await runsOf(created.id);
    expect(run).toMatchObject({ outcome: "refused" });
    expect(run!.error).toMatch(/Viewers cannot edit tasks/);
  });

  it("runs a rule once even when its job runs again after the run committed (a crash before the job was marked done)", async () => {
    const { owner, add, rule } = await setUp();
    const created = await rule("Comment once", {
      trigger: { type: "task_created" },
      conditions: none,
      actions: [{ kind: "comment", text: "Welcome {title}" }],
    });
    const task = await add("Once");
    const [job] = await db().select().from(jobs).where(eq(jobs.kind, "automation.run"));
    await runDueJobs();
    // The same job as a worker killed after the commit would leave it: claimed again.
    await db()
      .update(jobs)
      .set({ doneAt: null, lockedUntil: null, runAt: new Date(0) })
      .where(eq(jobs.id, job!.id));
    await runDueJobs();
    const rows = await db()
      .select()
      .from(comments)
      .where(eq(comments.taskId, (await taskRow(task.id)).id));
    expect(rows).toHaveLength(1);
    expect(await runsOf(created.id)).toHaveLength(1);
    void owner;
  });

  it("pauses a runaway rule at its cap and tells its author", async () => {
    const { owner, project, add, rule } = await setUp();
    const created = await rule("Noisy", {
      trigger: { type: "task_created" },
      conditions: { match: "all", items: [{ kind: "text_contains", value: "never-matches" }] },
      actions: [{ kind: "set_priority", value: "low" }],
    });
    for (let index = 0; index <= AUTOMATION_RATE_CAP; index++) await add(`Task ${index}`);
    await runDueJobs();
    const [stored] = await db().select().from(automationRules).where(eq(automationRules.publicId, created.id));
    expect(stored).toMatchObject({ enabled: false });
    expect(stored!.pausedReason).toMatch(/Paused/);
    const runs = await runsOf(created.id);
    expect(runs.filter((run) => run.outcome === "skipped")).toHaveLength(AUTOMATION_RATE_CAP);
    expect(runs.filter((run) => run.outcome === "paused")).toHaveLength(1);
    const [notice] = await db().select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notice?.title).toBe("Rule “Noisy” was paused");
    // A scheduled tidy-up of more tasks than the cap is no runaway: the cap counts changes' runs only.
    const tidy = await rule("Tidy", {
      trigger: { type: "schedule", every: "day", hour: 3, timeZone: "UTC" },
      conditions: { match: "all", items: [{ kind: "text_contains", value: "Task" }] },
      actions: [{ kind: "set_priority", value: "low" }],
    });
    await planTimedRuns(new Date("2030-03-10T03:10:00Z"));
    await runDueJobs();
    const [stillOn] = await db().select().from(automationRules).where(eq(automationRules.publicId, tidy.id));
    expect(stillOn).toMatchObject({ enabled: true, pausedReason: null });
    expect((await runsOf(tidy.id)).filter((run) => run.outcome === "done").length).toBeGreaterThan(AUTOMATION_RATE_CAP);
    // Turned on again by hand: the pause is over.
    await setRuleEnabled(owner.actor, { projectId: project.id, ruleId: created.id, enabled: true });
    const [again] = await db().select().from(automationRules).where(eq(automationRules.publicId, created.id));
    expect(again).toMatchObject({ enabled: true, pausedReason: null });
  });

  it("moves the parent when all its subtasks are done, and completes a task's checklist and subtasks", async () => {
    const { owner, status, add, rule, columns } = await setUp();
    const review =
      columns.find((column) => column.category === "active" && column.name !== status("active").name) ??
      status("active");
    const done = status("done");
    await rule("All subtasks done", {
      trigger: { type: "all_subtasks_completed" },
      conditions: none,
      actions: [{ kind: "set_status", value: review.publicId }],
    });
    await rule("Done means done", {
      trigger: { type: "status_changed", to: done.publicId },
      conditions: none,
      actions: [{ kind: "complete_checklist" }, { kind: "complete_subtasks" }],
    });
    await rule("Each subtask done", {
      trigger: { type: "subtask_completed" },
      conditions: none,
      actions: [{ kind: "comment", text: "A subtask of {key} is done" }],
    });
    const parent = await add("Launch");
    const first = await add("Copy", { parentId: parent.id });
    const second = await add("Images", { parentId: parent.id });
    await moveTask(owner.actor, { taskId: first.id, statusId: done.publicId, placement: { at: "end" } });
    await runDueJobs();
    expect((await statusOf(parent.id)).publicId).not.toBe(review.publicId);
    await moveTask(owner.actor, { taskId: second.id, statusId: done.publicId, placement: { at: "end" } });
    await runDueJobs();
    expect((await statusOf(parent.id)).publicId).toBe(review.publicId);
    const parentComments = await db()
      .select()
      .from(comments)
      .where(eq(comments.taskId, (await taskRow(parent.id)).id));
    expect(parentComments.map((row) => row.body)).toEqual([
      `A subtask of ${parent.key} is done`,
      `A subtask of ${parent.key} is done`,
    ]);

    const other = await add("Release");
    const sub = await add("Tag", { parentId: other.id });
    await addChecklistItem(owner.actor, { taskId: other.id, title: "Changelog" });
    await moveTask(owner.actor, { taskId: other.id, statusId: done.publicId, placement: { at: "end" } });
    await runDueJobs();
    expect((await statusOf(sub.id)).category).toBe("done");
    const { checklistItems } = await import("~/.server/db/schema");
    const items = await db()
      .select()
      .from(checklistItems)
      .where(eq(checklistItems.taskId, (await taskRow(other.id)).id));
    expect(items.every((item) => item.done)).toBe(true);
  });

  it("fires on assignment, labels, priority, due date, comments and a blocker done", async () => {
    const { owner, ana, status, add, rule } = await setUp();
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "bug" });
    const fired = async (name: string, trigger: Definition["trigger"]) =>
      rule(name, { trigger, conditions: none, actions: [{ kind: "comment", text: name }] });
    await fired("on assigned", { type: "assigned", userId: ana.id });
    await fired("on unassigned", { type: "unassigned" });
    await fired("on label", { type: "label_added", labelId: bug.id });
    await fired("on unlabel", { type: "label_removed" });
    await fired("on priority", { type: "priority_changed", to: "urgent" });
    await fired("on due", { type: "due_changed" });
    await fired("on blocker", { type: "blocker_done" });
    // A comment sets off a rule that labels the task (a comment back would set itself off again).
    const commented = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "commented" });
    await rule("on comment", {
      trigger: { type: "comment_added" },
      conditions: none,
      actions: [{ kind: "add_label", value: commented.id }],
    });
    const task = await add("Target");
    await setTaskAssignees(owner.actor, { taskId: task.id, userIds: [ana.id] });
    await setTaskAssignees(owner.actor, { taskId: task.id, userIds: [] });
    await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [bug.id] });
    await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [] });
    await updateTask(owner.actor, { taskId: task.id, priority: "urgent" });
    await updateTask(owner.actor, { taskId: task.id, dueDate: "2030-01-01" });
    const blocker = await add("Blocker");
    await addTaskRelation(owner.actor, { taskId: blocker.id, relation: "blocks", other: task.key });
    await moveTask(owner.actor, { taskId: blocker.id, statusId: status("done").publicId, placement: { at: "end" } });
    await addComment(owner.actor, { taskId: task.id, body: "A person's comment" });
    await runDueJobs();
    const bodies = (
      await db()
        .select({ body: comments.body })
        .from(comments)
        .where(eq(comments.taskId, (await taskRow(task.id)).id))
    ).map((row) => row.body);
    expect(bodies.sort()).toEqual(
      [
        "A person's comment",
        "on assigned",
        "on unassigned",
        "on label",
        "on unlabel",
        "on priority",
        "on due",
        "on blocker",
      ].sort(),
    );
    const { taskLabels } = await import("~/.server/db/schema");
    const labelled = await db()
      .select()
      .from(taskLabels)
      .where(eq(taskLabels.taskId, (await taskRow(task.id)).id));
    expect(labelled.map((row) => row.labelId)).toContain(
      (await db().query.labels.findFirst({ where: (label, { eq }) => eq(label.publicId, commented.id) }))!.id,
    );
  });

  it("fires due-soon, overdue and scheduled rules once per due date or day", async () => {
    const { add, rule } = await setUp();
    const now = new Date("2030-03-10T09:00:00Z");
    const dueSoon = await rule("Due soon", {
      trigger: { type: "due_soon", hours: 24 },
      conditions: none,
      actions: [{ kind: "set_priority", value: "high" }],
    });
    await rule("Overdue", {
      trigger: { type: "overdue" },
      conditions: none,
      actions: [{ kind: "set_priority", value: "urgent" }],
    });
    await rule("Every morning", {
      trigger: { type: "schedule", every: "day", hour: 10, timeZone: "Europe/Berlin" },
      conditions: { match: "all", items: [{ kind: "text_contains", value: "daily" }] },
      actions: [{ kind: "comment", text: "Good morning" }],
    });
    const soon = await add("Soon", { dueDate: "2030-03-11" });
    const late = await add("Late", { dueDate: "2030-03-08" });
    const later = await add("Later", { dueDate: "2030-04-01" });
    const daily = await add("The daily check");
    await runDueJobs();
    // One due soon, one overdue, and each of the project's four tasks for the schedule (its condition is read at run time).
    expect(await planTimedRuns(now)).toBe(6);
    await runDueJobs();
    expect((await taskRow(soon.id)).priority).toBe("high");
    expect((await taskRow(late.id)).priority).toBe("urgent");
    expect((await taskRow(later.id)).priority).toBe("none");
    expect(
      await db()
        .select()
        .from(comments)
        .where(eq(comments.taskId, (await taskRow(daily.id)).id)),
    ).toHaveLength(1);
    // The next hour: nothing owed again (10:00 in Berlin was 09:00 UTC).
    expect(await planTimedRuns(new Date("2030-03-10T10:00:00Z"))).toBe(0);
    expect((await runsOf(dueSoon.id)).map((run) => run.taskKey)).toEqual([soon.key]);
  });

  it("refuses a rule naming another project's status, and lets a viewer make none", async () => {
    const { owner, ana, project, rule } = await setUp();
    const elsewhere = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Elsewhere" });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, elsewhere.id));
    const [foreign] = await db().select().from(statuses).where(eq(statuses.projectId, row!.id));
    await expect(
      rule("Foreign", {
        trigger: { type: "task_created" },
        conditions: none,
        actions: [{ kind: "set_status", value: foreign!.publicId }],
      }),
    ).rejects.toBeInstanceOf(FieldError);
    await addMember(owner.workspaceId, ana.id, "viewer");
    await expect(
      rule(
        "Viewer's",
        { trigger: { type: "task_created" }, conditions: none, actions: [{ kind: "set_priority", value: "low" }] },
        ana,
      ),
    ).rejects.toBeInstanceOf(ForbiddenError);
    void project;
  });

  it("edits, duplicates, turns off and deletes a rule; a rule turned off does not run", async () => {
    const { owner, project, row, add, rule } = await setUp();
    const created = await rule("Low", {
      trigger: { type: "task_created" },
      conditions: none,
      actions: [{ kind: "set_priority", value: "low" }],
    });
    await updateRule(owner.actor, {
      projectId: project.id,
      ruleId: created.id,
      name: "Medium",
      definition: versioned({
        trigger: { type: "task_created" },
        conditions: none,
        actions: [{ kind: "set_priority", value: "medium" }],
      }),
    });
    const copy = await duplicateRule(owner.actor, { projectId: project.id, ruleId: created.id });
    expect(copy.name).toBe("Medium (copy)");
    await setRuleEnabled(owner.actor, { projectId: project.id, ruleId: copy.id, enabled: false });
    const task = await add("Edited");
    await runDueJobs();
    expect((await taskRow(task.id)).priority).toBe("medium");
    expect(await runsOf(copy.id)).toHaveLength(0);
    await deleteRule(owner.actor, { projectId: project.id, ruleId: created.id });
    expect(await db().select().from(automationRules).where(eq(automationRules.publicId, created.id))).toHaveLength(0);
    const verbs = (
      await db()
        .select()
        .from(activity)
        .where(and(eq(activity.subjectType, "automation_rule"), eq(activity.projectId, row.id)))
        .orderBy(desc(activity.sequence))
    ).map((row) => row.verb);
    expect(verbs).toEqual([
      "automation.deleted",
      "automation.disabled",
      "automation.created",
      "automation.updated",
      "automation.created",
    ]);
  });

  it("dry-runs a rule against a task key and writes nothing", async () => {
    const { owner, project, status, add } = await setUp();
    const task = await add("Try me");
    const definition = versioned({
      trigger: { type: "task_created" },
      conditions: none,
      actions: [
        { kind: "set_status", value: status("done").publicId },
        { kind: "comment", text: "Closed {key}" },
      ],
    });
    const result = await dryRunRule(owner.actor, { projectId: project.id, definition, taskKey: task.key, name: "Try" });
    expect(result).toEqual({
      matched: true,
      key: task.key,
      changes: [`Status → ${status("done").name}`, `Commented: Closed ${task.key}`],
    });
    expect((await statusOf(task.id)).category).not.toBe("done");
    expect(
      await db()
        .select()
        .from(comments)
        .where(eq(comments.taskId, (await taskRow(task.id)).id)),
    ).toHaveLength(0);
    await expect(
      dryRunRule(owner.actor, { projectId: project.id, definition, taskKey: "NOPE-999", name: "Try" }),
    ).rejects.toBeInstanceOf(FieldError);
  });

  it("saves a rule the assistant proposed when its user applies it, refused for a viewer, and it acts", async () => {
    const { owner, ana, project, status, add } = await setUp();
    const active = status("active");
    const definition = versioned({
      trigger: { type: "status_changed", to: active.publicId },
      conditions: none,
      actions: [{ kind: "assign", value: ana.id }],
    });
    const engine: Engine = {
      id: "model",
      label: "Scripted",
      async *answer() {
        yield {
          type: "proposal",
          proposal: {
            title: "Automation: Started → assign Ana",
            changes: [
              {
                kind: "create_rule",
                projectId: project.id,
                projectName: "Website",
                name: "Started → assign Ana",
                definition,
                summary: "When the status changes to In Progress, then assign Ana Lima.",
              },
            ],
          },
        };
      },
    };
    const viewer = await buildUser({ fullName: "Vera Viewer" });
    await addMember(owner.workspaceId, viewer.id, "viewer");
    const input = { message: "When a task is started, assign Ana", projectId: project.id, today: "2030-01-01" };
    const asked = await askAndWait(viewer.actor, input, new AbortController().signal, engine);
    await expect(applyProposal(viewer.actor, asked.answer.id)).rejects.toBeInstanceOf(ForbiddenError);
    const { answer } = await askAndWait(owner.actor, input, new AbortController().signal, engine);
    expect(await applyProposal(owner.actor, answer.id)).toEqual({ applied: 1, total: 1 });
    const [rule] = await db().select().from(automationRules).where(eq(automationRules.name, "Started → assign Ana"));
    expect(rule).toMatchObject({ actorId: owner.id, enabled: true, definition });
    const task = await add("Started by someone");
    await moveTask(owner.actor, { taskId: task.id, statusId: active.publicId, placement: { at: "end" } });
    await runDueJobs();
    const assignees = await db()
      .select()
      .from(taskAssignees)
      .where(eq(taskAssignees.taskId, (await taskRow(task.id)).id));
    expect(assignees.map((row) => row.userId)).toEqual([ana.id]);
  });

  it("checks creator, assignee and due-date conditions; sets the due date, unassigns, removes labels, notifies, creates tasks and subtasks, archives and calls a webhook", async () => {
    const received: string[] = [];
    const receiver = createServer((request, response) => {
      let body = "";
      request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
      request.on("end", () => {
        received.push(body);
        response.writeHead(200).end("ok");
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    overrideAllowPrivateTargets(true);
    try {
      const { owner, ana, project, add, rule } = await setUp();
      const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "triage" });
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
      const created = await rule("Everything", {
        trigger: { type: "task_created" },
        conditions: {
          match: "all",
          items: [
            { kind: "creator_is", value: owner.id },
            { kind: "assignee_is", value: ana.id },
            { kind: "assignee_is_not", value: owner.id },
            { kind: "due_set" },
            { kind: "label_has", value: bug.id },
            { kind: "priority_is_not", value: "urgent" },
          ],
        },
        actions: [
          { kind: "set_due", text: "+2 working days" },
          { kind: "notify", value: "assignees", text: "{key} needs you" },
          { kind: "notify", value: "admins" },
          { kind: "unassign_all" },
          { kind: "remove_label", value: bug.id },
          { kind: "create_subtasks", text: "Reproduce; Fix {key}" },
          { kind: "create_task", text: "Follow up on {key}" },
          { kind: "webhook", text: url },
          { kind: "archive" },
        ],
      });
      // Not met: no due date.
      const skipped = await add("Skipped", { assigneeIds: [ana.id], labelIds: [bug.id] });
      const task = await add("Bug report", { assigneeIds: [ana.id], labelIds: [bug.id], dueDate: "2030-01-01" });
      await runDueJobs();
      const [run] = (await runsOf(created.id)).filter((row) => row.taskKey === task.key);
      expect(run?.outcome).toBe("done");
      const today = new Date().toISOString().slice(0, 10);
      const due = dueDateFrom("+2 working days", today)!;
      expect(run!.changes).toEqual([
        `Due date → ${due}`,
        "Notified Ana Lima",
        "Notified Olga Owner",
        "Unassigned everyone",
        "Label removed: triage",
        "Subtask created: Reproduce",
        `Subtask created: Fix ${task.key}`,
        expect.stringMatching(new RegExp(`^Task created: [A-Z]+-\\d+ Follow up on ${task.key}$`)),
        "Webhook called: " + new URL(url).host,
        "Archived",
      ]);
      const stored = await taskRow(task.id);
      expect(stored).toMatchObject({ dueDate: due });
      expect(stored.archivedAt).not.toBeNull();
      expect(await db().select().from(taskAssignees).where(eq(taskAssignees.taskId, stored.id))).toEqual([]);
      const subtasks = await db().select().from(tasks).where(eq(tasks.parentId, stored.id));
      expect(subtasks.map((row) => row.title).sort()).toEqual([`Fix ${task.key}`, "Reproduce"]);
      expect(subtasks.every((row) => row.archivedAt !== null)).toBe(true);
      const notices = await db().select().from(notifications).where(eq(notifications.kind, "automation.notify"));
      const mine = notices.filter((row) => row.link?.endsWith(task.id));
      expect(
        mine.map((row) => `${row.userId === ana.id ? "ana" : "owner"}: ${row.title} / ${row.body}`).sort(),
      ).toEqual([
        `ana: Rule “Everything”: ${task.key} Bug report / ${task.key} needs you`,
        `owner: Rule “Everything”: ${task.key} Bug report / In Website, To Do.`,
      ]);
      expect(received).toHaveLength(1);
      expect(JSON.parse(received[0]!)).toMatchObject({
        type: "automation.webhook",
        rule: { id: created.id, name: "Everything" },
        task: { id: task.id, key: task.key, title: "Bug report", project: { id: project.id, name: "Website" } },
      });
      expect((await runsOf(created.id)).find((row) => row.taskKey === skipped.key)?.outcome).toBe("skipped");
    } finally {
      overrideAllowPrivateTargets(undefined);
      receiver.close();
    }
  });

  it("runs a workspace's rule in each of its projects, by status category; only owners and admins make one", async () => {
    const { owner, ana, project, status, add } = await setUp();
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Mobile" });
    const otherTask = await createTask(owner.actor, { projectId: other.id, title: "Ship the app" });
    const [otherRow] = await db().select().from(projects).where(eq(projects.publicId, other.id));
    const otherDone = (await db().select().from(statuses).where(eq(statuses.projectId, otherRow!.id))).find(
      (row) => row.category === "done",
    )!;
    const definition = versioned({
      trigger: { type: "status_changed", to: "done" },
      conditions: none,
      actions: [{ kind: "comment", text: "{key} is done in {project}" }],
    });
    await expect(
      createRule(ana.actor, { workspaceId: owner.workspaceId, name: "Editors may not", definition }),
    ).rejects.toBeInstanceOf(ForbiddenError);
    // A workspace's rule names statuses by category, never one project's status.
    await expect(
      createRule(owner.actor, {
        workspaceId: owner.workspaceId,
        name: "By id",
        definition: versioned({ ...definition, trigger: { type: "status_changed", to: status("done").publicId } }),
      }),
    ).rejects.toBeInstanceOf(FieldError);
    const created = await createRule(owner.actor, { workspaceId: owner.workspaceId, name: "Everywhere", definition });
    const task = await add("Close the site");
    await moveTask(owner.actor, { taskId: task.id, statusId: status("done").publicId, placement: { at: "end" } });
    await moveTask(owner.actor, { taskId: otherTask.id, statusId: otherDone.publicId, placement: { at: "end" } });
    await moveTask(owner.actor, {
      taskId: (await add("Only started")).id,
      statusId: status("active").publicId,
      placement: { at: "end" },
    });
    await runDueJobs();
    const bodies = (
      await db()
        .select({ body: comments.body })
        .from(comments)
        .innerJoin(tasks, eq(tasks.id, comments.taskId))
        .where(eq(tasks.workspaceId, (await taskRow(task.id)).workspaceId))
    ).map((row) => row.body);
    expect(bodies.sort()).toEqual([`${task.key} is done in Website`, `${otherTask.key} is done in Mobile`].sort());
    expect((await runsOf(created.id)).map((run) => run.outcome)).toEqual(["done", "done"]);
    void project;
  });

  it("fires a cron schedule within the hours it names, in its time zone, and refuses an expression that does not parse", async () => {
    const { rule, add } = await setUp();
    await expect(
      rule("Bad cron", {
        trigger: { type: "schedule", every: "cron", cron: "every day", hour: 0, timeZone: "UTC" },
        conditions: { match: "all", items: [{ kind: "text_contains", value: "twice" }] },
        actions: [{ kind: "comment", text: "tick" }],
      }),
    ).rejects.toBeInstanceOf(FieldError);
    await rule("Twice a day", {
      // 09:30 and 17:30 in New York, on weekdays.
      trigger: { type: "schedule", every: "cron", cron: "30 9,17 * * 1-5", hour: 0, timeZone: "America/New_York" },
      conditions: { match: "all", items: [{ kind: "text_contains", value: "twice" }] },
      actions: [{ kind: "comment", text: "tick" }],
    });
    const task = await add("Check twice a day");
    await runDueJobs();
    const ticks = async () =>
      (
        await db()
          .select()
          .from(comments)
          .where(eq(comments.taskId, (await taskRow(task.id)).id))
      ).length;
    // Monday 2030-03-11: 09:00 in New York is 13:00 UTC (daylight time began on the 10th).
    expect(cronDue("30 9,17 * * 1-5", "America/New_York", new Date("2030-03-11T12:59:00Z"))).toBe(false);
    expect(cronDue("30 9,17 * * 1-5", "America/New_York", new Date("2030-03-11T13:05:00Z"))).toBe(true);
    await planTimedRuns(new Date("2030-03-11T13:05:00Z"));
    await runDueJobs();
    await planTimedRuns(new Date("2030-03-11T13:40:00Z"));
    await runDueJobs();
    expect(await ticks()).toBe(1);
    await planTimedRuns(new Date("2030-03-11T21:10:00Z"));
    await runDueJobs();
    expect(await ticks()).toBe(2);
    // Saturday: nothing.
    await planTimedRuns(new Date("2030-03-16T13:10:00Z"));
    await runDueJobs();
    expect(await ticks()).toBe(2);
  });

  it("tells each condition apart in a dry run, and adds a label", async () => {
    const { owner, ana, project, status, add } = await setUp();
    const bug = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "bug" });
    const open = await add("Open and unassigned");
    const done = await add("Done long ago");
    await moveTask(owner.actor, { taskId: done.id, statusId: status("done").publicId, placement: { at: "end" } });
    const [doneRow] = await db().select().from(tasks).where(eq(tasks.publicId, done.id));
    await db()
      .update(tasks)
      .set({ completedAt: new Date(Date.now() - 40 * 86_400_000) })
      .where(eq(tasks.id, doneRow!.id));
    const blocked = await add("Waiting on the open one");
    await addTaskRelation(owner.actor, { taskId: blocked.id, relation: "blocked_by", other: open.key });
    const matches = async (key: string, condition: { kind: string; value?: string }) => {
      const definition = versioned({
        trigger: { type: "task_created" },
        conditions: { match: "all", items: [condition as never] },
        actions: [{ kind: "add_label", value: bug.id }],
      });
      return (await dryRunRule(owner.actor, { projectId: project.id, definition, taskKey: key, name: "Try" })).matched;
    };
    const table: [string, { kind: string; value?: string }, boolean][] = [
      [open.key, { kind: "status_is_not", value: status("done").publicId }, true],
      [done.key, { kind: "status_is_not", value: status("done").publicId }, false],
      [done.key, { kind: "status_is", value: "done" }, true],
      [open.key, { kind: "status_is", value: "done" }, false],
      [open.key, { kind: "label_lacks", value: bug.id }, true],
      [open.key, { kind: "unassigned" }, true],
      [open.key, { kind: "assignee_is", value: ana.id }, false],
      [open.key, { kind: "due_unset" }, true],
      [open.key, { kind: "due_set" }, false],
      [done.key, { kind: "completed_days_ago", value: "30" }, true],
      [done.key, { kind: "completed_days_ago", value: "60" }, false],
      [open.key, { kind: "completed_days_ago", value: "0" }, false],
      [blocked.key, { kind: "blocked" }, true],
      [open.key, { kind: "blocked" }, false],
      [open.key, { kind: "not_blocked" }, true],
    ];
    for (const [key, condition, expected] of table) {
      expect({ key, condition, matched: await matches(key, condition) }).toEqual({ key, condition, matched: expected });
    }
    const result = await dryRunRule(owner.actor, {
      projectId: project.id,
      definition: versioned({
        trigger: { type: "task_created" },
        conditions: none,
        actions: [{ kind: "add_label", value: bug.id }],
      }),
      taskKey: open.key,
      name: "Try",
    });
    expect(result.changes).toEqual(["Label added: bug"]);
  });

  it("moves a task with its subtasks to another project, by a rule or by hand, and applies a template's tasks as subtasks", async () => {
    const { owner, ana, project, status, add, rule } = await setUp();
    const other = await createProject(owner.actor, { workspaceId: owner.workspaceId, name: "Support", key: "SUP" });
    const [template] = await db().select().from(templates).where(isNotNull(templates.builtinKey)).limit(1);
    const structure = readStructure(template!.structure)!;
    const created = await rule("Hand over", {
      trigger: { type: "label_added" },
      conditions: none,
      actions: [
        { kind: "apply_template", value: template!.publicId },
        { kind: "move_to_project", value: other.id },
      ],
    });
    const label = await createLabel(owner.actor, { workspaceId: owner.workspaceId, name: "support" });
    const task = await add("Customer cannot log in");
    await add("Check the logs", { parentId: task.id });
    await setTaskLabels(owner.actor, { taskId: task.id, labelIds: [label.id] });
    await runDueJobs();
    const [run] = await runsOf(created.id);
    expect(run?.outcome).toBe("done");
    const moved = await taskRow(task.id);
    const [otherRow] = await db().select().from(projects).where(eq(projects.publicId, other.id));
    expect(moved.projectId).toBe(otherRow!.id);
    expect(run!.changes.at(-1)).toBe(`Moved to another project as SUP-${moved.number}`);
    const subtasks = await db().select().from(tasks).where(eq(tasks.parentId, moved.id));
    // The one made by hand and the template's, all moved along with new numbers there.
    expect(subtasks).toHaveLength(1 + Math.min(structure.tasks.length, 50));
    expect(subtasks.every((row) => row.projectId === otherRow!.id)).toBe(true);
    expect(new Set([moved.number, ...subtasks.map((row) => row.number)]).size).toBe(subtasks.length + 1);
    const logged = await db()
      .select()
      .from(activity)
      .where(and(eq(activity.subjectId, task.id), eq(activity.verb, "task.project_changed")));
    expect(logged[0]?.data).toMatchObject({ fromProject: "Website", toProject: "Support", fromProjectId: project.id });
    // By hand, back again: a viewer may not; a subtask goes only with its parent.
    await expect(
      moveTaskToProject(owner.actor, { taskId: subtasks[0]!.publicId, targetProjectId: project.id }),
    ).rejects.toBeInstanceOf(FieldError);
    await addMember(owner.workspaceId, ana.id, "viewer");
    await expect(moveTaskToProject(ana.actor, { taskId: task.id, targetProjectId: project.id })).rejects.toBeInstanceOf(
      ForbiddenError,
    );
    // The task page's form: a refusal comes back beside the select, with the project chosen.
    const refused = await callAction(taskRoute.action, {
      user: owner,
      path: `/app/project/${other.id}/task/${task.id}`,
      params: { projectId: other.id, taskId: task.id },
      form: { intent: "move-to-project", targetProjectId: other.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      moveRefused: { targetProjectId: other.id, error: "The task is in that project already." },
    });
    const back = await moveTaskToProject(owner.actor, { taskId: task.id, targetProjectId: project.id });
    expect(back.key).toMatch(/^WEB-\d+$/);
    expect((await statusOf(task.id)).projectId).toBe((await taskRow(task.id)).projectId);
    void status;
  });

  it("offers presets shaped to the project's statuses; the blocked one sends a completed blocked task back", async () => {
    const { owner, project, columns, status, add } = await setUp();
    const presets = presetsFor(
      columns.map((column) => ({ id: column.publicId, name: column.name, category: column.category })),
      "UTC",
    );
    expect(presets.map((preset) => preset.id)).toEqual([
      "done-completes",
      "assigned-started",
      "subtasks-review",
      "blocked-not-done",
      "overdue-notify",
      "archive-done",
    ]);
    for (const preset of presets) {
      await createRule(owner.actor, {
        projectId: project.id,
        name: preset.name.slice(0, 80),
        definition: preset.definition,
      });
    }
    const blocker = await add("Get the keys");
    const task = await add("Open the shop");
    await addTaskRelation(owner.actor, { taskId: task.id, relation: "blocked_by", other: blocker.key });
    // A bulk edit or the API is not asked: the rule is what sends it back.
    await moveTask(owner.actor, { taskId: task.id, statusId: status("done").publicId, placement: { at: "end" } });
    await runDueJobs();
    expect((await statusOf(task.id)).publicId).toBe(status("active").publicId);
    const [said] = await db()
      .select()
      .from(comments)
      .where(eq(comments.taskId, (await taskRow(task.id)).id));
    expect(said?.body).toBe(`${task.key} is still blocked: finish the tasks blocking it first.`);
  });

  it("reads relative due dates, working days skipping weekends", () => {
    expect(dueDateFrom("+3 days", "2030-01-30")).toBe("2030-02-02");
    expect(dueDateFrom("+3 working days", "2030-03-08")).toBe("2030-03-13"); // a Friday → Wednesday
    expect(dueDateFrom("+1w", "2030-03-08")).toBe("2030-03-15");
    expect(dueDateFrom("2031-01-31", "2030-03-08")).toBe("2031-01-31");
    expect(dueDateFrom("none", "2030-03-08")).toBeNull();
    expect(dueDateFrom("soon", "2030-03-08")).toBeUndefined();
  });
});
