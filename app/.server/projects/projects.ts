import { and, eq, like, ne } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { removeImage, storeImage } from "../uploads/images";
import {
  archiveProjectInput,
  createProjectInput,
  deleteProjectInput,
  projectCoverInput,
  starProjectInput,
  updateProjectInput,
} from "./inputs";
import type { Transaction } from "../db/client";
import { projects, projectStars, projectVisits, type Role } from "../db/schema";
import { db } from "../db";
import { FieldError } from "../errors";
import { newPublicId } from "../ids";
import { assertCanCreateProject } from "../plans/limits";
import { authorize } from "../policies";
import { createDefaultStatuses } from "../tasks/statuses";
import { workspaceForMember } from "../workspaces/membership";
import { colorForName, keyFromName, type ProjectColor } from "~/utils/projects";
import { liveProjects, projectForMember, type ProjectAccess } from "./access";

/**
 * The project use cases. Each checks the policy with the actor's role in the project's
 * workspace, writes in one transaction with its activity row, and publishes the event
 * after commit (writeWithActivity).
 */
type SignedIn = Actor & { userId: string };

const KEY_TAKEN = "Another project in this workspace already uses this key.";

async function keyTaken(tx: Transaction, workspaceId: string, key: string, exceptProjectId?: string) {
  const conditions = [eq(projects.workspaceId, workspaceId), eq(projects.key, key), liveProjects];
  if (exceptProjectId) conditions.push(ne(projects.id, exceptProjectId));
  const [row] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(...conditions))
    .limit(1);
  return Boolean(row);
}

/** A derived key made unique in the workspace: WR, then WR2, WR3… */
async function freeKey(tx: Transaction, workspaceId: string, base: string) {
  const stem = base.slice(0, 8);
  const used = new Set(
    (
      await tx
        .select({ key: projects.key })
        .from(projects)
        .where(and(eq(projects.workspaceId, workspaceId), like(projects.key, `${stem}%`), liveProjects))
    ).map((row) => row.key),
  );
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${stem}${n}`)) return `${stem}${n}`;
}

export type CreateProjectInput = {
  /** The workspace's public id. */
  workspaceId: string;
  name: string;
  description?: string;
  /** Upper-case letters and digits; derived from the name when left out. */
  key?: string;
  color?: ProjectColor;
};

export const createProjectCommand = defineCommand({
  name: "project.create",
  input: createProjectInput,
  policy: "project.create",
  async run({ tx, record, principal }, input: CreateProjectInput) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    const project = await insertProject(tx, actor, workspace, input);
    await createDefaultStatuses(tx, project.id);
    await record({
      verb: "project.created",
      subjectType: "project",
      subjectId: project.publicId,
      workspaceId: workspace.id,
      projectId: project.id,
      data: { name: project.name, key: project.key },
    });
    return { id: project.publicId, name: project.name, key: project.key };
  },
});

export function createProject(actor: Actor, input: CreateProjectInput) {
  return execute(createProjectCommand, principalOf(actor), input);
}

/**
 * The new project's row, inside the caller's transaction: the role's right to create
 * projects, the plan's limit, and the key (the one given, which must be free, or one
 * derived from the name). Statuses and the activity row are the caller's: a plain project
 * gets the default columns, one made from a template gets the template's (templates/).
 */
export async function insertProject(
  tx: Transaction,
  actor: SignedIn,
  workspace: { id: string; role: Role },
  input: Omit<CreateProjectInput, "workspaceId">,
) {
  authorize(workspace.role, "project.create");
  await assertCanCreateProject(tx, workspace.id);
  const name = input.name.trim();
  let key = input.key?.trim();
  if (key) {
    if (await keyTaken(tx, workspace.id, key)) throw new FieldError("key", KEY_TAKEN);
  } else {
    key = await freeKey(tx, workspace.id, keyFromName(name));
  }
  const [project] = await tx
    .insert(projects)
    .values({
      publicId: newPublicId(),
      workspaceId: workspace.id,
      key,
      name,
      description: input.description?.trim() ?? "",
      color: input.color ?? colorForName(name),
      createdBy: actor.userId,
      updatedBy: actor.userId,
    })
    .returning();
  if (!project) throw new Error("project insert returned no row");
  return project;
}

export type UpdateProjectInput = {
  projectId: string;
  name?: string;
  description?: string;
  key?: string;
  color?: ProjectColor;
};

const EDITABLE = ["name", "description", "key", "color"] as const;

/** Changes name, description, key or colour; the activity row lists each change (from → to). */
export const updateProjectCommand = defineCommand({
  name: "project.update",
  input: updateProjectInput,
  policy: "project.update",
  async run({ tx, record, principal }, input: UpdateProjectInput) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "project.update", access.project);
    const { project } = access;
    const next = {
      name: input.name?.trim() ?? project.name,
      description: input.description?.trim() ?? project.description,
      key: input.key?.trim() ?? project.key,
      color: input.color ?? project.color,
    };
    const changes: Record<string, { from: string; to: string }> = {};
    for (const field of EDITABLE) {
      if (next[field] !== project[field]) changes[field] = { from: project[field], to: next[field] };
    }
    if (Object.keys(changes).length === 0) return summary(access);
    if (changes.key && (await keyTaken(tx, project.workspaceId, next.key, project.id))) {
      throw new FieldError("key", KEY_TAKEN);
    }
    await tx
      .update(projects)
      .set({ ...next, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(projects.id, project.id));
    await record({
      verb: changes.name && Object.keys(changes).length === 1 ? "project.renamed" : "project.updated",
      ...subject(access),
      data: { name: next.name, changes },
    });
    return { ...summary(access), name: next.name, key: next.key };
  },
});

export function updateProject(actor: Actor, input: UpdateProjectInput) {
  return execute(updateProjectCommand, principalOf(actor), input);
}

/**
 * Sets or clears the cover image. The new image is stored inside the unit of work and
 * removed again if it rolls back; the old one is removed only once the change has committed.
 */
export const setProjectCoverCommand = defineCommand({
  name: "project.set_cover",
  input: projectCoverInput,
  policy: "project.update",
  async run({ tx, record, principal, afterCommit, onRollback }, input: { projectId: string; cover: File | null }) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    // The right to change the project is checked before the file is even looked at.
    authorize(access.role, "project.update", access.project);
    const stored = input.cover ? await storeImage("covers", input.cover, { field: "cover" }) : null;
    if (stored) onRollback(() => removeImage(stored.path));
    await tx
      .update(projects)
      .set({ coverPath: stored?.path ?? null, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(projects.id, access.project.id));
    await record({
      verb: stored ? "project.cover_changed" : "project.cover_removed",
      ...subject(access),
      data: { name: access.project.name },
    });
    afterCommit(() => removeImage(access.project.coverPath));
    return summary(access);
  },
});

export function setProjectCover(actor: Actor, input: { projectId: string; cover: File | null }) {
  return execute(setProjectCoverCommand, principalOf(actor), input);
}

export const setProjectArchivedCommand = defineCommand({
  name: "project.archive",
  input: archiveProjectInput,
  policy: "project.archive",
  async run({ tx, record, principal }, input: { projectId: string; archived: boolean }) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "project.archive", access.project);
    if (Boolean(access.project.archivedAt) === input.archived) return summary(access);
    await tx
      .update(projects)
      .set({ archivedAt: input.archived ? new Date() : null, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(projects.id, access.project.id));
    await record({
      verb: input.archived ? "project.archived" : "project.unarchived",
      ...subject(access),
      data: { name: access.project.name },
    });
    return summary(access);
  },
});

export function setProjectArchived(actor: Actor, input: { projectId: string; archived: boolean }) {
  return execute(setProjectArchivedCommand, principalOf(actor), input);
}

/**
 * Soft-deletes a project (owner or admin). `confirmName`, when given, must be the
 * project's name: the settings page asks the user to type it.
 */
export const deleteProjectCommand = defineCommand({
  name: "project.delete",
  input: deleteProjectInput,
  policy: "project.delete",
  async run({ tx, record, principal }, input: { projectId: string; confirmName?: string }) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "project.delete", access.project);
    if (input.confirmName !== undefined && input.confirmName.trim() !== access.project.name) {
      throw new FieldError("confirmName", `Type the project name, ${access.project.name}, to confirm.`);
    }
    await tx
      .update(projects)
      .set({ deletedAt: new Date(), updatedBy: actor.userId })
      .where(eq(projects.id, access.project.id));
    await record({ verb: "project.deleted", ...subject(access), data: { name: access.project.name } });
    return summary(access);
  },
});

export function deleteProject(actor: Actor, input: { projectId: string; confirmName?: string }) {
  return execute(deleteProjectCommand, principalOf(actor), input);
}

/** Stars or unstars a project for the actor alone (any member, viewers too). */
export const setProjectStarredCommand = defineCommand({
  name: "project.star",
  input: starProjectInput,
  policy: "project.star",
  async run({ tx, record, principal }, input: { projectId: string; starred: boolean }) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "project.star", access.project);
    if (access.starred === input.starred) return { ...summary(access), starred: input.starred };
    if (input.starred) {
      await tx
        .insert(projectStars)
        .values({ userId: actor.userId, projectId: access.project.id })
        .onConflictDoNothing();
    } else {
      await tx
        .delete(projectStars)
        .where(and(eq(projectStars.userId, actor.userId), eq(projectStars.projectId, access.project.id)));
    }
    await record({
      verb: input.starred ? "project.starred" : "project.unstarred",
      ...subject(access),
      data: { name: access.project.name },
    });
    return { ...summary(access), starred: input.starred };
  },
});

export function setProjectStarred(actor: Actor, input: { projectId: string; starred: boolean }) {
  return execute(setProjectStarredCommand, principalOf(actor), input);
}

/** A visit is written at most this often per user and project (by each process). */
export const VISIT_RESOLUTION_MS = 60_000;
/** When this process last wrote each `user:project` visit; emptied when it grows past VISITS_KEPT. */
const writtenVisits = new Map<string, number>();
const VISITS_KEPT = 10_000;

/**
 * Remembers when the user last opened the project (for "recently opened"). A read
 * receipt, not a change to anything: it writes no activity and publishes no event. Every
 * project page calls it, so a reload or a switch of views within a minute writes nothing:
 * "recently opened" needs no finer time than that.
 */
export async function recordProjectVisit(userId: string, projectId: string, now = new Date()) {
  const key = `${userId}:${projectId}`;
  const written = writtenVisits.get(key);
  if (written !== undefined && now.getTime() - written < VISIT_RESOLUTION_MS) return;
  await db()
    .insert(projectVisits)
    .values({ userId, projectId, lastOpenedAt: now })
    .onConflictDoUpdate({ target: [projectVisits.userId, projectVisits.projectId], set: { lastOpenedAt: now } });
  if (writtenVisits.size >= VISITS_KEPT) writtenVisits.clear();
  writtenVisits.set(key, now.getTime());
}

function subject(access: ProjectAccess) {
  return {
    subjectType: "project",
    subjectId: access.project.publicId,
    workspaceId: access.project.workspaceId,
    projectId: access.project.id,
  };
}

function summary(access: ProjectAccess) {
  return { id: access.project.publicId, name: access.project.name, key: access.project.key };
}
