import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import {
  profiles,
  projects,
  statuses,
  taskAssignees,
  taskLabels,
  tasks,
  workspaceMembers,
  type Priority,
} from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { mentionCandidates } from "../chat/messages";
import { mentionedIds } from "../chat/mentions";
import { taskDescription, taskForMember, taskKey, taskState, taskSubject, type TaskAccess } from "./access";
import { assertNoOpenBlockers } from "./blocked";
import { addFollowers } from "./followers";
import { createTaskInput, moveTaskInput, setAssigneesInput, taskRefInput, updateTaskInput } from "./inputs";
import { labelsAmong } from "./labels";
import { positionFor, withRoomInColumn, type Placement } from "./positions";

/**
 * The task commands. Each checks the policy against the task and its project (an archived
 * project or task is read-only), writes in its unit of work with an activity row saying
 * exactly what changed; the event is published after commit. The functions below them run
 * one command on its own, for callers that have nothing to compose.
 */

export type CreateTaskInput = {
  /** The project's public id. */
  projectId: string;
  title: string;
  /** A status's public id; the project's first not-started status when left out. */
  statusId?: string;
  description?: string;
  priority?: Priority;
  startDate?: string | null;
  dueDate?: string | null;
  estimateMinutes?: number | null;
  /** The parent task's public id, for a subtask. */
  parentId?: string;
  /** User ids; each must be a member of the workspace. */
  assigneeIds?: string[];
  /** Public ids of labels of the project's workspace (the quick add's `#bug`). */
  labelIds?: string[];
  placement?: Placement;
};

export const createTaskCommand = defineCommand({
  name: "task.create",
  input: createTaskInput,
  policy: "task.create",
  around: withRoomInColumn,
  async run({ tx, record, principal }, input: CreateTaskInput) {
    const userId = memberIdOf(principal);
    const access = await projectForMember(userId, input.projectId, tx);
    const { project } = access;
    authorize(access.role, "task.create", { parent: project });
    const status = await statusOf(tx, project.id, input.statusId);
    const parent = input.parentId ? await parentTask(tx, project.id, input.parentId) : null;
    // One level of subtasks: the views draw no deeper.
    if (parent?.parentId) throw new FieldError("title", "A subtask cannot have subtasks of its own.");
    assertDates(input.startDate ?? null, input.dueDate ?? null);
    const assignees = await membersAmong(tx, project.workspaceId, input.assigneeIds ?? []);
    const chosenLabels = await labelsAmong(tx, project.workspaceId, input.labelIds ?? []);
    const [counter] = await tx
      .update(projects)
      .set({ taskCounter: sql`${projects.taskCounter} + 1` })
      .where(eq(projects.id, project.id))
      .returning({ number: projects.taskCounter });
    const number = counter!.number;
    const title = input.title.trim();
    const [task] = await tx
      .insert(tasks)
      .values({
        publicId: newPublicId(),
        workspaceId: project.workspaceId,
        projectId: project.id,
        number,
        title,
        description: input.description?.trim() ?? "",
        statusId: status.id,
        priority: input.priority ?? "none",
        position: await positionFor(
          tx,
          status.id,
          await resolvePlacement(tx, status.id, input.placement ?? { at: "end" }),
        ),
        parentId: parent?.id ?? null,
        startDate: input.startDate ?? null,
        dueDate: input.dueDate ?? null,
        estimateMinutes: input.estimateMinutes ?? null,
        completedAt: status.category === "done" ? new Date() : null,
        createdBy: userId,
        updatedBy: userId,
      })
      .returning();
    if (!task) throw new Error("task insert returned no row");
    if (assignees.length > 0) {
      await tx.insert(taskAssignees).values(assignees.map((userId) => ({ taskId: task.id, userId })));
    }
    if (chosenLabels.length > 0) {
      await tx.insert(taskLabels).values(chosenLabels.map((label) => ({ taskId: task.id, labelId: label.id })));
    }
    const mentions = await mentionsIn(tx, project.workspaceId, task.description);
    await addFollowers(tx, task.id, [userId, ...assignees, ...mentions]);
    const key = taskKey(project.key, number);
    await record({
      verb: "task.created",
      subjectType: "task",
      subjectId: task.publicId,
      workspaceId: project.workspaceId,
      projectId: project.id,
      data: {
        key,
        title,
        status: status.name,
        statusId: status.publicId,
        parent: parent ? taskKey(project.key, parent.number) : undefined,
        parentId: input.parentId,
        labels: chosenLabels.length > 0 ? chosenLabels.map((label) => label.name) : undefined,
        labelIds: chosenLabels.length > 0 ? chosenLabels.map((label) => label.publicId) : undefined,
        // By id, for notifications ("assigned to you", "mentioned you").
        assigneeIds: assignees,
        mentions,
      },
    });
    return { id: task.publicId, key, number };
  },
});

export function createTask(actor: Actor, input: CreateTaskInput) {
  return execute(createTaskCommand, principalOf(actor), input);
}

export type UpdateTaskInput = {
  taskId: string;
  /** When given, the task must belong to this project (the URL's). */
  projectId?: string;
  title?: string;
  description?: string;
  priority?: Priority;
  startDate?: string | null;
  dueDate?: string | null;
  estimateMinutes?: number | null;
};

const EDITABLE = ["title", "description", "priority", "startDate", "dueDate", "estimateMinutes"] as const;
type Change = { from: unknown; to: unknown };

/** Changes any of the task's own fields; the activity row lists each change (from → to). */
export const updateTaskCommand = defineCommand({
  name: "task.update",
  input: updateTaskInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: UpdateTaskInput) {
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const { task } = access;
    const next = {
      title: input.title?.trim() ?? task.title,
      description: input.description?.trim() ?? task.description,
      priority: input.priority ?? task.priority,
      startDate: input.startDate === undefined ? task.startDate : input.startDate,
      dueDate: input.dueDate === undefined ? task.dueDate : input.dueDate,
      estimateMinutes: input.estimateMinutes === undefined ? task.estimateMinutes : input.estimateMinutes,
    };
    assertDates(next.startDate, next.dueDate);
    const changes: Record<string, Change> = {};
    for (const field of EDITABLE) {
      // A description's text is not repeated in the log: only that it changed.
      if (next[field] !== task[field]) {
        changes[field] = field === "description" ? { from: null, to: null } : { from: task[field], to: next[field] };
      }
    }
    if (Object.keys(changes).length === 0) return summary(access);
    await tx
      .update(tasks)
      .set({ ...next, updatedBy: userId, updatedAt: new Date() })
      .where(eq(tasks.id, task.id));
    // Those the new description names anew (not those it named before) are notified and follow.
    const mentions = changes.description
      ? await newMentions(tx, task.workspaceId, task.description, next.description)
      : [];
    await addFollowers(tx, task.id, mentions);
    await record({
      verb: "task.updated",
      ...taskSubject(access),
      data: { ...taskDescription(access), changes, ...(mentions.length > 0 ? { mentions } : {}) },
    });
    return summary(access);
  },
});

export function updateTask(actor: Actor, input: UpdateTaskInput) {
  return execute(updateTaskCommand, principalOf(actor), input);
}

/**
 * Moves a task to a status and a place in its column. The key is computed here, from the
 * neighbours as they are inside this transaction; a move racing another into the same gap
 * gets a key of its own (positions.ts).
 */
type MoveTaskInput = {
  taskId: string;
  statusId: string;
  placement: Placement;
  projectId?: string;
  /**
   * A page's move (the task page, the board, the list): completing a task with open blockers
   * is refused with a BlockedCompletionError naming them, which the page turns into a
   * question, and sends again without this flag once answered. The API, bulk edits and
   * automations leave it out: they are not asked.
   */
  askIfBlocked?: boolean;
};

export const moveTaskCommand = defineCommand({
  name: "task.move",
  input: moveTaskInput,
  policy: "task.update",
  around: withRoomInColumn,
  async run({ tx, record, principal }, input: MoveTaskInput) {
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const { task } = access;
    const target = await statusOf(tx, task.projectId, input.statusId);
    const moved = target.id !== task.statusId;
    const becameDone = moved && target.category === "done";
    const leftDone = moved && access.status.category === "done" && target.category !== "done";
    if (becameDone && input.askIfBlocked) await assertNoOpenBlockers(tx, task, access.project);
    const placement = await resolvePlacement(tx, target.id, input.placement);
    const position = await positionFor(tx, target.id, placement, task.id);
    await tx
      .update(tasks)
      .set({
        statusId: target.id,
        position,
        completedAt: becameDone ? new Date() : leftDone ? null : task.completedAt,
        updatedBy: userId,
        updatedAt: new Date(),
      })
      .where(eq(tasks.id, task.id));
    if (moved) {
      const status = {
        from: access.status.name,
        to: target.name,
        fromId: access.status.publicId,
        toId: target.publicId,
      };
      await record({
        verb: "task.moved",
        ...taskSubject(access),
        data: { ...taskDescription(access), changes: { status } },
      });
    } else {
      await record({ verb: "task.reordered", ...taskSubject(access), data: taskDescription(access) });
    }
    return { ...summary(access), status: target.publicId, position };
  },
});

export function moveTask(actor: Actor, input: MoveTaskInput) {
  return execute(moveTaskCommand, principalOf(actor), input);
}

/**
 * Sets who the task is assigned to (members of the workspace only); the activity names who
 * was added and who removed.
 */
type SetAssigneesInput = { taskId: string; projectId?: string; userIds: string[] };

export const setTaskAssigneesCommand = defineCommand({
  name: "task.set_assignees",
  input: setAssigneesInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: SetAssigneesInput) {
    const access = await taskForMember(memberIdOf(principal), input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const next = await membersAmong(tx, access.task.workspaceId, input.userIds);
    const current = (
      await tx
        .select({ userId: taskAssignees.userId })
        .from(taskAssignees)
        .where(eq(taskAssignees.taskId, access.task.id))
    ).map((row) => row.userId);
    const added = next.filter((userId) => !current.includes(userId));
    const removed = current.filter((userId) => !next.includes(userId));
    if (added.length === 0 && removed.length === 0) return summary(access);
    if (removed.length > 0) {
      await tx
        .delete(taskAssignees)
        .where(and(eq(taskAssignees.taskId, access.task.id), inArray(taskAssignees.userId, removed)));
    }
    if (added.length > 0) {
      await tx.insert(taskAssignees).values(added.map((userId) => ({ taskId: access.task.id, userId })));
      await addFollowers(tx, access.task.id, added);
    }
    const names = await namesOf(tx, [...added, ...removed]);
    await record({
      verb: "task.assignees_changed",
      ...taskSubject(access),
      data: {
        ...taskDescription(access),
        added: added.map((userId) => names.get(userId) ?? "a member"),
        removed: removed.map((userId) => names.get(userId) ?? "a member"),
        // Who, by id, for notifications ("assigned to you") and programs.
        addedIds: added,
        removedIds: removed,
      },
    });
    return summary(access);
  },
});

export function setTaskAssignees(actor: Actor, input: SetAssigneesInput) {
  return execute(setTaskAssigneesCommand, principalOf(actor), input);
}

/** The members a text @mentions (chat's rule, app/.server/chat/mentions.ts). */
async function mentionsIn(tx: Transaction, workspaceId: string, text: string) {
  if (!text.includes("@")) return [];
  return mentionedIds(text, await mentionCandidates(tx, workspaceId));
}

async function newMentions(tx: Transaction, workspaceId: string, before: string, after: string) {
  if (!after.includes("@")) return [];
  const candidates = await mentionCandidates(tx, workspaceId);
  const known = mentionedIds(before, candidates);
  return mentionedIds(after, candidates).filter((userId) => !known.includes(userId));
}

async function namesOf(tx: Transaction, userIds: string[]) {
  if (userIds.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(inArray(profiles.id, userIds));
  return new Map(rows.map((row) => [row.id, row.fullName || row.email]));
}

/** Soft-deletes a task and its subtasks (their numbers stay taken). */
export const deleteTaskCommand = defineCommand({
  name: "task.delete",
  input: taskRefInput,
  policy: "task.delete",
  async run({ tx, record, principal }, input: { taskId: string; projectId?: string }) {
    const userId = memberIdOf(principal);
    const access = await taskForMember(userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.delete", taskState(access));
    const now = new Date();
    await tx
      .update(tasks)
      .set({ deletedAt: now, updatedBy: userId })
      .where(
        and(sql`(${tasks.id} = ${access.task.id} or ${tasks.parentId} = ${access.task.id})`, isNull(tasks.deletedAt)),
      );
    await record({ verb: "task.deleted", ...taskSubject(access), data: taskDescription(access) });
    return summary(access);
  },
});

export function deleteTask(actor: Actor, input: { taskId: string; projectId?: string }) {
  return execute(deleteTaskCommand, principalOf(actor), input);
}

/** A status of the project by public id, or its first not-started one. */
async function statusOf(tx: Transaction, projectId: string, statusPublicId?: string) {
  const rows = await tx
    .select()
    .from(statuses)
    .where(
      statusPublicId
        ? and(eq(statuses.projectId, projectId), eq(statuses.publicId, statusPublicId))
        : eq(statuses.projectId, projectId),
    )
    .orderBy(asc(statuses.position));
  const status = statusPublicId ? rows[0] : (rows.find((row) => row.category === "not_started") ?? rows[0]);
  if (!status) throw new FieldError("status", "Choose one of this project's statuses.");
  return status;
}

async function parentTask(tx: Transaction, projectId: string, publicId: string) {
  const [parent] = await tx
    .select({ id: tasks.id, number: tasks.number, parentId: tasks.parentId })
    .from(tasks)
    .where(and(eq(tasks.publicId, publicId), eq(tasks.projectId, projectId), isNull(tasks.deletedAt)))
    // Shared: a parent being made a subtask meanwhile (setTaskParent locks it) is waited
    // for and read as it then is, so no subtask gets a subtask of its own.
    .for("share");
  if (!parent) throw new NotFoundError("Task");
  return parent;
}

/** The anchor of a placement by public id, as the internal id the position module reads. */
async function resolvePlacement(tx: Transaction, statusId: string, placement: Placement): Promise<Placement> {
  if ("at" in placement) return placement;
  const anchorPublicId = "before" in placement ? placement.before : placement.after;
  const [anchor] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.publicId, anchorPublicId), eq(tasks.statusId, statusId), isNull(tasks.deletedAt)));
  if (!anchor) return { at: "end" };
  return "before" in placement ? { before: anchor.id } : { after: anchor.id };
}

async function membersAmong(tx: Transaction, workspaceId: string, userIds: string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, unique)));
  if (rows.length !== unique.length) throw new FieldError("assignees", "Assign only members of this workspace.");
  return unique;
}

function assertDates(startDate: string | null, dueDate: string | null) {
  if (startDate && dueDate && dueDate < startDate) {
    throw new FieldError("dueDate", "The due date cannot be before the start date.");
  }
}

function summary(access: TaskAccess) {
  return { id: access.task.publicId, key: taskKey(access.project.key, access.task.number) };
}
