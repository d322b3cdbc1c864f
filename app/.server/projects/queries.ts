import { and, asc, count, desc, eq, ilike, isNotNull, isNull, sql } from "drizzle-orm";

import { db } from "../db";
import { activityFeed } from "../activity/feed";
import { activity, projects, projectStars, workspaceMembers, workspaces } from "../db/schema";
import { can } from "../policies";
import { liveProjects } from "./access";

/**
 * Reads for the dashboard, the sidebar and search: each is one query, whatever the number
 * of projects (the bench counts them), and each only ever sees the user's own workspaces.
 */
export type ProjectSort = "modified" | "name";

function memberProjects(userId: string) {
  return db()
    .select({
      id: projects.publicId,
      name: projects.name,
      key: projects.key,
      description: projects.description,
      color: projects.color,
      coverPath: projects.coverPath,
      archivedAt: projects.archivedAt,
      updatedAt: projects.updatedAt,
      workspaceId: workspaces.publicId,
      workspaceName: workspaces.name,
      role: workspaceMembers.role,
      starred: sql<boolean>`${projectStars.createdAt} is not null`,
    })
    .from(projects)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .leftJoin(projectStars, and(eq(projectStars.projectId, projects.id), eq(projectStars.userId, userId)))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof memberProjects>["execute"]>>[number];

/** A project as cards and lists show it, with what the user may do to it. */
function toCard(row: Row) {
  return {
    id: row.id,
    name: row.name,
    key: row.key,
    description: row.description,
    color: row.color,
    coverUrl: row.coverPath ? `/uploads/${row.coverPath}` : null,
    archived: row.archivedAt !== null,
    starred: row.starred,
    updatedAt: row.updatedAt.toISOString(),
    workspace: { id: row.workspaceId, name: row.workspaceName },
    canEdit: can(row.role, "project.update", row),
    canDelete: can(row.role, "project.delete", row),
  };
}
export type ProjectCard = ReturnType<typeof toCard>;

export async function dashboardProjects(
  userId: string,
  options: { workspaceId?: string | null; sort?: ProjectSort; archived?: boolean } = {},
) {
  const conditions = [liveProjects, options.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt)];
  if (options.workspaceId) conditions.push(eq(workspaces.publicId, options.workspaceId));
  const order =
    options.sort === "name"
      ? [asc(sql`lower(${projects.name})`), desc(projects.updatedAt)]
      : [desc(projects.updatedAt), asc(projects.name)];
  const rows = await memberProjects(userId)
    .where(and(...conditions))
    .orderBy(...order);
  return rows.map(toCard);
}

/** Live, unarchived projects of every workspace the user is in, by name (the sidebar). */
export async function sidebarProjects(userId: string) {
  const rows = await memberProjects(userId)
    .where(and(liveProjects, isNull(projects.archivedAt)))
    .orderBy(asc(sql`lower(${projects.name})`));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: row.color,
    starred: row.starred,
    workspaceId: row.workspaceId,
  }));
}

/** Project names containing the query (case-insensitive), archived ones last. */
export async function searchProjects(userId: string, query: string, limit = 50) {
  const pattern = `%${query.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  const rows = await memberProjects(userId)
    .where(and(liveProjects, ilike(projects.name, pattern)))
    .orderBy(asc(isNotNull(projects.archivedAt)), asc(sql`lower(${projects.name})`))
    .limit(limit);
  return rows.map(toCard);
}

export const ACTIVITY_PAGE_SIZE = 20;

/** A project's activity, newest first, one page at a time, with who did it. */
export async function projectActivity(projectId: string, page: number) {
  const where = eq(activity.projectId, projectId);
  const [items, [total]] = await Promise.all([
    activityFeed(where, { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE }),
    db().select({ n: count() }).from(activity).where(where),
  ]);
  return { items, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / ACTIVITY_PAGE_SIZE)) };
}
