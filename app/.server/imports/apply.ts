import { randomUUID } from "node:crypto";

import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import { defineCommand } from "../commands/command";
import { asMember } from "../commands/principal";
import type { Transaction } from "../db/client";
import {
  checklistItems,
  comments,
  imports,
  labels,
  profiles,
  projects,
  statuses,
  taskAssignees,
  taskFollowers,
  taskLabels,
  tasks,
  workspaceMembers,
} from "../db/schema";
import { NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { positionsAtEnd } from "../tasks/positions";
import { generateNKeysBetween } from "fractional-indexing";
import { colorForName } from "~/utils/projects";
import type { ImportRow } from "./csv";

/**
 * Writes one batch of an import's rows into its project, in one transaction: rows whose key
 * is already in the project (an earlier import of the file, or the project's own task key in
 * a re-imported export) update that task where a value changed; the others are created at
 * the end of their status's column. Assignees are matched to the workspace's members by
 * e-mail (others are left unassigned), labels by name (new ones are made). One activity
 * entry says what the batch did; no per-task events, so an import does not flood
 * notifications, chat channels and webhooks with thousands of "created".
 */
export const IMPORT_BATCH = 1000;

const rowSchema = z.object({
  line: z.number(),
  id: z.string().nullable(),
  title: z.string().min(1).max(200),
  description: z.string().max(20_000).nullable(),
  status: z.string().nullable(),
  priority: z.enum(["none", "low", "medium", "high", "urgent"]).nullable(),
  assignees: z.array(z.string()).nullable(),
  labels: z.array(z.string()).nullable(),
  startDate: z.string().nullable().optional(),
  dueDate: z.string().nullable().optional(),
  estimateMinutes: z.number().nullable().optional(),
  parent: z.string().nullable(),
  checklist: z
    .array(z.object({ title: z.string().max(200), done: z.boolean() }))
    .max(500)
    .optional(),
  comments: z.array(z.string().max(21_000)).max(1000).optional(),
});
const input = z.object({ importId: z.string().min(1).max(40), rows: z.array(rowSchema).max(IMPORT_BATCH) });

/** The key a row is known by across imports: its ID column, else its title. */
export function importKeyOf(row: Pick<ImportRow, "id" | "title">) {
  if (row.id?.startsWith("trello:")) return row.id;
  return row.id ? `csv:${row.id}` : `csv-title:${row.title.trim().toLowerCase()}`;
}

export const importRowsCommand = defineCommand({
  name: "import.rows",
  input,
  policy: "task.create",
  async run({ tx, record, principal }, { importId, rows }: { importId: string; rows: ImportRow[] }) {
    const actor = asMember(principal);
    const job = await importFor(tx, importId, actor.userId);
    const context = await projectContext(tx, job.projectId, job.workspaceId, actor.userId);
    authorize(context.role, "task.create", context.project);

    const existing = await existingTasks(tx, job.projectId, context.project.key, rows);
    const labelIds = await labelsByName(tx, job.workspaceId, rows);
    const fresh = rows.filter((row) => !existing.has(row.line));
    const created = await createRows(tx, context, actor.userId, fresh, labelIds);
    let updated = 0;
    for (const row of rows) {
      const task = existing.get(row.line);
      if (task && (await updateRow(tx, context, actor.userId, task, row, labelIds))) updated += 1;
    }
    await record({
      verb: "project.imported",
      subjectType: "project",
      subjectId: context.project.publicId,
      workspaceId: job.workspaceId,
      projectId: job.projectId,
      data: { name: context.project.name, file: job.fileName, rows: rows.length, created, updated },
    });
    return { created, updated, unchanged: rows.length - created - updated };
  },
});

async function importFor(tx: Transaction, importId: string, userId: string) {
  const [job] = await tx.select().from(imports).where(eq(imports.publicId, importId));
  if (!job || job.userId !== userId) throw new NotFoundError("Import");
  return job;
}

type Context = Awaited<ReturnType<typeof projectContext>>;

async function projectContext(tx: Transaction, projectId: string, workspaceId: string, userId: string) {
  const [project] = await tx
    .select()
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)));
  if (!project) throw new NotFoundError("Project");
  const columns = await tx
    .select({ id: statuses.id, name: statuses.name, category: statuses.category })
    .from(statuses)
    .where(eq(statuses.projectId, projectId))
    .orderBy(asc(statuses.position));
  const members = await tx
    .select({ userId: workspaceMembers.userId, email: profiles.email, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return {
    project,
    columns,
    statusByName: new Map(columns.map((column) => [column.name.toLowerCase(), column])),
    memberByEmail: new Map(members.map((member) => [member.email.toLowerCase(), member.userId])),
    role: members.find((member) => member.userId === userId)?.role ?? null,
  };
}

/** Each row's task already in the project, by line: by its project key (`WEB-12`) or its import key. */
async function existingTasks(tx: Transaction, projectId: string, projectKey: string, rows: ImportRow[]) {
  const numberOf = (row: ImportRow) => {
    const match = row.id ? new RegExp(`^${projectKey}-(\\d+)$`, "i").exec(row.id) : null;
    return match ? Number(match[1]) : null;
  };
  const numbers = rows.map(numberOf).filter((number): number is number => number !== null);
  const keys = rows.map(importKeyOf);
  const found = await tx
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, projectId),
        isNull(tasks.deletedAt),
        numbers.length > 0
          ? sql`(${inArray(tasks.importKey, keys)} or ${inArray(tasks.number, numbers)})`
          : inArray(tasks.importKey, keys),
      ),
    );
  const byKey = new Map(found.filter((task) => task.importKey).map((task) => [task.importKey!, task]));
  const byNumber = new Map(found.map((task) => [task.number, task]));
  const result = new Map<number, (typeof found)[number]>();
  for (const row of rows) {
    const number = numberOf(row);
    const task = (number !== null ? byNumber.get(number) : undefined) ?? byKey.get(importKeyOf(row));
    if (task) result.set(row.line, task);
  }
  return result;
}

/** The rows' labels by lower-case name; the missing ones are made (the workspace's vocabulary). */
async function labelsByName(tx: Transaction, workspaceId: string, rows: ImportRow[]) {
  const names = new Map<string, string>();
  // The first spelling met names a new label ("launch", then "Launch": launch).
  for (const row of rows)
    for (const name of row.labels ?? []) if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  if (names.size === 0) return new Map<string, string>();
  const known = await tx
    .select({ id: labels.id, name: labels.name })
    .from(labels)
    .where(and(eq(labels.workspaceId, workspaceId), inArray(sql`lower(${labels.name})`, [...names.keys()])));
  const ids = new Map(known.map((label) => [label.name.toLowerCase(), label.id]));
  const missing = [...names].filter(([lower]) => !ids.has(lower));
  if (missing.length > 0) {
    const made = await tx
      .insert(labels)
      .values(missing.map(([, name]) => ({ publicId: newPublicId(), workspaceId, name, color: colorForName(name) })))
      .onConflictDoNothing()
      .returning({ id: labels.id, name: labels.name });
    for (const label of made) ids.set(label.name.toLowerCase(), label.id);
  }
  return ids;
}

const statusOf = (context: Context, row: ImportRow) =>
  (row.status ? context.statusByName.get(row.status.toLowerCase()) : undefined) ?? context.columns[0]!;
const assigneesOf = (context: Context, row: ImportRow) => [
  ...new Set((row.assignees ?? []).map((email) => context.memberByEmail.get(email)).filter((id): id is string => !!id)),
];

async function createRows(
  tx: Transaction,
  context: Context,
  userId: string,
  rows: ImportRow[],
  labelIds: Map<string, string>,
) {
  if (rows.length === 0) return 0;
  const perStatus = new Map<string, number>();
  for (const row of rows) perStatus.set(statusOf(context, row).id, (perStatus.get(statusOf(context, row).id) ?? 0) + 1);
  const positions = new Map<string, string[]>();
  for (const [statusId, count] of perStatus) positions.set(statusId, await positionsAtEnd(tx, statusId, count));
  const [counter] = await tx
    .update(projects)
    .set({ taskCounter: sql`${projects.taskCounter} + ${rows.length}` })
    .where(eq(projects.id, context.project.id))
    .returning({ last: projects.taskCounter });
  let number = counter!.last - rows.length;
  const now = new Date();
  const values = rows.map((row) => {
    const status = statusOf(context, row);
    number += 1;
    return {
      id: randomUUID(),
      publicId: newPublicId(),
      workspaceId: context.project.workspaceId,
      projectId: context.project.id,
      number,
      title: row.title,
      description: row.description ?? "",
      statusId: status.id,
      priority: row.priority ?? "none",
      position: positions.get(status.id)!.shift()!,
      startDate: row.startDate ?? null,
      dueDate: row.dueDate ?? null,
      estimateMinutes: row.estimateMinutes ?? null,
      completedAt: status.category === "done" ? now : null,
      createdBy: userId,
      updatedBy: userId,
      importKey: importKeyOf(row),
    };
  });
  await tx.insert(tasks).values(values);
  const assigned = values.flatMap((task, index) =>
    assigneesOf(context, rows[index]!).map((assignee) => ({ taskId: task.id, userId: assignee })),
  );
  if (assigned.length > 0) await tx.insert(taskAssignees).values(assigned);
  const tagged = values.flatMap((task, index) =>
    [...new Set((rows[index]!.labels ?? []).map((name) => labelIds.get(name.toLowerCase())).filter(Boolean))].map(
      (labelId) => ({ taskId: task.id, labelId: labelId! }),
    ),
  );
  if (tagged.length > 0) await tx.insert(taskLabels).values(tagged);
  // The importer follows what they import, as with tasks made one by one.
  await tx.insert(taskFollowers).values(values.map((task) => ({ taskId: task.id, userId })));
  // A Trello card's checklist and comments come with it once, when its task is made.
  const items = values.flatMap((task, index) => {
    const checklist = rows[index]!.checklist ?? [];
    const positions = generateNKeysBetween(null, null, checklist.length);
    return checklist.map((item, at) => ({
      publicId: newPublicId(),
      taskId: task.id,
      title: item.title,
      done: item.done,
      position: positions[at]!,
    }));
  });
  for (let start = 0; start < items.length; start += 1000)
    await tx.insert(checklistItems).values(items.slice(start, start + 1000));
  const said = values.flatMap((task, index) =>
    (rows[index]!.comments ?? []).map((body) => ({ publicId: newPublicId(), taskId: task.id, authorId: userId, body })),
  );
  for (let start = 0; start < said.length; start += 1000)
    await tx.insert(comments).values(said.slice(start, start + 1000));
  return values.length;
}

/** Writes what the row changes on the task; false when nothing differed. */
async function updateRow(
  tx: Transaction,
  context: Context,
  userId: string,
  task: typeof tasks.$inferSelect,
  row: ImportRow,
  labelIds: Map<string, string>,
) {
  const status = row.status ? statusOf(context, row) : null;
  const changes: Partial<typeof tasks.$inferInsert> = {};
  if (row.title !== task.title) changes.title = row.title;
  if (row.description !== null && row.description !== task.description) changes.description = row.description;
  if (status && status.id !== task.statusId) {
    changes.statusId = status.id;
    changes.position = (await positionsAtEnd(tx, status.id, 1))[0]!;
    changes.completedAt = status.category === "done" ? new Date() : null;
  }
  if (row.priority !== null && row.priority !== task.priority) changes.priority = row.priority;
  if (row.startDate !== undefined && row.startDate !== task.startDate) changes.startDate = row.startDate;
  if (row.dueDate !== undefined && row.dueDate !== task.dueDate) changes.dueDate = row.dueDate;
  if (row.estimateMinutes !== undefined && row.estimateMinutes !== task.estimateMinutes)
    changes.estimateMinutes = row.estimateMinutes;
  let changed = Object.keys(changes).length > 0;
  if (changed)
    await tx
      .update(tasks)
      .set({ ...changes, updatedBy: userId })
      .where(eq(tasks.id, task.id));
  if (row.assignees !== null) changed = (await replaceAssignees(tx, task.id, assigneesOf(context, row))) || changed;
  if (row.labels !== null) {
    const wanted = [...new Set(row.labels.map((name) => labelIds.get(name.toLowerCase())).filter(Boolean))] as string[];
    changed = (await replaceLabels(tx, task.id, wanted)) || changed;
  }
  return changed;
}

async function replaceAssignees(tx: Transaction, taskId: string, wanted: string[]) {
  const current = (
    await tx.select({ id: taskAssignees.userId }).from(taskAssignees).where(eq(taskAssignees.taskId, taskId))
  ).map((row) => row.id);
  if (sameSet(current, wanted)) return false;
  await tx.delete(taskAssignees).where(eq(taskAssignees.taskId, taskId));
  if (wanted.length > 0) await tx.insert(taskAssignees).values(wanted.map((userId) => ({ taskId, userId })));
  return true;
}

async function replaceLabels(tx: Transaction, taskId: string, wanted: string[]) {
  const current = (
    await tx.select({ id: taskLabels.labelId }).from(taskLabels).where(eq(taskLabels.taskId, taskId))
  ).map((row) => row.id);
  if (sameSet(current, wanted)) return false;
  await tx.delete(taskLabels).where(eq(taskLabels.taskId, taskId));
  if (wanted.length > 0) await tx.insert(taskLabels).values(wanted.map((labelId) => ({ taskId, labelId })));
  return true;
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((item) => b.includes(item));

/**
 * Sets the parents the rows name, once every row is in: a parent is a task of the project
 * by its key (`WEB-3`) or a row of the file by its ID. A row naming itself is left alone.
 */
export const importParentsCommand = defineCommand({
  name: "import.parents",
  input: z.object({
    importId: z.string().min(1).max(40),
    links: z.array(z.object({ child: z.string().max(300), parent: z.string().max(200) })).max(50_000),
  }),
  policy: "task.update",
  async run(
    { tx, record, principal },
    { importId, links }: { importId: string; links: { child: string; parent: string }[] },
  ) {
    const actor = asMember(principal);
    const job = await importFor(tx, importId, actor.userId);
    const context = await projectContext(tx, job.projectId, job.workspaceId, actor.userId);
    authorize(context.role, "task.update", context.project);
    const rows = await tx
      .select({ id: tasks.id, number: tasks.number, importKey: tasks.importKey, parentId: tasks.parentId })
      .from(tasks)
      .where(and(eq(tasks.projectId, job.projectId), isNull(tasks.deletedAt), isNotNull(tasks.importKey)));
    const all = await tx
      .select({ id: tasks.id, number: tasks.number })
      .from(tasks)
      .where(and(eq(tasks.projectId, job.projectId), isNull(tasks.deletedAt)));
    const byImportKey = new Map(rows.map((row) => [row.importKey!, row]));
    const byNumber = new Map(all.map((row) => [row.number, row.id]));
    const keyPattern = new RegExp(`^${context.project.key}-(\\d+)$`, "i");
    let linked = 0;
    for (const { child, parent } of links) {
      const childRow = byImportKey.get(child);
      const keyed = keyPattern.exec(parent);
      const parentId = keyed ? byNumber.get(Number(keyed[1])) : byImportKey.get(`csv:${parent}`)?.id;
      if (!childRow || !parentId || parentId === childRow.id || childRow.parentId === parentId) continue;
      await tx.update(tasks).set({ parentId, updatedBy: actor.userId }).where(eq(tasks.id, childRow.id));
      linked += 1;
    }
    if (linked > 0)
      await record({
        verb: "project.imported",
        subjectType: "project",
        subjectId: context.project.publicId,
        workspaceId: job.workspaceId,
        projectId: job.projectId,
        data: { name: context.project.name, file: job.fileName, rows: links.length, created: 0, updated: linked },
      });
    return { linked };
  },
});

/** The commands an import's job runs (started by the import page's `start` intent), for the registry's test. */
export const IMPORT_JOB_COMMANDS = [importRowsCommand, importParentsCommand];
