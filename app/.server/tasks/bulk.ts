import { and, asc, eq, inArray, isNull, or } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import {
  labels,
  profiles,
  statuses,
  taskAssignees,
  taskFollowers,
  taskLabels,
  tasks,
  workspaceMembers,
  type Priority,
} from "../db/schema";
import { FieldError } from "../errors";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { taskKey } from "./access";
import { bulkEditInput } from "./inputs";
import { positionsAtEnd } from "./positions";

/**
 * Bulk edits from the List view: one transaction for the whole batch, the same policy as a
 * single edit checked against each task's own state (one refusal refuses the batch, so a
 * batch is all or nothing), an activity row per changed task listing its changed fields,
 * events after commit. Tasks not found in this project (another project's, another
 * workspace's, deleted meanwhile) are ignored and counted, never touched.
 */
export const BULK_MAX = 500;

export type BulkEditInput = {
  /** The project's public id (the URL's). */
  projectId: string;
  /** Public ids of the selected tasks; at most BULK_MAX. */
  taskIds: string[];
  /** Move them to this status (public id), at the end of its column, in their current order. */
  statusId?: string;
  priority?: Priority;
  /** Add this member (user id) to their assignees. */
  assigneeId?: string;
  /** Add this label (public id, the workspace's) to them. */
  labelId?: string;
  /** Delete them (with their subtasks) instead. */
  delete?: boolean;
};

type Change = { from: unknown; to: unknown; fromId?: string | null; toId?: string };

export const bulkEditTasksCommand = defineCommand({
  name: "task.bulk_edit",
  input: bulkEditInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: BulkEditInput) {
    const actor = asMember(principal);
    const ids = [...new Set(input.taskIds)];
    if (ids.length === 0) throw new FieldError("taskId", "Select at least one task.");
    if (ids.length > BULK_MAX) throw new FieldError("taskId", `Select at most ${BULK_MAX} tasks at a time.`);
    const edits = input.statusId || input.priority || input.assigneeId || input.labelId;
    if (!input.delete && !edits) throw new FieldError("bulk", "Choose a change for the selected tasks.");
    const { project, role } = await projectForMember(actor.userId, input.projectId, tx);
    const action = input.delete ? "task.delete" : "task.update";
    authorize(role, action, { parent: project });
    const rows = await tx
      .select({
        id: tasks.id,
        publicId: tasks.publicId,
        number: tasks.number,
        title: tasks.title,
        statusId: tasks.statusId,
        priority: tasks.priority,
        completedAt: tasks.completedAt,
        archivedAt: tasks.archivedAt,
        deletedAt: tasks.deletedAt,
      })
      .from(tasks)
      .innerJoin(statuses, eq(statuses.id, tasks.statusId))
      .where(and(inArray(tasks.publicId, ids), eq(tasks.projectId, project.id), isNull(tasks.deletedAt)))
      .orderBy(asc(statuses.position), asc(tasks.position));
    for (const row of rows) authorize(role, action, { archivedAt: row.archivedAt, parent: project });
    const subjectOf = (row: (typeof rows)[number]) => ({
      subjectType: "task",
      subjectId: row.publicId,
      workspaceId: project.workspaceId,
      projectId: project.id,
    });
    const describe = (row: (typeof rows)[number]) => ({ key: taskKey(project.key, row.number), title: row.title });

    if (input.delete) {
      const now = new Date();
      const taskIds = rows.map((row) => row.id);
      if (taskIds.length > 0) {
        await tx
          .update(tasks)
          .set({ deletedAt: now, updatedBy: actor.userId })
          .where(and(or(inArray(tasks.id, taskIds), inArray(tasks.parentId, taskIds)), isNull(tasks.deletedAt)));
      }
      for (const row of rows) await record({ verb: "task.deleted", ...subjectOf(row), data: describe(row) });
      return { changed: rows.length, ignored: ids.length - rows.length };
    }

    const plan = await planEdits(tx, project, input, rows);
    let changed = 0;
    for (const row of rows) {
      const { set, changes } = plan(row);
      if (Object.keys(changes).length === 0) continue;
      changed++;
      if (Object.keys(set).length > 0) {
        await tx
          .update(tasks)
          .set({ ...set, updatedBy: actor.userId, updatedAt: new Date() })
          .where(eq(tasks.id, row.id));
      }
      const onlyMoved = Object.keys(changes).length === 1 && "status" in changes;
      // The new assignee by id, for "assigned to you".
      const addedIds = changes.assignees && input.assigneeId ? [input.assigneeId] : undefined;
      await record({
        verb: onlyMoved ? "task.moved" : "task.updated",
        ...subjectOf(row),
        data: { ...describe(row), changes, ...(addedIds ? { addedIds } : {}) },
      });
    }
    await plan.insertLinks();
    return { changed, ignored: ids.length - rows.length };
  },
});

export function bulkEditTasks(actor: Actor, input: BulkEditInput) {
  return execute(bulkEditTasksCommand, principalOf(actor), input);
}

type Row = { id: string; statusId: string; priority: Priority; completedAt: Date | null };

/**
 * Reads what the edit needs (the target status, the member, the label, who and what each
 * task already has) and returns, per task, the columns to set and the changes to log; the
 * new assignee and label links are inserted together at the end.
 */
async function planEdits(
  tx: Transaction,
  project: { id: string; workspaceId: string },
  input: BulkEditInput,
  rows: Row[],
) {
  const columns = await tx
    .select({ id: statuses.id, publicId: statuses.publicId, name: statuses.name, category: statuses.category })
    .from(statuses)
    .where(eq(statuses.projectId, project.id));
  const target = input.statusId ? columns.find((column) => column.publicId === input.statusId) : undefined;
  if (input.statusId && !target) throw new FieldError("statusId", "Choose one of this project's statuses.");
  const member = input.assigneeId ? await memberOf(tx, project.workspaceId, input.assigneeId) : undefined;
  const label = input.labelId ? await labelOf(tx, project.workspaceId, input.labelId) : undefined;
  const taskIds = rows.map((row) => row.id);
  const assigned = member ? await assigneesOf(tx, taskIds) : new Map<string, { id: string; name: string }[]>();
  const labelled = label ? await labelNames(tx, taskIds) : new Map<string, { id: string; name: string }[]>();
  // Moves append at the end of the target column, keeping the order they had.
  const movers = target ? rows.filter((row) => row.statusId !== target.id) : [];
  const keys = target && movers.length > 0 ? await positionsAtEnd(tx, target.id, movers.length) : [];
  const positionOf = new Map(movers.map((row, index) => [row.id, keys[index]!]));
  const newAssignees: { taskId: string; userId: string }[] = [];
  const newLabels: { taskId: string; labelId: string }[] = [];

  const plan = (row: Row) => {
    const set: Partial<typeof tasks.$inferInsert> = {};
    const changes: Record<string, Change> = {};
    const position = positionOf.get(row.id);
    if (target && position) {
      const from = columns.find((column) => column.id === row.statusId);
      const becameDone = target.category === "done" && from?.category !== "done";
      const leftDone = target.category !== "done" && from?.category === "done";
      Object.assign(set, {
        statusId: target.id,
        position,
        completedAt: becameDone ? new Date() : leftDone ? null : row.completedAt,
      });
      changes.status = {
        from: from?.name ?? null,
        to: target.name,
        fromId: from?.publicId ?? null,
        toId: target.publicId,
      };
    }
    if (input.priority && input.priority !== row.priority) {
      set.priority = input.priority;
      changes.priority = { from: row.priority, to: input.priority };
    }
    const people = assigned.get(row.id) ?? [];
    if (member && !people.some((person) => person.id === member.userId)) {
      newAssignees.push({ taskId: row.id, userId: member.userId });
      const names = people.map((person) => person.name);
      changes.assignees = { from: names.join(", "), to: [...names, member.name].join(", ") };
    }
    const tags = labelled.get(row.id) ?? [];
    if (label && !tags.some((tag) => tag.id === label.id)) {
      newLabels.push({ taskId: row.id, labelId: label.id });
      const names = tags.map((tag) => tag.name);
      changes.labels = { from: names.join(", "), to: [...names, label.name].join(", ") };
    }
    return { set, changes };
  };
  plan.insertLinks = async () => {
    if (newAssignees.length > 0) {
      await tx.insert(taskAssignees).values(newAssignees);
      await tx.insert(taskFollowers).values(newAssignees).onConflictDoNothing();
    }
    if (newLabels.length > 0) await tx.insert(taskLabels).values(newLabels);
  };
  return plan;
}

async function memberOf(tx: Transaction, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ userId: workspaceMembers.userId, fullName: profiles.fullName, email: profiles.email })
    .from(workspaceMembers)
    .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  if (!row) throw new FieldError("assignee", "Assign only members of this workspace.");
  return { userId: row.userId, name: row.fullName || row.email || "Member" };
}

async function labelOf(tx: Transaction, workspaceId: string, publicId: string) {
  const [row] = await tx
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), eq(labels.publicId, publicId)));
  if (!row) throw new FieldError("labelId", "Choose one of this workspace's labels.");
  return row;
}

/** Each task's assignees with their names, to log the list before and after. */
async function assigneesOf(tx: Transaction, taskIds: string[]) {
  const names = new Map<string, { id: string; name: string }[]>();
  if (taskIds.length === 0) return names;
  const rows = await tx
    .select({
      taskId: taskAssignees.taskId,
      id: taskAssignees.userId,
      fullName: profiles.fullName,
      email: profiles.email,
    })
    .from(taskAssignees)
    .leftJoin(profiles, eq(profiles.id, taskAssignees.userId))
    .where(inArray(taskAssignees.taskId, taskIds))
    .orderBy(asc(taskAssignees.createdAt));
  for (const row of rows) {
    const person = { id: row.id, name: row.fullName || row.email || "Member" };
    names.set(row.taskId, [...(names.get(row.taskId) ?? []), person]);
  }
  return names;
}

async function labelNames(tx: Transaction, taskIds: string[]) {
  const names = new Map<string, { id: string; name: string }[]>();
  if (taskIds.length === 0) return names;
  const rows = await tx
    .select({ taskId: taskLabels.taskId, id: labels.id, name: labels.name })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(inArray(taskLabels.taskId, taskIds));
  for (const row of rows) names.set(row.taskId, [...(names.get(row.taskId) ?? []), { id: row.id, name: row.name }]);
  return names;
}
