import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { db } from "../db";
import { prepared } from "../db/prepared";
import { invitations, profiles, workspaceMembers, type Role } from "../db/schema";
import { permissionsOf } from "../policies";
import { workspaceForMember } from "../workspaces/membership";

/** Members in the order every list of them shows: owners first, then by name. */
export const ROLE_ORDER = sql`case ${workspaceMembers.role} when 'owner' then 0 when 'admin' then 1 when 'editor' then 2 else 3 end`;
export const NAME_ORDER = sql`lower(coalesce(${profiles.fullName}, ${profiles.email}))`;
/** A member's name: the profile's, else the address (an invited user who has not set one). */
export const MEMBER_NAME = sql<string>`coalesce(nullif(${profiles.fullName}, ''), nullif(${profiles.email}, ''), 'Unknown member')`;

/** The members of a workspace (by internal id), owners first, with what the page shows of each. */
export async function membersOf(workspaceId: string) {
  const rows = await workspaceMembersQuery().execute({ workspaceId });
  return rows.map((row) => ({
    userId: row.userId,
    role: row.role as Role,
    name: row.name,
    email: row.email ?? "",
    avatarUrl: row.avatarUrl,
    joinedAt: row.joinedAt.toISOString(),
  }));
}

/** Prepared: the List view's filters and the task page read it on every request. */
const workspaceMembersQuery = prepared((database) =>
  database
    .select({
      userId: workspaceMembers.userId,
      role: workspaceMembers.role,
      joinedAt: workspaceMembers.createdAt,
      name: MEMBER_NAME,
      email: profiles.email,
      avatarUrl: profiles.avatarUrl,
    })
    .from(workspaceMembers)
    .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, sql.placeholder("workspaceId")))
    .orderBy(ROLE_ORDER, asc(NAME_ORDER))
    .prepare("workspace_members"),
);
export type Member = Awaited<ReturnType<typeof membersOf>>[number];

/** Everything /app/team shows for one workspace, for one of its members. */
export async function teamPage(userId: string, workspacePublicId: string) {
  const workspace = await workspaceForMember(userId, workspacePublicId);
  const permissions = permissionsOf(workspace.role);
  const [members, pending] = await Promise.all([
    membersOf(workspace.id),
    permissions["workspace.manage_members"]
      ? db()
          .select({
            id: invitations.publicId,
            email: invitations.email,
            role: invitations.role,
            sentAt: invitations.sentAt,
            expiresAt: invitations.expiresAt,
          })
          .from(invitations)
          .where(
            and(
              eq(invitations.workspaceId, workspace.id),
              isNull(invitations.acceptedAt),
              isNull(invitations.revokedAt),
            ),
          )
          .orderBy(asc(invitations.email))
      : Promise.resolve([]),
  ]);
  const now = Date.now();
  return {
    workspace: { id: workspace.publicId, name: workspace.name, role: workspace.role },
    permissions,
    ownerCount: members.filter((member) => member.role === "owner").length,
    members,
    invitations: pending.map((invitation) => ({
      ...invitation,
      sentAt: invitation.sentAt.toISOString(),
      expiresAt: invitation.expiresAt.toISOString(),
      expired: invitation.expiresAt.getTime() <= now,
    })),
  };
}
