import { asc, eq, sql } from "drizzle-orm";

import type { Actor, RecordActivity } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import { prepared } from "../db/prepared";
import { userSettings, workspaceMembers, workspaces } from "../db/schema";
import { FieldError } from "../errors";
import { newPublicId } from "../ids";
import { assertCanCreateWorkspace } from "../plans/limits";
import { authorize } from "../policies";
import { createWorkspaceInput, deleteWorkspaceInput, renameWorkspaceInput } from "./inputs";
import { workspaceForMember } from "./membership";

/** The workspaces a user belongs to, with their role, oldest first (the personal one leads). */
const workspacesOf = prepared((database) =>
  database
    .select({
      id: workspaces.publicId,
      name: workspaces.name,
      personal: workspaces.personal,
      aiEnabled: workspaces.aiEnabled,
      role: workspaceMembers.role,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, sql.placeholder("userId")))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.name))
    .prepare("workspaces_of_user"),
);

export async function listWorkspaces(userId: string) {
  return workspacesOf().execute({ userId });
}
export type WorkspaceSummary = Awaited<ReturnType<typeof listWorkspaces>>[number];

/** Inserts a workspace with its creator as owner, inside the caller's transaction. */
async function insertWorkspace(tx: Transaction, userId: string, name: string, personal: boolean) {
  const [workspace] = await tx
    .insert(workspaces)
    .values({ publicId: newPublicId(), name, personal, createdBy: userId })
    .returning();
  if (!workspace) throw new Error("workspace insert returned no row");
  await tx.insert(workspaceMembers).values({ workspaceId: workspace.id, userId, role: "owner" });
  return workspace;
}

/**
 * The personal workspace made at a user's first sign-in ("Ada's Workspace"), with the
 * user's settings row. Runs inside the sign-in's profile transaction; does nothing when
 * the user already has settings (they signed in before). `workspace: false` writes the
 * settings only (an invitee's first sign-in).
 */
export async function createPersonalWorkspace(
  tx: Transaction,
  record: RecordActivity,
  userId: string,
  name: string,
  options: { workspace?: boolean } = {},
) {
  const inserted = await tx.insert(userSettings).values({ userId }).onConflictDoNothing().returning();
  if (inserted.length === 0 || options.workspace === false) return null;
  const workspace = await insertWorkspace(tx, userId, name, true);
  await tx.update(userSettings).set({ currentWorkspaceId: workspace.id }).where(eq(userSettings.userId, userId));
  await record({
    verb: "workspace.created",
    subjectType: "workspace",
    subjectId: workspace.publicId,
    workspaceId: workspace.id,
    data: { name: workspace.name, personal: true },
  });
  return workspace;
}

const cleanName = (name: string) => name.trim().replace(/\s+/g, " ");

export const createWorkspaceCommand = defineCommand({
  name: "workspace.create",
  input: createWorkspaceInput,
  policy: null,
  async run({ tx, record, principal }, input: { name: string }) {
    const actor = asMember(principal);
    const name = cleanName(input.name);
    await assertCanCreateWorkspace(tx, actor.userId);
    const workspace = await insertWorkspace(tx, actor.userId, name, false);
    await record({
      verb: "workspace.created",
      subjectType: "workspace",
      subjectId: workspace.publicId,
      workspaceId: workspace.id,
      data: { name },
    });
    return { id: workspace.publicId, name: workspace.name };
  },
});

export function createWorkspace(actor: Actor, input: { name: string }) {
  return execute(createWorkspaceCommand, principalOf(actor), input);
}

export const renameWorkspaceCommand = defineCommand({
  name: "workspace.rename",
  input: renameWorkspaceInput,
  policy: "workspace.update",
  async run({ tx, record, principal }, input: { workspaceId: string; name: string }) {
    const actor = asMember(principal);
    const name = cleanName(input.name);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.update");
    if (workspace.name === name) return { id: workspace.publicId, name };
    await tx.update(workspaces).set({ name, updatedAt: new Date() }).where(eq(workspaces.id, workspace.id));
    await record({
      verb: "workspace.renamed",
      subjectType: "workspace",
      subjectId: workspace.publicId,
      workspaceId: workspace.id,
      data: { from: workspace.name, to: name },
    });
    return { id: workspace.publicId, name };
  },
});

export function renameWorkspace(actor: Actor, input: { workspaceId: string; name: string }) {
  return execute(renameWorkspaceCommand, principalOf(actor), input);
}

/**
 * Deletes a workspace with its projects and memberships (owner only), confirmed by typing
 * its name. The activity rows stay: they are the audit trail.
 */
export const deleteWorkspaceCommand = defineCommand({
  name: "workspace.delete",
  input: deleteWorkspaceInput,
  policy: "workspace.delete",
  async run({ tx, record, principal }, input: { workspaceId: string; confirmName: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.delete");
    if (input.confirmName.trim() !== workspace.name) {
      throw new FieldError("confirmName", `Type the workspace name, ${workspace.name}, to confirm.`);
    }
    await tx.delete(workspaces).where(eq(workspaces.id, workspace.id));
    await record({
      verb: "workspace.deleted",
      subjectType: "workspace",
      subjectId: workspace.publicId,
      workspaceId: workspace.id,
      data: { name: workspace.name },
    });
    return { name: workspace.name };
  },
});

export function deleteWorkspace(actor: Actor, input: { workspaceId: string; confirmName: string }) {
  return execute(deleteWorkspaceCommand, principalOf(actor), input);
}
