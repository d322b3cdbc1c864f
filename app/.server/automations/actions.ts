import { and, asc, eq, inArray, isNull, ne } from "drizzle-orm";

import { within, type UnitOfWork } from "../commands/command";
import { checklistItems, labels, profiles, statuses, tasks, templates, workspaceMembers } from "../db/schema";
import { FieldError } from "../errors";
import { enqueue } from "../jobs/queue";
import { archiveTaskCommand } from "../tasks/archive";
import { addChecklistItemCommand, setChecklistItemDoneCommand } from "../tasks/checklist";
import { moveTaskToProjectCommand } from "../tasks/transfer";
import { readStructure } from "../templates/structure";
import { addCommentCommand } from "../tasks/comments";
import { setTaskLabelsCommand } from "../tasks/labels";
import { createTaskCommand, moveTaskCommand, setTaskAssigneesCommand, updateTaskCommand } from "../tasks/tasks";
import { urlProblem } from "../webhooks/targets";
import { TASK_PRIORITIES, type Priority } from "~/validation/priorities";
import { fillTemplate, type TaskSnapshot } from "./conditions";
import { dueDateFrom, type Action } from "./definition";
import { isCategory } from "./home";

/** The jobs an action leaves for after the run commits (a notification, a webhook call). */
export const AUTOMATION_NOTIFY_JOB = "automation.notify";
export const AUTOMATION_WEBHOOK_JOB = "automation.webhook";

export type ActionContext = {
  uow: UnitOfWork;
  ruleId: string;
  ruleName: string;
  runKey: string;
  /** Today (YYYY-MM-DD) in the rule's time zone, for relative due dates. */
  today: string;
};

/**
 * Runs one action on the task through the same command a page would run, inside the run's
 * unit of work, and says what it changed in a line for the run log (none when the task was
 * already so). A refusal (the member's role, a status that is gone) throws and rolls the
 * whole run back.
 */
export async function perform(action: Action, task: TaskSnapshot, context: ActionContext): Promise<string[]> {
  const { uow } = context;
  const value = action.value ?? "";
  const text = action.text ?? "";
  const ref = { taskId: task.publicId };
  switch (action.kind) {
    case "set_status": {
      const status = await statusOf(context, task.projectId, value);
      if (status.publicId === task.statusId) return [];
      await within(uow, moveTaskCommand, { ...ref, statusId: status.publicId, placement: { at: "end" } });
      return [`Status → ${status.name}`];
    }
    case "set_priority": {
      if (!TASK_PRIORITIES.includes(value as Priority)) throw new FieldError("action", "Choose a priority.");
      if (task.priority === value) return [];
      await within(uow, updateTaskCommand, { ...ref, priority: value as Priority });
      return [`Priority → ${value}`];
    }
    case "assign": {
      if (task.assigneeIds.includes(value)) return [];
      const name = await memberName(context, task.workspaceId, value);
      await within(uow, setTaskAssigneesCommand, { ...ref, userIds: [...task.assigneeIds, value] });
      return [`Assigned ${name}`];
    }
    case "unassign_all": {
      if (task.assigneeIds.length === 0) return [];
      await within(uow, setTaskAssigneesCommand, { ...ref, userIds: [] });
      return ["Unassigned everyone"];
    }
    case "add_label":
    case "remove_label": {
      const label = await labelOf(context, task.workspaceId, value);
      const has = task.labelIds.includes(label.publicId);
      if (has === (action.kind === "add_label")) return [];
      const labelIds =
        action.kind === "add_label"
          ? [...task.labelIds, label.publicId]
          : task.labelIds.filter((id) => id !== label.publicId);
      await within(uow, setTaskLabelsCommand, { ...ref, labelIds });
      return [`${action.kind === "add_label" ? "Label added" : "Label removed"}: ${label.name}`];
    }
    case "set_due": {
      const dueDate = dueDateFrom(text, context.today);
      if (dueDate === undefined) throw new FieldError("action", `“${text}” is not a due date this rule understands.`);
      if (dueDate === task.dueDate) return [];
      await within(uow, updateTaskCommand, { ...ref, dueDate });
      return [`Due date → ${dueDate ?? "none"}`];
    }
    case "comment": {
      const body = fillTemplate(text, task).trim();
      if (!body) return [];
      await within(uow, addCommentCommand, { ...ref, body });
      return [`Commented: ${body.length > 80 ? `${body.slice(0, 79)}…` : body}`];
    }
    case "notify":
      return notify(context, task, value, text);
    case "create_subtasks": {
      const titles = splitTitles(fillTemplate(text, task));
      // One level of subtasks: a subtask's own subtasks go beside it, under its parent.
      const parentId = task.parentId ? await publicIdOf(context, task.parentId) : task.publicId;
      for (const title of titles) {
        await within(uow, createTaskCommand, { projectId: task.projectPublicId, title, parentId });
      }
      return titles.map((title) => `Subtask created: ${title}`);
    }
    case "create_task": {
      const title = fillTemplate(text, task).trim().slice(0, 200);
      if (!title) throw new FieldError("action", "The new task needs a title.");
      const created = await within(uow, createTaskCommand, { projectId: task.projectPublicId, title });
      return [`Task created: ${created.key} ${title}`];
    }
    case "complete_checklist": {
      const open = await uow.tx
        .select({ publicId: checklistItems.publicId })
        .from(checklistItems)
        .where(and(eq(checklistItems.taskId, task.id), eq(checklistItems.done, false)))
        .orderBy(asc(checklistItems.position));
      for (const item of open) {
        await within(uow, setChecklistItemDoneCommand, { ...ref, itemId: item.publicId, done: true });
      }
      return open.length > 0 ? [`Checklist: ${open.length} item${open.length === 1 ? "" : "s"} completed`] : [];
    }
    case "complete_subtasks":
      return completeSubtasks(context, task);
    case "archive":
      await within(uow, archiveTaskCommand, ref);
      return ["Archived"];
    case "move_to_project": {
      const moved = await within(uow, moveTaskToProjectCommand, { ...ref, targetProjectId: value });
      return [`Moved to another project as ${moved.key}`];
    }
    case "apply_template":
      return applyTemplate(context, task, value);
    case "webhook": {
      const problem = urlProblem(text);
      if (problem) throw new FieldError("action", problem);
      await enqueue(uow.tx, [
        {
          kind: AUTOMATION_WEBHOOK_JOB,
          payload: {
            url: text,
            ruleId: context.ruleId,
            rule: context.ruleName,
            runKey: context.runKey,
            task: webhookTask(task),
          },
          maxAttempts: 5,
        },
      ]);
      return [`Webhook called: ${new URL(text).host}`];
    }
  }
}

/** Every open subtask moved to the project's first done status. */
async function completeSubtasks(context: ActionContext, task: TaskSnapshot) {
  const { tx } = context.uow;
  const [done] = await tx
    .select({ publicId: statuses.publicId })
    .from(statuses)
    .where(and(eq(statuses.projectId, task.projectId), eq(statuses.category, "done")))
    .orderBy(asc(statuses.position))
    .limit(1);
  if (!done) throw new FieldError("action", "This project has no done status.");
  const open = await tx
    .select({ publicId: tasks.publicId })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(
      and(
        eq(tasks.parentId, task.id),
        isNull(tasks.deletedAt),
        isNull(tasks.archivedAt),
        ne(statuses.category, "done"),
      ),
    )
    .orderBy(asc(tasks.number));
  for (const subtask of open) {
    await within(context.uow, moveTaskCommand, {
      taskId: subtask.publicId,
      statusId: done.publicId,
      placement: { at: "end" },
    });
  }
  return open.length > 0 ? [`Subtasks: ${open.length} completed`] : [];
}

/**
 * A template's task list as the task's subtasks (or its parent's, for a subtask): each
 * template task becomes one, with its description, priority and dates from today, and its
 * checklist (its own subtasks' titles too, one level being all a task has).
 */
async function applyTemplate(context: ActionContext, task: TaskSnapshot, templateId: string) {
  const [template] = await context.uow.tx
    .select({ name: templates.name, structure: templates.structure, workspaceId: templates.workspaceId })
    .from(templates)
    .where(eq(templates.publicId, templateId));
  if (!template || (template.workspaceId !== null && template.workspaceId !== task.workspaceId))
    throw new FieldError("action", "The rule's template no longer exists.");
  const structure = readStructure(template.structure);
  if (!structure) throw new FieldError("action", `The template ${template.name} cannot be used.`);
  const parentId = task.parentId ? await publicIdOf(context, task.parentId) : task.publicId;
  const day = (offset: number | null) =>
    offset === null ? null : (dueDateFrom(`+${offset} days`, context.today) ?? null);
  const made: string[] = [];
  for (const item of structure.tasks.slice(0, 50)) {
    const created = await within(context.uow, createTaskCommand, {
      projectId: task.projectPublicId,
      title: item.title,
      description: item.description,
      priority: item.priority,
      startDate: day(item.start),
      dueDate: day(item.due),
      parentId,
    });
    for (const title of [...item.checklist, ...item.subtasks.map((subtask) => subtask.title)].slice(0, 100)) {
      await within(context.uow, addChecklistItemCommand, { taskId: created.id, title });
    }
    made.push(item.title);
  }
  return made.length > 0
    ? [`Template ${template.name}: ${made.length} subtask${made.length === 1 ? "" : "s"} created`]
    : [];
}

/**
 * In-app (and, by each member's settings, e-mail) notifications, written by a job after the
 * run commits: `assignees`, `creator`, `admins` (the workspace's owners and admins) or one member.
 */
async function notify(context: ActionContext, task: TaskSnapshot, audience: string, message: string) {
  const { tx } = context.uow;
  let recipients: string[];
  if (audience === "assignees") recipients = task.assigneeIds;
  else if (audience === "creator") recipients = task.createdBy ? [task.createdBy] : [];
  else if (audience === "admins") {
    const rows = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .where(
        and(eq(workspaceMembers.workspaceId, task.workspaceId), inArray(workspaceMembers.role, ["owner", "admin"])),
      );
    recipients = rows.map((row) => row.userId);
  } else {
    await memberName(context, task.workspaceId, audience);
    recipients = [audience];
  }
  if (recipients.length === 0) return [];
  const title = `Rule “${context.ruleName}”: ${task.key} ${task.title}`;
  await enqueue(tx, [
    {
      kind: AUTOMATION_NOTIFY_JOB,
      payload: {
        recipients,
        title,
        body: message ? fillTemplate(message, task) : `In ${task.projectName}, ${task.statusName}.`,
        link: `/app/project/${task.projectPublicId}/task/${task.publicId}`,
        workspaceId: task.workspaceId,
        task: task.publicId,
        dedupeKey: `automation:${context.ruleId}:${context.runKey}:${task.publicId}`,
      },
    },
  ]);
  const names = await namesOf(context, recipients);
  return [`Notified ${names.join(", ")}`];
}

/** A status of the task's project by id, or (a workspace's rule) its first of a category. */
async function statusOf(context: ActionContext, projectId: string, publicId: string) {
  const [status] = await context.uow.tx
    .select({ publicId: statuses.publicId, name: statuses.name })
    .from(statuses)
    .where(
      and(
        eq(statuses.projectId, projectId),
        isCategory(publicId)
          ? eq(statuses.category, publicId as "not_started" | "active" | "done")
          : eq(statuses.publicId, publicId),
      ),
    )
    .orderBy(asc(statuses.position))
    .limit(1);
  if (!status) throw new FieldError("action", "The rule's status no longer exists in this project.");
  return status;
}

async function labelOf(context: ActionContext, workspaceId: string, publicId: string) {
  const [label] = await context.uow.tx
    .select({ publicId: labels.publicId, name: labels.name })
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), eq(labels.publicId, publicId)));
  if (!label) throw new FieldError("action", "The rule's label no longer exists.");
  return label;
}

async function memberName(context: ActionContext, workspaceId: string, userId: string) {
  const [member] = await context.uow.tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!member) throw new FieldError("action", "The rule names someone who is no longer a member of the workspace.");
  return member.fullName?.trim() || member.email;
}

async function namesOf(context: ActionContext, userIds: string[]) {
  const rows = await context.uow.tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(inArray(profiles.id, userIds));
  return rows.map((row) => row.fullName?.trim() || row.email);
}

async function publicIdOf(context: ActionContext, taskId: string) {
  const [row] = await context.uow.tx.select({ publicId: tasks.publicId }).from(tasks).where(eq(tasks.id, taskId));
  if (!row) throw new FieldError("action", "The parent task is gone.");
  return row.publicId;
}

function splitTitles(text: string) {
  return text
    .split(/[;\n]/)
    .map((title) => title.trim().slice(0, 200))
    .filter(Boolean)
    .slice(0, 20);
}

/** The task as a rule's webhook call sends it. */
function webhookTask(task: TaskSnapshot) {
  return {
    id: task.publicId,
    key: task.key,
    title: task.title,
    status: task.statusName,
    priority: task.priority,
    dueDate: task.dueDate,
    project: { id: task.projectPublicId, name: task.projectName },
  };
}
