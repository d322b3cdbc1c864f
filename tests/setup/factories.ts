import { randomUUID } from "node:crypto";

import type { User } from "@supabase/supabase-js";
import { eq } from "drizzle-orm";

import { db } from "~/.server/db";
import { users } from "~/.server/auth-service/schema";
import { workspaceMembers, workspaces, type Role } from "~/.server/db/schema";
import { syncProfile } from "~/.server/profiles/sync-profile";
import { listWorkspaces } from "~/.server/workspaces/workspaces";

/**
 * Test data through the real code paths: a user signs in for the first time (profile,
 * settings, personal workspace), exactly as the app does after sign-in. The demo seed
 * uses the same factories.
 */
let counter = 0;

export async function buildUser(overrides: { email?: string; fullName?: string } = {}) {
  counter += 1;
  const id = randomUUID();
  const email = overrides.email ?? `user-${counter}-${id.slice(0, 8)}@example.com`;
  const fullName = overrides.fullName ?? `Test User ${counter}`;
  await db()
    .insert(users)
    .values({ id, email, rawUserMetaData: { full_name: fullName } });
  await syncProfile({ id, email, user_metadata: { full_name: fullName } } as unknown as User, "127.0.0.1");
  const [personal] = await listWorkspaces(id);
  if (!personal) throw new Error("the first sign-in made no personal workspace");
  return { id, email, fullName, actor: { userId: id, ip: "127.0.0.1" }, workspaceId: personal.id };
}
export type TestUser = Awaited<ReturnType<typeof buildUser>>;

/**
 * Puts a user in a workspace with a role. Membership changes get their own use cases with
 * the team issue; until then tests (and the demo seed) place members directly.
 */
export async function addMember(workspacePublicId: string, userId: string, role: Role) {
  const [workspace] = await db()
    .select({ id: workspaces.id })
    .from(workspaces)
    .where(eq(workspaces.publicId, workspacePublicId));
  if (!workspace) throw new Error(`no workspace ${workspacePublicId}`);
  await db()
    .insert(workspaceMembers)
    .values({ workspaceId: workspace.id, userId, role })
    .onConflictDoUpdate({ target: [workspaceMembers.workspaceId, workspaceMembers.userId], set: { role } });
}
