import { and, eq, isNull } from "drizzle-orm";

import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { projects, statuses, tasks, workspaceMembers, workspaces } from "../db/schema";
import { NotFoundError } from "../errors";

type Db = Database | Transaction;

/** The one place that hides soft-deleted tasks. */
export const liveTasks = isNull(tasks.deletedAt);

/**
 * A live task of a live project by public id, with its project, status, workspace and the
 * user's role, for a member of that workspace; anyone else gets "not found". With
 * `projectPublicId` the task must also belong to that project (the URL names both).
 */
export async function taskForMember(userId: string, taskPublicId: string, projectPublicId?: string, tx: Db = db()) {
  const conditions = [eq(tasks.publicId, taskPublicId), liveTasks, isNull(projects.deletedAt)];
  if (projectPublicId) conditions.push(eq(projects.publicId, projectPublicId));
  const [row] = await tx
    .select({
      task: tasks,
      project: projects,
      status: statuses,
      workspace: { id: workspaces.id, publicId: workspaces.publicId, name: workspaces.name },
      role: workspaceMembers.role,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(workspaces, eq(workspaces.id, tasks.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, tasks.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(and(...conditions));
  if (!row) throw new NotFoundError("Task");
  return row;
}
export type TaskAccess = Awaited<ReturnType<typeof taskForMember>>;

/** The task's state for the policies: its own, inside its project's. */
export function taskState(access: Pick<TaskAccess, "task" | "project">) {
  return { archivedAt: access.task.archivedAt, deletedAt: access.task.deletedAt, parent: access.project };
}

/** Who an activity row about a task is about: the task, in its workspace and project. */
export function taskSubject(access: Pick<TaskAccess, "task">) {
  return {
    subjectType: "task",
    subjectId: access.task.publicId,
    workspaceId: access.task.workspaceId,
    projectId: access.task.projectId,
  };
}

/** How activity rows name a task: its key and title at the time. */
export function taskDescription(access: Pick<TaskAccess, "task" | "project">) {
  return { key: taskKey(access.project.key, access.task.number), title: access.task.title };
}

/** "WEB-12": the project's key and the task's number. */
export function taskKey(projectKey: string, number: number) {
  return `${projectKey}-${number}`;
}
