import { and, eq, isNull, sql } from "drizzle-orm";

import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { prepared } from "../db/prepared";
import { projects, projectStars, workspaceMembers, workspaces } from "../db/schema";
import { NotFoundError } from "../errors";
import { authorize, type Action } from "../policies";

type Db = Database | Transaction;

/** The one place that hides soft-deleted projects. */
export const liveProjects = isNull(projects.deletedAt);

/**
 * A live project by public id, with the workspace and the user's role in it, for a member
 * of that workspace. Anyone else gets "not found", whether or not it exists.
 */
export async function projectForMember(userId: string, publicId: string, tx: Db = db()) {
  const params = { userId, publicId };
  // Inside a transaction the statement is built for it; outside, the prepared one runs.
  const [row] = await (tx === db() ? memberProject().execute(params) : memberProjectQuery(tx).execute(params));
  if (!row) throw new NotFoundError("Project");
  return { ...row, starred: row.starredAt !== null };
}

function memberProjectQuery(tx: Db) {
  const userId = sql.placeholder("userId");
  return tx
    .select({
      project: projects,
      workspace: { id: workspaces.id, publicId: workspaces.publicId, name: workspaces.name },
      role: workspaceMembers.role,
      starredAt: projectStars.createdAt,
    })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .leftJoin(projectStars, and(eq(projectStars.projectId, projects.id), eq(projectStars.userId, userId)))
    .where(and(eq(projects.publicId, sql.placeholder("publicId")), liveProjects));
}

const memberProject = prepared((database) => memberProjectQuery(database).prepare("project_for_member"));
export type ProjectAccess = Awaited<ReturnType<typeof projectForMember>>;

/** Refuses (404 or 403) unless the user may do `action` to the project; for checks before side effects. */
export async function assertProjectPermission(userId: string, publicId: string, action: Action) {
  const access = await projectForMember(userId, publicId);
  authorize(access.role, action, access.project);
  return access;
}
