import { randomUUID } from "node:crypto";

import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import { checklistItems, labels, projects, statuses, taskFollowers, taskLabels, tasks, templates } from "../db/schema";
import { FieldError, ForbiddenError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { insertProject } from "../projects/projects";
import { positionsAtEnd } from "../tasks/positions";
import { projectStatuses } from "../tasks/statuses";
import { workspaceForMember } from "../workspaces/membership";
import { addDays } from "~/utils/calendar-month";
import { isProjectColor, type ProjectColor } from "~/utils/projects";
import { CATEGORY_ICONS, type TemplateCategory, type TemplateIcon } from "~/utils/template-icons";
import { MAX_LABELS_PER_WORKSPACE } from "~/validation/labels";
import { deleteTemplateInput, saveAsTemplateInput, updateTemplateInput, useTemplateInput } from "./inputs";
import { templatePermissions, visibleTemplate, type TemplateAccess } from "./queries";
import {
  checkStructure,
  flatTasks,
  MAX_TEMPLATE_TASKS,
  readStructure,
  type TemplateStructure,
  type TemplateSubtask,
} from "./structure";

/**
 * The template use cases: make a project from a template, save a project as one, and edit
 * or delete a saved one. Each checks the policy, writes in one transaction with one
 * activity row, and publishes after commit: each is a command.
 */
type SignedIn = Actor & { userId: string };

export type UseTemplateInput = {
  templateId: string;
  /** The workspace's public id: the actor must be allowed to create projects there. */
  workspaceId: string;
  name: string;
  /** `YYYY-MM-DD`: the day the template's offsets count from. */
  startDate: string;
};

/**
 * A new project from a template: the template's statuses instead of the defaults, its
 * labels merged into the workspace's (an existing label of the same name, whatever its
 * case, is reused), and its tasks numbered KEY-1… in order, each subtask after its parent,
 * with their checklists and dates (the start day plus the offsets). No one is assigned.
 * One `project.created` activity names the template; the tasks have none of their own.
 */
export const createProjectFromTemplateCommand = defineCommand({
  name: "template.use",
  input: useTemplateInput,
  policy: "project.create",
  async run({ tx, record, principal }, input: UseTemplateInput) {
    const actor = asMember(principal);
    const access = await visibleTemplate(actor.userId, input.templateId, tx);
    const structure = readStructure(access.template.structure);
    if (!structure) throw new FieldError("", "This template can no longer be used: its contents are damaged.");
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    const all = flatTasks(structure);
    const dayOf = (offset: number | null) => (offset === null ? null : addDays(input.startDate, offset));
    if (all.some((task) => [dayOf(task.start), dayOf(task.due)].some((day) => day !== null && !/^\d{4}-/.test(day)))) {
      throw new FieldError("startDate", "Pick a start date that leaves the template's dates within the year 9999.");
    }
    const project = await insertProject(tx, actor, workspace, {
      name: input.name,
      color: isProjectColor(access.template.color) ? access.template.color : undefined,
    });

    const statusKeys = generateNKeysBetween(null, null, structure.statuses.length);
    const statusRows = await tx
      .insert(statuses)
      .values(
        structure.statuses.map((status, index) => ({
          publicId: newPublicId(),
          projectId: project.id,
          name: status.name,
          color: status.color,
          category: status.category,
          position: statusKeys[index]!,
        })),
      )
      .returning({ id: statuses.id, name: statuses.name, category: statuses.category });
    const statusByName = new Map(statusRows.map((row) => [row.name.toLowerCase(), row]));
    const statusOf = (task: TemplateSubtask) =>
      (task.status !== undefined ? statusByName.get(task.status.toLowerCase()) : undefined) ?? statusRows[0]!;

    const labelIds = await mergeLabels(tx, workspace.id, structure);

    // Positions: each column's keys in the order its tasks come, after whatever is there.
    const perStatus = new Map<string, number>();
    for (const task of all) perStatus.set(statusOf(task).id, (perStatus.get(statusOf(task).id) ?? 0) + 1);
    const keys = new Map<string, string[]>();
    for (const [statusId, count] of perStatus) keys.set(statusId, await positionsAtEnd(tx, statusId, count));

    const now = new Date();
    let number = 0;
    const rows: (typeof tasks.$inferInsert)[] = [];
    const extras: { id: string; task: TemplateSubtask }[] = [];
    const add = (task: TemplateSubtask, parentId: string | null) => {
      const status = statusOf(task);
      const id = randomUUID();
      number += 1;
      rows.push({
        id,
        publicId: newPublicId(),
        workspaceId: workspace.id,
        projectId: project.id,
        number,
        title: task.title,
        description: task.description,
        statusId: status.id,
        priority: task.priority,
        position: keys.get(status.id)!.shift()!,
        parentId,
        startDate: dayOf(task.start),
        dueDate: dayOf(task.due),
        estimateMinutes: task.estimateMinutes,
        completedAt: status.category === "done" ? now : null,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      });
      extras.push({ id, task });
      return id;
    };
    for (const task of structure.tasks) {
      const parentId = add(task, null);
      for (const subtask of task.subtasks) add(subtask, parentId);
    }
    // Parents first: a subtask's row refers to its parent's.
    const parents = rows.filter((row) => row.parentId === null);
    const children = rows.filter((row) => row.parentId !== null);
    for (const batch of [...chunks(parents), ...chunks(children)]) await tx.insert(tasks).values(batch);
    if (number > 0) await tx.update(projects).set({ taskCounter: number }).where(eq(projects.id, project.id));

    const items = extras.flatMap(({ id, task }) => {
      const positions = generateNKeysBetween(null, null, task.checklist.length);
      return task.checklist.map((title, index) => ({
        publicId: newPublicId(),
        taskId: id,
        title,
        position: positions[index]!,
      }));
    });
    for (const batch of chunks(items)) await tx.insert(checklistItems).values(batch);
    const tagged = extras.flatMap(({ id, task }) =>
      [...new Set(task.labels.map((name) => labelIds.get(name.toLowerCase())!))].map((labelId) => ({
        taskId: id,
        labelId,
      })),
    );
    for (const batch of chunks(tagged)) await tx.insert(taskLabels).values(batch);
    // The creator follows what they create, as with tasks made one by one.
    for (const batch of chunks(rows.map((row) => ({ taskId: row.id!, userId: actor.userId })))) {
      await tx.insert(taskFollowers).values(batch);
    }

    await record({
      verb: "project.created",
      subjectType: "project",
      subjectId: project.publicId,
      workspaceId: workspace.id,
      projectId: project.id,
      data: { name: project.name, key: project.key, template: access.template.name, tasks: number },
    });
    return { id: project.publicId, name: project.name, key: project.key, tasks: number };
  },
});

export function createProjectFromTemplate(actor: Actor, input: UseTemplateInput) {
  return execute(createProjectFromTemplateCommand, principalOf(actor), input);
}

/**
 * Rows in batches small enough for one statement's parameters (PostgreSQL takes 65,535):
 * 500 tasks of 100 checklist items each are 50,000 rows.
 */
function chunks<T>(rows: T[], size = 1000): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < rows.length; start += size) batches.push(rows.slice(start, start + size));
  return batches;
}

/** The template's labels as the workspace's label ids (by lower-cased name), creating those it lacks. */
async function mergeLabels(tx: Transaction, workspaceId: string, structure: TemplateStructure) {
  const existing = await tx
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(eq(labels.workspaceId, workspaceId));
  const ids = new Map(existing.map((label) => [label.name.toLowerCase(), label.id]));
  const missing = structure.labels.filter((label) => !ids.has(label.name.toLowerCase()));
  if (existing.length + missing.length > MAX_LABELS_PER_WORKSPACE) {
    throw new FieldError(
      "workspaceId",
      `This workspace would have more than ${MAX_LABELS_PER_WORKSPACE} labels with this template's. Remove some labels first, or pick another workspace.`,
    );
  }
  if (missing.length > 0) {
    const created = await tx
      .insert(labels)
      .values(missing.map((label) => ({ publicId: newPublicId(), workspaceId, name: label.name, color: label.color })))
      .returning({ id: labels.id, name: labels.name });
    for (const label of created) ids.set(label.name.toLowerCase(), label.id);
  }
  return ids;
}

export type TemplateFieldsInput = {
  name: string;
  description?: string;
  category: TemplateCategory;
  icon?: TemplateIcon;
  color?: ProjectColor;
};

/**
 * Saves a project's structure as a template of its workspace: its statuses, its live and
 * unarchived tasks and subtasks with their checklists (unticked) and labels, and dates as
 * offsets from the earliest of them (or the project's first day). Not its people, comments,
 * attachments or chat. An archived project may be saved too: that reads it, not changes it.
 */
export const saveProjectAsTemplateCommand = defineCommand({
  name: "template.create",
  input: saveAsTemplateInput,
  policy: "template.create",
  async run({ tx, record, principal }, input: { projectId: string } & TemplateFieldsInput) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "template.create");
    const { project } = access;
    const structure = await structureOf(tx, project);
    const checked = checkStructure(structure);
    if (!checked.ok) throw new FieldError("", `This project cannot be saved as a template: ${checked.message}.`);
    const [template] = await tx
      .insert(templates)
      .values({
        publicId: newPublicId(),
        workspaceId: project.workspaceId,
        name: input.name.trim(),
        description: input.description?.trim() ?? "",
        category: input.category,
        icon: input.icon ?? CATEGORY_ICONS[input.category],
        color: input.color ?? project.color,
        structure: checked.structure as unknown as Record<string, unknown>,
        createdBy: actor.userId,
        updatedBy: actor.userId,
      })
      .returning();
    await record({
      verb: "template.created",
      subjectType: "template",
      subjectId: template!.publicId,
      workspaceId: project.workspaceId,
      data: { name: template!.name, project: project.name, tasks: flatTasks(checked.structure).length },
    });
    return { id: template!.publicId, name: template!.name };
  },
});

export function saveProjectAsTemplate(actor: Actor, input: { projectId: string } & TemplateFieldsInput) {
  return execute(saveProjectAsTemplateCommand, principalOf(actor), input);
}

/** A project as a template's structure (not yet checked). */
async function structureOf(tx: Transaction, project: { id: string; createdAt: Date }) {
  const columns = await projectStatuses(tx, project.id);
  const rows = await tx
    .select({
      id: tasks.id,
      parentId: tasks.parentId,
      title: tasks.title,
      description: tasks.description,
      priority: tasks.priority,
      statusId: tasks.statusId,
      startDate: tasks.startDate,
      dueDate: tasks.dueDate,
      estimateMinutes: tasks.estimateMinutes,
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(eq(tasks.projectId, project.id), isNull(tasks.deletedAt), isNull(tasks.archivedAt)))
    .orderBy(asc(statuses.position), asc(tasks.position))
    // One past the limit tells that there are too many.
    .limit(MAX_TEMPLATE_TASKS + 1);
  if (rows.length > MAX_TEMPLATE_TASKS) {
    throw new FieldError("", `Only projects with at most ${MAX_TEMPLATE_TASKS} tasks can be saved as a template.`);
  }
  const live = new Set(rows.map((row) => row.id));
  // A subtask whose parent is archived or deleted goes with it.
  const kept = rows.filter((row) => row.parentId === null || live.has(row.parentId));
  const ids = kept.map((row) => row.id);
  const [tagRows, itemRows] = ids.length
    ? await Promise.all([
        tx
          .select({ taskId: taskLabels.taskId, name: labels.name, color: labels.color })
          .from(taskLabels)
          .innerJoin(labels, eq(labels.id, taskLabels.labelId))
          .where(inArray(taskLabels.taskId, ids))
          .orderBy(asc(labels.name)),
        tx
          .select({ taskId: checklistItems.taskId, title: checklistItems.title })
          .from(checklistItems)
          .where(inArray(checklistItems.taskId, ids))
          .orderBy(asc(checklistItems.position)),
      ])
    : [[], []];
  const days = kept.flatMap((row) => [row.startDate, row.dueDate]).filter((day): day is string => day !== null);
  const base = days.length > 0 ? days.reduce((a, b) => (a < b ? a : b)) : project.createdAt.toISOString().slice(0, 10);
  const offset = (day: string | null) => (day === null ? null : daysBetween(base, day));
  const statusName = new Map(columns.map((status) => [status.id, status.name]));
  const usedLabels = new Map<string, { name: string; color: string }>();
  for (const tag of tagRows) usedLabels.set(tag.name.toLowerCase(), { name: tag.name, color: tag.color });
  const shape = (row: (typeof kept)[number]) => ({
    title: row.title,
    description: row.description,
    priority: row.priority,
    status: statusName.get(row.statusId),
    labels: tagRows.filter((tag) => tag.taskId === row.id).map((tag) => tag.name),
    checklist: itemRows.filter((item) => item.taskId === row.id).map((item) => item.title),
    start: offset(row.startDate),
    due: offset(row.dueDate),
    estimateMinutes: row.estimateMinutes,
  });
  return {
    statuses: columns.map((status) => ({ name: status.name, color: status.color, category: status.category })),
    labels: [...usedLabels.values()].sort((a, b) => a.name.localeCompare(b.name)),
    tasks: kept
      .filter((row) => row.parentId === null)
      .map((row) => ({
        ...shape(row),
        subtasks: kept.filter((child) => child.parentId === row.id).map(shape),
      })),
  };
}

function daysBetween(from: string, to: string) {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Loads a saved template for a change by its author (or a manager); built-ins never change. */
async function changeable(
  tx: Transaction,
  actor: SignedIn,
  templateId: string,
  action: "template.update" | "template.delete",
) {
  const access = await visibleTemplate(actor.userId, templateId, tx);
  if (access.builtIn) throw new ForbiddenError("Built-in templates cannot be changed.");
  authorize(access.role, action, { ownedByActor: access.mine });
  return access;
}

function subject(access: TemplateAccess) {
  return { subjectType: "template", subjectId: access.template.publicId, workspaceId: access.template.workspaceId };
}

/** Renames, re-describes, re-files or re-colours a saved template; the activity lists what changed. */
export const updateTemplateCommand = defineCommand({
  name: "template.update",
  input: updateTemplateInput,
  policy: "template.update",
  async run({ tx, record, principal }, input: { templateId: string } & TemplateFieldsInput) {
    const actor = asMember(principal);
    const access = await changeable(tx, actor, input.templateId, "template.update");
    const { template } = access;
    const next = {
      name: input.name.trim(),
      description: input.description?.trim() ?? template.description,
      category: input.category,
      icon: input.icon ?? template.icon,
      color: input.color ?? template.color,
    };
    const changes: Record<string, { from: string; to: string }> = {};
    for (const field of ["name", "description", "category", "icon", "color"] as const) {
      if (next[field] !== template[field]) changes[field] = { from: template[field], to: next[field] };
    }
    const summary = { id: template.publicId, name: next.name };
    if (Object.keys(changes).length === 0) return summary;
    await tx
      .update(templates)
      .set({ ...next, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(templates.id, template.id));
    await record({ verb: "template.updated", ...subject(access), data: { name: next.name, changes } });
    return summary;
  },
});

export function updateTemplate(actor: Actor, input: { templateId: string } & TemplateFieldsInput) {
  return execute(updateTemplateCommand, principalOf(actor), input);
}

export const deleteTemplateCommand = defineCommand({
  name: "template.delete",
  input: deleteTemplateInput,
  policy: "template.delete",
  async run({ tx, record, principal }, input: { templateId: string }) {
    const actor = asMember(principal);
    const access = await changeable(tx, actor, input.templateId, "template.delete");
    await tx.delete(templates).where(eq(templates.id, access.template.id));
    await record({ verb: "template.deleted", ...subject(access), data: { name: access.template.name } });
    return { id: access.template.publicId, name: access.template.name };
  },
});

export function deleteTemplate(actor: Actor, input: { templateId: string }) {
  return execute(deleteTemplateCommand, principalOf(actor), input);
}

export { templatePermissions };
