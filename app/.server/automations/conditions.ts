import { and, eq, isNull } from "drizzle-orm";

import type { Transaction } from "../db/client";
import { labels, profiles, projects, statuses, taskAssignees, taskLabels, tasks } from "../db/schema";
import { taskKey } from "../tasks/access";
import { isBlocked } from "../tasks/relations";
import { isGroup, type Condition, type ConditionGroup } from "./definition";

/** The task as a rule's conditions and templates read it, inside the run's unit of work. */
export type TaskSnapshot = {
  id: string;
  publicId: string;
  key: string;
  title: string;
  description: string;
  projectId: string;
  projectPublicId: string;
  projectName: string;
  workspaceId: string;
  parentId: string | null;
  statusId: string;
  statusName: string;
  statusCategory: string;
  priority: string;
  dueDate: string | null;
  completedAt: Date | null;
  createdBy: string | null;
  assigneeIds: string[];
  assigneeNames: string[];
  labelIds: string[];
  /** Whether an open task blocks it (task_relations). */
  blocked: boolean;
};

/** A live task by internal id, or null once deleted or archived. */
export async function taskSnapshot(tx: Transaction, taskId: string): Promise<TaskSnapshot | null> {
  const [row] = await tx
    .select({
      id: tasks.id,
      publicId: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      description: tasks.description,
      projectId: tasks.projectId,
      projectPublicId: projects.publicId,
      projectKey: projects.key,
      projectName: projects.name,
      workspaceId: tasks.workspaceId,
      parentId: tasks.parentId,
      statusId: statuses.publicId,
      statusName: statuses.name,
      statusCategory: statuses.category,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      completedAt: tasks.completedAt,
      createdBy: tasks.createdBy,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(eq(tasks.id, taskId), isNull(tasks.deletedAt), isNull(tasks.archivedAt)));
  if (!row) return null;
  const assignees = await tx
    .select({ userId: taskAssignees.userId, fullName: profiles.fullName, email: profiles.email })
    .from(taskAssignees)
    .leftJoin(profiles, eq(profiles.id, taskAssignees.userId))
    .where(eq(taskAssignees.taskId, taskId));
  const labelRows = await tx
    .select({ publicId: labels.publicId })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(eq(taskLabels.taskId, taskId));
  const { number, projectKey, ...rest } = row;
  return {
    ...rest,
    key: taskKey(projectKey, number),
    assigneeIds: assignees.map((assignee) => assignee.userId),
    assigneeNames: assignees.map((assignee) => assignee.fullName?.trim() || assignee.email || "a member"),
    labelIds: labelRows.map((label) => label.publicId),
    blocked: await isBlocked(taskId, tx),
  };
}

/** Whether the task meets the rule's conditions (an empty group always does). */
export function meetsConditions(group: ConditionGroup, task: TaskSnapshot, now: Date): boolean {
  if (group.items.length === 0) return true;
  const results = group.items.map((item) =>
    isGroup(item) ? meetsConditions(item, task, now) : meets(item, task, now),
  );
  return group.match === "all" ? results.every(Boolean) : results.some(Boolean);
}

const DAY_MS = 86_400_000;

function meets(condition: Condition, task: TaskSnapshot, now: Date): boolean {
  const value = condition.value ?? "";
  switch (condition.kind) {
    case "status_is":
      return task.statusId === value || task.statusCategory === value;
    case "status_is_not":
      return task.statusId !== value && task.statusCategory !== value;
    case "priority_is":
      return task.priority === value;
    case "priority_is_not":
      return task.priority !== value;
    case "label_has":
      return task.labelIds.includes(value);
    case "label_lacks":
      return !task.labelIds.includes(value);
    case "assignee_is":
      return task.assigneeIds.includes(value);
    case "assignee_is_not":
      return !task.assigneeIds.includes(value);
    case "unassigned":
      return task.assigneeIds.length === 0;
    case "creator_is":
      return task.createdBy === value;
    case "due_set":
      return task.dueDate !== null;
    case "due_unset":
      return task.dueDate === null;
    case "text_contains": {
      const words = value.toLowerCase();
      return words !== "" && `${task.title}\n${task.description}`.toLowerCase().includes(words);
    }
    case "blocked":
      return task.blocked;
    case "not_blocked":
      return !task.blocked;
    case "completed_days_ago": {
      const days = Number(value);
      if (!task.completedAt || task.statusCategory !== "done" || !Number.isFinite(days)) return false;
      return now.getTime() - task.completedAt.getTime() >= days * DAY_MS;
    }
  }
}

/** A comment's or title's `{key}`, `{title}`… filled from the task. */
export function fillTemplate(template: string, task: TaskSnapshot): string {
  const values: Record<string, string> = {
    key: task.key,
    title: task.title,
    status: task.statusName,
    priority: task.priority,
    due: task.dueDate ?? "no due date",
    assignees: task.assigneeNames.length > 0 ? task.assigneeNames.join(", ") : "nobody",
    project: task.projectName,
  };
  return template.replace(/\{\{?\s*(\w+)\s*\}?\}/g, (whole, name: string) => values[name] ?? whole);
}
