import { randomBytes } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import { type Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { invitations, profiles, workspaceMembers, workspaces, type Role } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { secrets } from "../secrets";
import { hashToken, sign, verifySignature } from "../security/tokens";
import { workspaceForMember } from "../workspaces/membership";
import { invitationInput, inviteMemberInput } from "./inputs";
import { assertInvitableRole, assertMayMailInvitation, assertSeatAvailable } from "./rules";

/**
 * Invitations by e-mail. The link carries `<random>.<signature>`: the signature rejects
 * forged tokens before any lookup, the random part makes it unguessable, and only the
 * token's sha256 is stored. Valid 7 days and once; a resend replaces it.
 */
export const INVITATION_DAYS = 7;
function newInvitationToken() {
  const random = randomBytes(24).toString("base64url");
  const token = `${random}.${sign(secrets().sessionSecret, "invitation", random)}`;
  return { token, hash: hashToken(token) };
}

function wellSigned(token: string) {
  const [random, signature, ...rest] = token.split(".");
  return (
    Boolean(random && signature && rest.length === 0) &&
    verifySignature(secrets().sessionSecret, "invitation", random!, signature!)
  );
}

const expiry = () => new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);

/** How a person is named in mails and the log: full name, else e-mail. */
export async function nameOf(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.fullName || row?.email || "A teammate";
}

async function ownerOf(tx: Transaction, workspaceId: string) {
  const [row] = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .limit(1);
  return row?.userId ?? null;
}

const openInvitation = and(isNull(invitations.acceptedAt), isNull(invitations.revokedAt));

export const inviteMemberCommand = defineCommand({
  name: "invitation.create",
  input: inviteMemberInput,
  policy: "workspace.manage_members",
  async run({ tx, record, principal }, input: { workspaceId: string; email: string; role: Role }) {
    const actor = asMember(principal);
    const email = input.email.trim().toLowerCase();
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.manage_members");
    assertInvitableRole(input.role);
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(sql`lower(${profiles.email})`, email)));
    if (member) throw new FieldError("email", `${email} is already a member of this workspace.`);
    const [open] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, workspace.id), eq(invitations.email, email), openInvitation))
      .for("update");
    if (open && open.expiresAt > new Date()) {
      throw new FieldError("email", `${email} has already been invited. Resend the invitation from the list below.`);
    }
    if (!open) await assertSeatAvailable(tx, workspace.id, (await ownerOf(tx, workspace.id)) ?? actor.userId);
    await assertMayMailInvitation(actor.userId);
    const { token, hash } = newInvitationToken();
    const values = {
      role: input.role,
      tokenHash: hash,
      invitedBy: actor.userId,
      expiresAt: expiry(),
      sentAt: new Date(),
    };
    // An expired invitation to the same address is renewed rather than duplicated.
    const [invitation] = open
      ? await tx.update(invitations).set(values).where(eq(invitations.id, open.id)).returning()
      : await tx
          .insert(invitations)
          .values({ ...values, publicId: newPublicId(), workspaceId: workspace.id, email })
          .returning();
    if (!invitation) throw new Error("invitation write returned no row");
    await record({
      verb: "invitation.sent",
      subjectType: "invitation",
      subjectId: invitation.publicId,
      workspaceId: workspace.id,
      data: { email, role: input.role, workspaceName: workspace.name, inviterName: await nameOf(tx, actor.userId) },
      transient: { token },
    });
    return { id: invitation.publicId, email };
  },
});

export function inviteMember(actor: Actor, input: { workspaceId: string; email: string; role: Role }) {
  return execute(inviteMemberCommand, principalOf(actor), input);
}

async function invitationInWorkspace(tx: Transaction, workspaceId: string, invitationId: string) {
  const [invitation] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.publicId, invitationId), eq(invitations.workspaceId, workspaceId), openInvitation))
    .for("update");
  if (!invitation) throw new NotFoundError("Invitation");
  return invitation;
}

/** A fresh link (the old one stops working) and 7 more days. */
export const resendInvitationCommand = defineCommand({
  name: "invitation.resend",
  input: invitationInput,
  policy: "workspace.manage_members",
  async run({ tx, record, principal }, input: { workspaceId: string; invitationId: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.manage_members");
    const invitation = await invitationInWorkspace(tx, workspace.id, input.invitationId);
    await assertMayMailInvitation(actor.userId);
    const { token, hash } = newInvitationToken();
    await tx
      .update(invitations)
      .set({ tokenHash: hash, expiresAt: expiry(), sentAt: new Date(), invitedBy: actor.userId })
      .where(eq(invitations.id, invitation.id));
    await record({
      verb: "invitation.sent",
      subjectType: "invitation",
      subjectId: invitation.publicId,
      workspaceId: workspace.id,
      data: {
        email: invitation.email,
        role: invitation.role,
        workspaceName: workspace.name,
        inviterName: await nameOf(tx, actor.userId),
        resent: true,
      },
      transient: { token },
    });
    return { email: invitation.email };
  },
});

export function resendInvitation(actor: Actor, input: { workspaceId: string; invitationId: string }) {
  return execute(resendInvitationCommand, principalOf(actor), input);
}

export const revokeInvitationCommand = defineCommand({
  name: "invitation.revoke",
  input: invitationInput,
  policy: "workspace.manage_members",
  async run({ tx, record, principal }, input: { workspaceId: string; invitationId: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.manage_members");
    const invitation = await invitationInWorkspace(tx, workspace.id, input.invitationId);
    await tx.update(invitations).set({ revokedAt: new Date() }).where(eq(invitations.id, invitation.id));
    await record({
      verb: "invitation.revoked",
      subjectType: "invitation",
      subjectId: invitation.publicId,
      workspaceId: workspace.id,
      data: { email: invitation.email },
    });
    return { email: invitation.email };
  },
});

export function revokeInvitation(actor: Actor, input: { workspaceId: string; invitationId: string }) {
  return execute(revokeInvitationCommand, principalOf(actor), input);
}

export type InvitationStatus = "open" | "expired" | "accepted" | "revoked";

function statusOf(invitation: typeof invitations.$inferSelect): InvitationStatus {
  if (invitation.acceptedAt) return "accepted";
  if (invitation.revokedAt) return "revoked";
  return invitation.expiresAt <= new Date() ? "expired" : "open";
}

/** What the invitation page shows; null for a token that is forged or unknown. */
export async function invitationByToken(token: string) {
  if (!wellSigned(token)) return null;
  const [row] = await db()
    .select({ invitation: invitations, workspaceName: workspaces.name, inviter: profiles.fullName })
    .from(invitations)
    .innerJoin(workspaces, eq(workspaces.id, invitations.workspaceId))
    .leftJoin(profiles, eq(profiles.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)));
  if (!row) return null;
  return {
    email: row.invitation.email,
    role: row.invitation.role,
    workspaceName: row.workspaceName,
    inviterName: row.inviter || "A teammate",
    status: statusOf(row.invitation),
  };
}

/**
 * Whether `token` is an open invitation to `email`: a first sign-in on its way to accept one
 * makes no personal workspace (sync-profile.ts), or every invitee would own an empty one.
 */
export async function isOpenInvitationFor(tx: Transaction, token: string, email: string) {
  if (!email || !wellSigned(token)) return false;
  const [row] = await tx
    .select({ invitation: invitations })
    .from(invitations)
    .where(and(eq(invitations.tokenHash, hashToken(token)), eq(invitations.email, email.toLowerCase())));
  return row ? statusOf(row.invitation) === "open" : false;
}

export const INVITATION_MESSAGES: Record<Exclude<InvitationStatus, "open">, string> = {
  accepted: "This invitation has already been used.",
  revoked: "This invitation was withdrawn. Ask the workspace admin for a new one.",
  expired: "This invitation has expired. Ask the workspace admin to send a new one.",
};

/**
 * Joins the workspace with the invited role. The signed-in account must have the invited
 * address; a member who accepts again just lands in the workspace.
 */
export const acceptInvitationCommand = defineCommand({
  name: "invitation.accept",
  input: z.object({ token: z.string().max(200) }),
  // The invitation is the right: its address must be the account's.
  policy: null,
  async run({ tx, record, principal }, { token }: { token: string }) {
    const actor = asMember(principal);
    if (!wellSigned(token)) throw new NotFoundError("Invitation");
    const [account] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, actor.userId));
    const email = account?.email ?? "";
    const [invitation] = await tx
      .select()
      .from(invitations)
      .where(eq(invitations.tokenHash, hashToken(token)))
      .for("update");
    if (!invitation) throw new NotFoundError("Invitation");
    const status = statusOf(invitation);
    if (status !== "open") throw new FieldError("token", INVITATION_MESSAGES[status]);
    if (invitation.email !== email.toLowerCase()) {
      throw new FieldError(
        "token",
        `This invitation was sent to ${invitation.email}, but you are signed in as ${email}. Sign out and sign in with the invited address.`,
      );
    }
    const [workspace] = await tx
      .select({ id: workspaces.id, publicId: workspaces.publicId, name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.id, invitation.workspaceId));
    if (!workspace) throw new NotFoundError("Invitation");
    const joined = await tx
      .insert(workspaceMembers)
      .values({ workspaceId: workspace.id, userId: actor.userId, role: invitation.role })
      .onConflictDoNothing()
      .returning();
    await tx
      .update(invitations)
      .set({ acceptedAt: new Date(), acceptedBy: actor.userId })
      .where(eq(invitations.id, invitation.id));
    if (joined.length > 0) {
      await record({
        verb: "member.joined",
        subjectType: "member",
        subjectId: actor.userId,
        workspaceId: workspace.id,
        data: {
          email: invitation.email,
          role: invitation.role,
          workspaceName: workspace.name,
          invitedBy: invitation.invitedBy,
          name: await nameOf(tx, actor.userId),
        },
      });
    }
    return { workspaceId: workspace.publicId, workspaceName: workspace.name, role: invitation.role };
  },
});

export function acceptInvitation(actor: Actor, token: string) {
  return execute(acceptInvitationCommand, principalOf(actor), { token });
}
