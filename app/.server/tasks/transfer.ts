import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { projects, statuses, taskSeries, tasks } from "../db/schema";
import { FieldError } from "../errors";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { taskDescription, taskForMember, taskKey, taskState, taskSubject } from "./access";
import { positionFor, withRoomInColumn } from "./positions";

/**
 * Moving a task (and its subtasks) to another project of the same workspace: a page's "Move
 * to project" and an automation rule's action. It takes the next numbers of the project it
 * goes to (its key changes, WEB-12 → APP-40), the status of the same name there (else the
 * first of the same category, else the first), and lands at the end of that column; its
 * comments, files, labels, assignees, relations and history go with it. A repeating task's
 * series moves too, so the next occurrence is made where the task now is. Editing the task
 * and creating tasks in the other project are both needed.
 */
const id = z.string().min(1).max(64);
const input = z.object({ taskId: id, projectId: id.optional(), targetProjectId: id });
type Input = z.infer<typeof input>;

export const moveTaskToProjectCommand = defineCommand({
  name: "task.move_to_project",
  input,
  policy: "task.update",
  around: withRoomInColumn,
  async run({ tx, record, principal }, input: Input) {
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const { task } = access;
    if (task.parentId)
      throw new FieldError("targetProjectId", "A subtask moves with its parent: move the parent task.");
    const target = await projectForMember(userId, input.targetProjectId, tx).catch(() => null);
    if (!target || target.project.workspaceId !== task.workspaceId)
      throw new FieldError("targetProjectId", "Choose another project of this workspace.");
    if (target.project.id === task.projectId)
      throw new FieldError("targetProjectId", "The task is in that project already.");
    authorize(target.role, "task.create", target.project);
    const subtasks = await tx
      .select({ id: tasks.id, statusId: tasks.statusId })
      .from(tasks)
      .where(and(eq(tasks.parentId, task.id), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.number));
    const numbers = await takeNumbers(tx, target.project.id, 1 + subtasks.length);
    const place = await statusPlacer(tx, target.project.id);
    const now = new Date();
    const moves = [{ id: task.id, statusId: task.statusId }, ...subtasks];
    for (const [index, moving] of moves.entries()) {
      const status = await place(moving.statusId);
      await tx
        .update(tasks)
        .set({
          projectId: target.project.id,
          number: numbers[index]!,
          statusId: status.id,
          position: await positionFor(tx, status.id, { at: "end" }, moving.id),
          updatedBy: userId,
          updatedAt: now,
        })
        .where(eq(tasks.id, moving.id));
    }
    if (task.seriesId) {
      await tx
        .update(taskSeries)
        .set({ projectId: target.project.id, updatedAt: now })
        .where(eq(taskSeries.id, task.seriesId));
    }
    const key = taskKey(target.project.key, numbers[0]!);
    await record({
      verb: "task.project_changed",
      ...taskSubject(access),
      projectId: target.project.id,
      data: {
        ...taskDescription(access),
        key,
        fromKey: taskKey(access.project.key, task.number),
        fromProject: access.project.name,
        fromProjectId: access.project.publicId,
        toProject: target.project.name,
        toProjectId: target.project.publicId,
      },
    });
    return { id: task.publicId, key, projectId: target.project.publicId };
  },
});

export function moveTaskToProject(actor: Actor, input: Input) {
  return execute(moveTaskToProjectCommand, principalOf(actor), input);
}

/** The other live projects of the task's workspace it may move to, by name. */
export async function moveTargets(task: { workspaceId: string; projectId: string; parentId: string | null }) {
  if (task.parentId) return [];
  const rows = await db()
    .select({ id: projects.publicId, name: projects.name, key: projects.key, internalId: projects.id })
    .from(projects)
    .where(and(eq(projects.workspaceId, task.workspaceId), isNull(projects.deletedAt), isNull(projects.archivedAt)))
    .orderBy(asc(projects.name))
    .limit(200);
  return rows.filter((row) => row.internalId !== task.projectId).map(({ internalId: _internal, ...row }) => row);
}

/** The project's next `count` task numbers, taken under its row's lock. */
async function takeNumbers(tx: Transaction, projectId: string, count: number) {
  const [row] = await tx
    .update(projects)
    .set({ taskCounter: sql`${projects.taskCounter} + ${count}` })
    .where(eq(projects.id, projectId))
    .returning({ last: projects.taskCounter });
  const last = row!.last;
  return Array.from({ length: count }, (_, index) => last - count + 1 + index);
}

/** For a status of the old project, the status of the new one: same name, else same category, else its first. */
async function statusPlacer(tx: Transaction, projectId: string) {
  const targets = await tx
    .select({ id: statuses.id, name: statuses.name, category: statuses.category })
    .from(statuses)
    .where(eq(statuses.projectId, projectId))
    .orderBy(asc(statuses.position));
  if (targets.length === 0) throw new FieldError("targetProjectId", "That project has no statuses.");
  return async (statusId: string) => {
    const [from] = await tx
      .select({ name: statuses.name, category: statuses.category })
      .from(statuses)
      .where(eq(statuses.id, statusId));
    return (
      targets.find((status) => status.name.toLowerCase() === from?.name.toLowerCase()) ??
      targets.find((status) => status.category === from?.category) ??
      targets[0]!
    );
  };
}
