import { and, eq, inArray } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import { projects, projectStars, workspaceMembers, type Role } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { authorize } from "../policies";
import { workspaceForMember } from "../workspaces/membership";
import { changeRoleInput, leaveWorkspaceInput, memberInput } from "./inputs";
import { nameOf } from "./invitations";
import { assertMayManage, keepAnOwner } from "./rules";

/**
 * Changing who is in a workspace and with which role. Owners and admins manage members;
 * only owners touch owners; the last owner can neither leave, be removed nor be demoted.
 * Each change is one activity row; the affected person is notified by a subscriber.
 */
type Target = { workspaceId: string; userId: string };

async function memberRole(tx: Transaction, workspaceId: string, userId: string) {
  const [row] = await tx
    .select({ role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)))
    .for("update");
  if (!row) throw new NotFoundError("Member");
  return row.role;
}

const LAST_OWNER = "A workspace needs an owner: make someone else an owner first.";

export const changeMemberRoleCommand = defineCommand({
  name: "member.change_role",
  input: changeRoleInput,
  policy: "workspace.manage_members",
  async run({ tx, record, principal }, input: Target & { role: Role }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.manage_members");
    const from = await memberRole(tx, workspace.id, input.userId);
    assertMayManage(workspace.role, from);
    if (input.role === "owner") authorize(workspace.role, "workspace.transfer_ownership");
    if (from === input.role) return { from, to: input.role };
    if (input.role !== "owner") await keepAnOwner(tx, workspace.id, from, LAST_OWNER);
    await tx
      .update(workspaceMembers)
      .set({ role: input.role, updatedAt: new Date() })
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, input.userId)));
    await record({
      verb: "member.role_changed",
      subjectType: "member",
      subjectId: input.userId,
      workspaceId: workspace.id,
      data: { from, to: input.role, name: await nameOf(tx, input.userId), workspaceName: workspace.name },
    });
    return { from, to: input.role };
  },
});

export function changeMemberRole(actor: Actor, input: Target & { role: Role }) {
  return execute(changeMemberRoleCommand, principalOf(actor), input);
}

/** Takes the member out, with their stars on the workspace's projects. */
async function deleteMembership(tx: Transaction, workspaceId: string, userId: string) {
  await tx
    .delete(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, userId)));
  const workspaceProjects = tx.select({ id: projects.id }).from(projects).where(eq(projects.workspaceId, workspaceId));
  await tx
    .delete(projectStars)
    .where(and(eq(projectStars.userId, userId), inArray(projectStars.projectId, workspaceProjects)));
}

export const removeMemberCommand = defineCommand({
  name: "member.remove",
  input: memberInput,
  policy: "workspace.manage_members",
  async run({ tx, record, principal }, input: Target) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.manage_members");
    if (input.userId === actor.userId) {
      throw new FieldError("userId", "To remove yourself, use Leave workspace.");
    }
    const role = await memberRole(tx, workspace.id, input.userId);
    assertMayManage(workspace.role, role);
    await keepAnOwner(tx, workspace.id, role, LAST_OWNER);
    const name = await nameOf(tx, input.userId);
    await deleteMembership(tx, workspace.id, input.userId);
    await record({
      verb: "member.removed",
      subjectType: "member",
      subjectId: input.userId,
      workspaceId: workspace.id,
      data: { role, name, workspaceName: workspace.name },
    });
    return { name };
  },
});

export function removeMember(actor: Actor, input: Target) {
  return execute(removeMemberCommand, principalOf(actor), input);
}

export const leaveWorkspaceCommand = defineCommand({
  name: "member.leave",
  input: leaveWorkspaceInput,
  policy: "workspace.leave",
  async run({ tx, record, principal }, input: { workspaceId: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.leave");
    await keepAnOwner(
      tx,
      workspace.id,
      workspace.role,
      "You are the last owner: transfer ownership or delete the workspace instead.",
    );
    const name = await nameOf(tx, actor.userId);
    await deleteMembership(tx, workspace.id, actor.userId);
    await record({
      verb: "member.left",
      subjectType: "member",
      subjectId: actor.userId,
      workspaceId: workspace.id,
      data: { role: workspace.role, name, workspaceName: workspace.name },
    });
    return { workspaceName: workspace.name };
  },
});

export function leaveWorkspace(actor: Actor, input: { workspaceId: string }) {
  return execute(leaveWorkspaceCommand, principalOf(actor), input);
}

/** Makes another member the owner; the previous owner stays on as an admin. */
export const transferOwnershipCommand = defineCommand({
  name: "workspace.transfer_ownership",
  input: memberInput,
  policy: "workspace.transfer_ownership",
  async run({ tx, record, principal }, input: Target) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.transfer_ownership");
    if (input.userId === actor.userId) throw new FieldError("userId", "Choose another member.");
    const from = await memberRole(tx, workspace.id, input.userId);
    const where = (userId: string) =>
      and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.userId, userId));
    await tx.update(workspaceMembers).set({ role: "owner", updatedAt: new Date() }).where(where(input.userId));
    await tx.update(workspaceMembers).set({ role: "admin", updatedAt: new Date() }).where(where(actor.userId));
    const name = await nameOf(tx, input.userId);
    await record({
      verb: "workspace.ownership_transferred",
      subjectType: "member",
      subjectId: input.userId,
      workspaceId: workspace.id,
      data: { from, name, workspaceName: workspace.name, previousOwner: actor.userId },
    });
    return { name };
  },
});

export function transferOwnership(actor: Actor, input: Target) {
  return execute(transferOwnershipCommand, principalOf(actor), input);
}
