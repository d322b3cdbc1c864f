import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { tasks } from "../db/schema";
import { authorize } from "../policies";
import { taskDescription, taskForMember, taskState, taskSubject } from "./access";

/**
 * Archiving a task takes it and its subtasks off the board, the List and the calendars
 * while keeping it whole and findable (search, its link): the tidy-up a rule does to Done
 * tasks after a month. Restoring brings it back as it was. Both need `task.archive`.
 */
const input = z.object({ taskId: z.string().min(1).max(64), projectId: z.string().min(1).max(64).optional() });
type TaskRef = z.infer<typeof input>;

export const archiveTaskCommand = defineCommand({
  name: "task.archive",
  input,
  policy: "task.archive",
  async run({ tx, record, principal }, ref: TaskRef) {
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, ref.taskId, ref.projectId, tx);
    authorize(access.role, "task.archive", taskState(access));
    if (access.task.archivedAt) return { id: access.task.publicId, archived: true };
    const now = new Date();
    await tx
      .update(tasks)
      .set({ archivedAt: now, updatedBy: userId, updatedAt: now })
      .where(
        and(sql`(${tasks.id} = ${access.task.id} or ${tasks.parentId} = ${access.task.id})`, isNull(tasks.archivedAt)),
      );
    await record({ verb: "task.archived", ...taskSubject(access), data: taskDescription(access) });
    return { id: access.task.publicId, archived: true };
  },
});

export const restoreTaskCommand = defineCommand({
  name: "task.restore",
  input,
  policy: "task.archive",
  async run({ tx, record, principal }, ref: TaskRef) {
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, ref.taskId, ref.projectId, tx);
    authorize(access.role, "task.archive", taskState(access));
    if (!access.task.archivedAt) return { id: access.task.publicId, archived: false };
    // Its subtasks archived with it (at the same moment) come back with it.
    await tx
      .update(tasks)
      .set({ archivedAt: null, updatedBy: userId, updatedAt: new Date() })
      .where(
        and(
          sql`(${tasks.id} = ${access.task.id} or ${tasks.parentId} = ${access.task.id})`,
          eq(tasks.archivedAt, access.task.archivedAt),
        ),
      );
    await record({ verb: "task.restored", ...taskSubject(access), data: taskDescription(access) });
    return { id: access.task.publicId, archived: false };
  },
});

export const archiveTask = (actor: Actor, ref: TaskRef) => execute(archiveTaskCommand, principalOf(actor), ref);
export const restoreTask = (actor: Actor, ref: TaskRef) => execute(restoreTaskCommand, principalOf(actor), ref);
