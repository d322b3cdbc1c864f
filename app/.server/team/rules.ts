import { and, count, eq, isNull } from "drizzle-orm";

import type { Transaction } from "../db/client";
import { invitations, workspaceMembers, type Plan, type Role } from "../db/schema";
import { env } from "../env";
import { FieldError, ForbiddenError, PlanLimitError } from "../errors";
import { planOf } from "../plans/limits";
import { consume, LIMITS } from "../security/rate-limit";
import { INVITE_ROLES } from "~/validation/team";

/**
 * The team rules that are more than a role check: the last owner stays, only owners touch
 * owners, and (with BILLING_ENABLED) the seats of the landing page's plans.
 */

/** Seats per plan: the landing page's Starter allows up to 10 team members. */
export const SEAT_LIMITS: Record<Plan, number> = {
  free: 10,
  pro: Number.POSITIVE_INFINITY,
  business: Number.POSITIVE_INFINITY,
};

export async function ownerCount(tx: Transaction, workspaceId: string) {
  const [row] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")));
  return row?.n ?? 0;
}

/** Refuses a change that would leave the workspace without an owner (a rule, not a permission). */
export async function keepAnOwner(tx: Transaction, workspaceId: string, memberRole: Role, message: string) {
  if (memberRole === "owner" && (await ownerCount(tx, workspaceId)) <= 1) throw new FieldError("userId", message);
}

/** Admins manage admins, editors and viewers; only an owner may change or remove an owner. */
export function assertMayManage(actorRole: Role, targetRole: Role) {
  if (targetRole === "owner" && actorRole !== "owner") {
    throw new ForbiddenError("Only an owner can change or remove another owner.");
  }
}

/** Members plus open invitations count against the seats of the owner's plan. */
export async function assertSeatAvailable(tx: Transaction, workspaceId: string, ownerId: string) {
  if (!env().billingEnabled) return;
  const limit = SEAT_LIMITS[await planOf(tx, ownerId)];
  const [members] = await tx
    .select({ n: count() })
    .from(workspaceMembers)
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  const [pending] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(eq(invitations.workspaceId, workspaceId), isNull(invitations.acceptedAt), isNull(invitations.revokedAt)),
    );
  if ((members?.n ?? 0) + (pending?.n ?? 0) >= limit) {
    throw new PlanLimitError(
      `Your plan includes up to ${limit} team members, invitations included. Upgrade your plan to invite more.`,
    );
  }
}

export function assertInvitableRole(role: Role): asserts role is (typeof INVITE_ROLES)[number] {
  if (!(INVITE_ROLES as readonly Role[]).includes(role)) {
    throw new FieldError("role", "Choose admin, editor or viewer.");
  }
}

/** Each invitation mail takes one of the inviter's hourly points, so nobody mails strangers in bulk. */
export async function assertMayMailInvitation(userId: string) {
  const limit = await consume("invitation-mail", LIMITS.invitationMail, userId);
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    throw new FieldError(
      "email",
      `You have sent ${LIMITS.invitationMail.points} invitations in the last hour. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    );
  }
}
