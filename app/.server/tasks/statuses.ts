import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { createStatusInput, updateStatusInput, moveStatusInput, deleteStatusInput } from "./inputs";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { statuses, tasks, type StatusCategory } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { lockColumn, positionsAtEnd } from "./positions";
import type { ProjectColor } from "~/utils/projects";

/** A new project's columns: the marketing copy's default Kanban (spec section 3). */
export const DEFAULT_STATUSES: { name: string; color: ProjectColor; category: StatusCategory }[] = [
  { name: "To Do", color: "slate", category: "not_started" },
  { name: "In Progress", color: "blue", category: "active" },
  { name: "Review", color: "amber", category: "active" },
  { name: "Done", color: "green", category: "done" },
];

/** Inserts the default statuses of a project created in this transaction. */
export async function createDefaultStatuses(tx: Transaction, projectId: string) {
  const keys = generateNKeysBetween(null, null, DEFAULT_STATUSES.length);
  return tx
    .insert(statuses)
    .values(
      DEFAULT_STATUSES.map((status, index) => ({
        ...status,
        publicId: newPublicId(),
        projectId,
        position: keys[index]!,
      })),
    )
    .returning();
}

/** A project's statuses in column order. */
export function projectStatuses(db: Database | Transaction, projectId: string) {
  return db.select().from(statuses).where(eq(statuses.projectId, projectId)).orderBy(asc(statuses.position));
}

/** A project has at most this many columns: a board wider than this stops being a board. */
export const MAX_STATUSES = 20;

type SignedIn = Actor & { userId: string };
type StatusFields = { name: string; color: ProjectColor; category: StatusCategory };

/**
 * The project's workflow, editable by its editors (`status.manage`; an archived project's
 * is read-only): add, rename, recolour, change category, reorder, delete with a target for
 * its tasks. Category changes keep `completed_at` true to it (entering "done" completes the
 * column's tasks, leaving it reopens them).
 */
export const createStatusCommand = defineCommand({
  name: "status.create",
  input: createStatusInput,
  policy: "status.manage",
  async run({ tx, record, principal }, input: { projectId: string } & StatusFields) {
    const actor = asMember(principal);
    const project = await manageable(tx, actor, input.projectId);
    const current = await projectStatuses(tx, project.id);
    if (current.length >= MAX_STATUSES) {
      throw new FieldError("name", `A project can have at most ${MAX_STATUSES} statuses.`);
    }
    assertFreeName(current, input.name);
    const [status] = await tx
      .insert(statuses)
      .values({
        publicId: newPublicId(),
        projectId: project.id,
        name: input.name.trim(),
        color: input.color,
        category: input.category,
        position: generateKeyBetween(current.at(-1)?.position ?? null, null),
      })
      .returning();
    await record({
      verb: "status.created",
      ...statusSubject(project, status!.publicId),
      data: { name: status!.name, category: status!.category },
    });
    return { id: status!.publicId };
  },
});

export function createStatus(actor: Actor, input: { projectId: string } & StatusFields) {
  return execute(createStatusCommand, principalOf(actor), input);
}

export const updateStatusCommand = defineCommand({
  name: "status.update",
  input: updateStatusInput,
  policy: "status.manage",
  async run({ tx, record, principal }, input: { projectId: string; statusId: string } & StatusFields) {
    const actor = asMember(principal);
    const project = await manageable(tx, actor, input.projectId);
    const current = await projectStatuses(tx, project.id);
    const status = current.find((candidate) => candidate.publicId === input.statusId);
    if (!status) throw new NotFoundError("Status");
    assertFreeName(
      current.filter((other) => other.id !== status.id),
      input.name,
    );
    const next = { name: input.name.trim(), color: input.color, category: input.category };
    const changes: Record<string, { from: unknown; to: unknown }> = {};
    for (const field of ["name", "color", "category"] as const) {
      if (next[field] !== status[field]) changes[field] = { from: status[field], to: next[field] };
    }
    if (Object.keys(changes).length === 0) return { id: status.publicId };
    await tx
      .update(statuses)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(statuses.id, status.id));
    if (changes.category) await completeByCategory(tx, status.id, next.category);
    await record({
      verb: "status.updated",
      ...statusSubject(project, status.publicId),
      data: { name: next.name, changes },
    });
    return { id: status.publicId };
  },
});

export function updateStatus(actor: Actor, input: { projectId: string; statusId: string } & StatusFields) {
  return execute(updateStatusCommand, principalOf(actor), input);
}

/** Moves a column one place left or right. */
export const moveStatusCommand = defineCommand({
  name: "status.move",
  input: moveStatusInput,
  policy: "status.manage",
  async run({ tx, record, principal }, input: { projectId: string; statusId: string; direction: "left" | "right" }) {
    const actor = asMember(principal);
    const project = await manageable(tx, actor, input.projectId);
    const current = await projectStatuses(tx, project.id);
    const index = current.findIndex((candidate) => candidate.publicId === input.statusId);
    if (index < 0) throw new NotFoundError("Status");
    const target = input.direction === "left" ? index - 1 : index + 1;
    if (target < 0 || target >= current.length) return { id: input.statusId };
    // Between the two neighbours on the far side of the one it swaps with.
    const [low, high] =
      input.direction === "left"
        ? [current[target - 1]?.position ?? null, current[target]!.position]
        : [current[target]!.position, current[target + 1]?.position ?? null];
    await tx
      .update(statuses)
      .set({ position: generateKeyBetween(low, high), updatedAt: new Date() })
      .where(eq(statuses.id, current[index]!.id));
    await record({
      verb: "status.moved",
      ...statusSubject(project, input.statusId),
      data: { name: current[index]!.name, direction: input.direction },
    });
    return { id: input.statusId };
  },
});

export function moveStatus(actor: Actor, input: { projectId: string; statusId: string; direction: "left" | "right" }) {
  return execute(moveStatusCommand, principalOf(actor), input);
}

/**
 * Deletes a column after moving its tasks (deleted ones too: they still point at it) to
 * the end of another, in their order. A project keeps at least one status.
 */
export const deleteStatusCommand = defineCommand({
  name: "status.delete",
  input: deleteStatusInput,
  policy: "status.manage",
  async run({ tx, record, principal }, input: { projectId: string; statusId: string; targetStatusId: string }) {
    const actor = asMember(principal);
    const project = await manageable(tx, actor, input.projectId);
    const current = await projectStatuses(tx, project.id);
    const status = current.find((candidate) => candidate.publicId === input.statusId);
    if (!status) throw new NotFoundError("Status");
    if (current.length === 1) throw new FieldError("targetStatusId", "A project needs at least one status.");
    const target = current.find((candidate) => candidate.publicId === input.targetStatusId);
    if (!target || target.id === status.id) {
      throw new FieldError("targetStatusId", "Choose another status for its tasks.");
    }
    // No card is placed in the column going away while its cards leave (the target's end
    // is shared as usual). Locks in one order for everyone: two deletions never wait for each other.
    for (const id of [status.id, target.id].sort()) await lockColumn(tx, id, id === status.id ? "exclusive" : "shared");
    const moving = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.statusId, status.id), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.position), asc(tasks.id));
    const keys = await positionsAtEnd(tx, target.id, moving.length);
    for (const [index, task] of moving.entries()) {
      await tx.update(tasks).set({ statusId: target.id, position: keys[index]! }).where(eq(tasks.id, task.id));
    }
    // Deleted tasks keep their keys: the uniqueness of positions covers live tasks only.
    await tx.update(tasks).set({ statusId: target.id }).where(eq(tasks.statusId, status.id));
    if (target.category !== status.category) await completeByCategory(tx, target.id, target.category);
    await tx.delete(statuses).where(eq(statuses.id, status.id));
    await record({
      verb: "status.deleted",
      ...statusSubject(project, status.publicId),
      data: { name: status.name, target: target.name, moved: moving.length },
    });
    return { moved: moving.length, target: target.name };
  },
});

export function deleteStatus(actor: Actor, input: { projectId: string; statusId: string; targetStatusId: string }) {
  return execute(deleteStatusCommand, principalOf(actor), input);
}

async function manageable(tx: Transaction, actor: SignedIn, projectPublicId: string) {
  const access = await projectForMember(actor.userId, projectPublicId, tx);
  authorize(access.role, "status.manage", access.project);
  return access.project;
}

function assertFreeName(others: { name: string }[], name: string) {
  const wanted = name.trim().toLowerCase();
  if (others.some((other) => other.name.toLowerCase() === wanted)) {
    throw new FieldError("name", "This project already has a status with this name.");
  }
}

/** Completes a done column's open tasks, or reopens the tasks of a column that is no longer done. */
async function completeByCategory(tx: Transaction, statusId: string, category: StatusCategory) {
  await tx
    .update(tasks)
    .set({ completedAt: category === "done" ? sql`coalesce(${tasks.completedAt}, now())` : null })
    .where(eq(tasks.statusId, statusId));
}

function statusSubject(project: { id: string; workspaceId: string }, statusPublicId: string) {
  return { subjectType: "status", subjectId: statusPublicId, workspaceId: project.workspaceId, projectId: project.id };
}

/** The Statuses settings: each column with how many live tasks it holds. */
export async function statusesWithCounts(projectId: string) {
  const rows = await db()
    .select({
      id: statuses.publicId,
      name: statuses.name,
      color: statuses.color,
      category: statuses.category,
      tasks: sql<number>`count(${tasks.id})`,
    })
    .from(statuses)
    .leftJoin(tasks, and(eq(tasks.statusId, statuses.id), isNull(tasks.deletedAt)))
    .where(eq(statuses.projectId, projectId))
    .groupBy(statuses.id)
    .orderBy(asc(statuses.position));
  return rows.map((row) => ({ ...row, tasks: Number(row.tasks) }));
}
