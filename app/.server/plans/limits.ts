import { and, count, eq, isNull } from "drizzle-orm";

import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { projects, userSettings, workspaceMembers, workspaces, type Plan } from "../db/schema";
import { env } from "../env";
import { PlanLimitError } from "../errors";

/**
 * The pricing page's plans (spec section 9). A plan belongs to an account: its limits
 * count the workspaces the user owns and the projects in them. Enforced only with
 * BILLING_ENABLED=true; a self-hosted install has no limits.
 */
export const PLAN_LIMITS: Record<Plan, { projects: number; workspaces: number }> = {
  free: { projects: 5, workspaces: 1 },
  pro: { projects: Number.POSITIVE_INFINITY, workspaces: 5 },
  business: { projects: Number.POSITIVE_INFINITY, workspaces: Number.POSITIVE_INFINITY },
};

export const PLAN_NAMES: Record<Plan, string> = { free: "Free", pro: "Pro", business: "Business" };

type Db = Database | Transaction;

export async function planOf(tx: Db, userId: string): Promise<Plan> {
  const [row] = await tx.select({ plan: userSettings.plan }).from(userSettings).where(eq(userSettings.userId, userId));
  return row?.plan ?? "free";
}

/** The account's usage against its plan: workspaces it owns, live projects in them. */
export async function usageOf(userId: string, tx: Db = db()) {
  const plan = await planOf(tx, userId);
  const owned = and(eq(workspaceMembers.userId, userId), eq(workspaceMembers.role, "owner"));
  const [workspaceCount] = await tx.select({ n: count() }).from(workspaceMembers).where(owned);
  const [projectCount] = await tx
    .select({ n: count() })
    .from(projects)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, projects.workspaceId))
    .where(and(owned, isNull(projects.deletedAt)));
  return {
    plan,
    limits: PLAN_LIMITS[plan],
    workspaces: workspaceCount?.n ?? 0,
    projects: projectCount?.n ?? 0,
    enforced: env().billingEnabled,
  };
}

export async function assertCanCreateWorkspace(tx: Db, userId: string) {
  if (!env().billingEnabled) return;
  const usage = await usageOf(userId, tx);
  if (usage.workspaces >= usage.limits.workspaces) {
    throw new PlanLimitError(
      `Your ${PLAN_NAMES[usage.plan]} plan includes ${usage.limits.workspaces} workspace${usage.limits.workspaces === 1 ? "" : "s"}. Upgrade your plan to create more.`,
    );
  }
}

/** The limit is the workspace owner's: a project counts against the account that owns its workspace. */
export async function assertCanCreateProject(tx: Db, workspaceId: string) {
  if (!env().billingEnabled) return;
  const [owner] = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.role, "owner")))
    .limit(1);
  if (!owner) return;
  const usage = await usageOf(owner.userId, tx);
  if (usage.projects >= usage.limits.projects) {
    throw new PlanLimitError(
      `The ${PLAN_NAMES[usage.plan]} plan includes up to ${usage.limits.projects} projects. Upgrade the plan to create more.`,
    );
  }
}
