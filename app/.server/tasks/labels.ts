import { and, asc, count, eq, inArray, sql } from "drizzle-orm";

import type { Actor, RecordActivity } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { createLabelInput, updateLabelInput, deleteLabelInput, setTaskLabelsInput } from "./inputs";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { labels, taskLabels } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { workspaceForMember } from "../workspaces/membership";
import { MAX_LABELS_PER_WORKSPACE, nextLabelColor } from "~/validation/labels";
import { taskForMember, taskKey, taskState } from "./access";

/**
 * Labels: the workspace's vocabulary (a name unique in the workspace whatever its case, a
 * palette colour), managed by editors on the workspace page and ticked on a task. Each
 * use case checks `label.manage` (or `task.update` for a task's labels), writes in one
 * transaction with its activity row, and publishes after commit.
 */
/** Without `color` a new label gets the palette's least used colour in its workspace (`nextLabelColor`). */
export type LabelInput = { name: string; color?: string };

const NAME_INDEX = "labels_workspace_name_idx";
const TAKEN = "A label with this name already exists in this workspace.";

/** Adds a label to the workspace. */
export const createLabelCommand = defineCommand({
  name: "label.create",
  input: createLabelInput,
  policy: "label.manage",
  around: refuseTakenName,
  async run({ tx, record, principal }, input: { workspaceId: string } & LabelInput) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "label.manage");
    return insertLabel(tx, record, workspace.id, input);
  },
});

export function createLabel(actor: Actor, input: { workspaceId: string } & LabelInput) {
  return execute(createLabelCommand, principalOf(actor), input);
}

/** Renames and/or recolours a label; the activity lists what changed. */
export const updateLabelCommand = defineCommand({
  name: "label.update",
  input: updateLabelInput,
  policy: "label.manage",
  around: refuseTakenName,
  async run({ tx, record, principal }, input: { workspaceId: string; labelId: string; name: string; color: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "label.manage");
    const label = await labelOf(tx, workspace.id, input.labelId);
    const next = { name: input.name.trim(), color: input.color };
    const changes: Record<string, { from: string; to: string }> = {};
    if (next.name !== label.name) changes.name = { from: label.name, to: next.name };
    if (next.color !== label.color) changes.color = { from: label.color, to: next.color };
    if (Object.keys(changes).length === 0) return { id: label.publicId, name: label.name };
    if (changes.name) await assertNameFree(tx, workspace.id, next.name, label.id);
    await tx.update(labels).set(next).where(eq(labels.id, label.id));
    await record({
      verb: "label.updated",
      subjectType: "label",
      subjectId: label.publicId,
      workspaceId: workspace.id,
      data: { name: next.name, changes },
    });
    return { id: label.publicId, name: next.name };
  },
});

export function updateLabel(
  actor: Actor,
  input: { workspaceId: string; labelId: string; name: string; color: string },
) {
  return execute(updateLabelCommand, principalOf(actor), input);
}

/** Deletes a label; it disappears from every task that had it (the join rows cascade). */
export const deleteLabelCommand = defineCommand({
  name: "label.delete",
  input: deleteLabelInput,
  policy: "label.manage",
  async run({ tx, record, principal }, input: { workspaceId: string; labelId: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "label.manage");
    const label = await labelOf(tx, workspace.id, input.labelId);
    const [usage] = await tx.select({ tasks: count() }).from(taskLabels).where(eq(taskLabels.labelId, label.id));
    await tx.delete(labels).where(eq(labels.id, label.id));
    await record({
      verb: "label.deleted",
      subjectType: "label",
      subjectId: label.publicId,
      workspaceId: workspace.id,
      data: { name: label.name, color: label.color, tasks: usage?.tasks ?? 0 },
    });
    return { id: label.publicId, name: label.name };
  },
});

export function deleteLabel(actor: Actor, input: { workspaceId: string; labelId: string }) {
  return execute(deleteLabelCommand, principalOf(actor), input);
}

export type SetTaskLabelsInput = {
  taskId: string;
  /** When given, the task must belong to this project (the URL's). */
  projectId?: string;
  /** Public ids of labels of the task's workspace: the task ends up with exactly these. */
  labelIds: string[];
  /** A label to create in the workspace and put on the task in the same go. */
  newLabel?: LabelInput;
};

/** Puts exactly these labels on the task; the activity names the labels added and removed. */
export const setTaskLabelsCommand = defineCommand({
  name: "task.set_labels",
  input: setTaskLabelsInput,
  policy: "task.update",
  around: refuseTakenName,
  async run({ tx, record, principal }, input: SetTaskLabelsInput) {
    const actor = asMember(principal);
    const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const workspaceId = access.task.workspaceId;
    const chosen = await labelsAmong(tx, workspaceId, input.labelIds);
    if (input.newLabel) {
      authorize(access.role, "label.manage");
      const created = await insertLabel(tx, record, workspaceId, input.newLabel);
      chosen.push({ id: created.internalId, publicId: created.id, name: created.name });
    }
    const current = await tx
      .select({ id: labels.id, publicId: labels.publicId, name: labels.name })
      .from(taskLabels)
      .innerJoin(labels, eq(labels.id, taskLabels.labelId))
      .where(eq(taskLabels.taskId, access.task.id));
    const added = chosen.filter((label) => !current.some((had) => had.id === label.id));
    const removed = current.filter((had) => !chosen.some((label) => label.id === had.id));
    const summary = { id: access.task.publicId, key: taskKey(access.project.key, access.task.number) };
    if (added.length === 0 && removed.length === 0) return summary;
    if (removed.length > 0) {
      await tx.delete(taskLabels).where(
        and(
          eq(taskLabels.taskId, access.task.id),
          inArray(
            taskLabels.labelId,
            removed.map((label) => label.id),
          ),
        ),
      );
    }
    if (added.length > 0) {
      await tx.insert(taskLabels).values(added.map((label) => ({ taskId: access.task.id, labelId: label.id })));
    }
    await record({
      verb: "task.labels_changed",
      subjectType: "task",
      subjectId: access.task.publicId,
      workspaceId,
      projectId: access.task.projectId,
      data: {
        key: summary.key,
        title: access.task.title,
        added: added.map((label) => label.name),
        removed: removed.map((label) => label.name),
        addedIds: added.map((label) => label.publicId),
        removedIds: removed.map((label) => label.publicId),
      },
    });
    return summary;
  },
});

export function setTaskLabels(actor: Actor, input: SetTaskLabelsInput) {
  return execute(setTaskLabelsCommand, principalOf(actor), input);
}

/** The workspace's labels by name, for the workspace page and a task's checkboxes. */
export function workspaceLabels(workspaceId: string) {
  return db()
    .select({ id: labels.publicId, name: labels.name, color: labels.color })
    .from(labels)
    .where(eq(labels.workspaceId, workspaceId))
    .orderBy(asc(sql`lower(${labels.name})`))
    .limit(MAX_LABELS_PER_WORKSPACE);
}

/** The public ids of the labels on a task. */
export async function labelIdsOfTask(taskId: string) {
  const rows = await db()
    .select({ id: labels.publicId })
    .from(taskLabels)
    .innerJoin(labels, eq(labels.id, taskLabels.labelId))
    .where(eq(taskLabels.taskId, taskId));
  return rows.map((row) => row.id);
}

async function insertLabel(tx: Transaction, record: RecordActivity, workspaceId: string, input: LabelInput) {
  const name = input.name.trim();
  const existing = await tx.select({ color: labels.color }).from(labels).where(eq(labels.workspaceId, workspaceId));
  if (existing.length >= MAX_LABELS_PER_WORKSPACE) {
    throw new FieldError("name", `A workspace can have at most ${MAX_LABELS_PER_WORKSPACE} labels.`);
  }
  await assertNameFree(tx, workspaceId, name);
  const color = input.color ?? nextLabelColor(existing.map((label) => label.color));
  const [label] = await tx
    .insert(labels)
    .values({ publicId: newPublicId(), workspaceId, name, color })
    .returning({ id: labels.id, publicId: labels.publicId });
  if (!label) throw new Error("label insert returned no row");
  await record({
    verb: "label.created",
    subjectType: "label",
    subjectId: label.publicId,
    workspaceId,
    data: { name, color },
  });
  return { id: label.publicId, internalId: label.id, name };
}

async function assertNameFree(tx: Transaction, workspaceId: string, name: string, exceptId?: string) {
  const [taken] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), sql`lower(${labels.name}) = lower(${name})`));
  if (taken && taken.id !== exceptId) throw new FieldError("name", TAKEN);
}

async function labelOf(tx: Transaction, workspaceId: string, publicId: string) {
  const [label] = await tx
    .select()
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), eq(labels.publicId, publicId)));
  if (!label) throw new NotFoundError("Label");
  return label;
}

/** The labels of the workspace among these public ids; any other id refuses the whole change. */
export async function labelsAmong(tx: Transaction, workspaceId: string, publicIds: string[]) {
  const unique = [...new Set(publicIds)];
  if (unique.length === 0) return [];
  const rows = await tx
    .select({ id: labels.id, publicId: labels.publicId, name: labels.name })
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), inArray(labels.publicId, unique)));
  if (rows.length !== unique.length) throw new FieldError("labels", "Choose labels of this workspace.");
  return rows;
}

/** Two writers racing for the same name: the unique index refuses the second, as a field error. */
async function refuseTakenName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
      const { code, constraint } = cause as { code?: string; constraint?: string };
      if (code === "23505" && constraint === NAME_INDEX) throw new FieldError("name", TAKEN);
    }
    throw error;
  }
}
