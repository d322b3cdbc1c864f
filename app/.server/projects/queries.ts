import {
  and,
  asc,
  Column,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lte,
  or,
  type SQL,
  sql,
  type SQLWrapper,
} from "drizzle-orm";

import { db } from "../db";
import { prepared } from "../db/prepared";
import { activityFeed } from "../activity/feed";
import { activity, projects, projectStars, workspaceMembers, workspaces } from "../db/schema";
import { can } from "../policies";
import { liveProjects } from "./access";
import { kindVerbs, type ActivityKind } from "~/utils/activity-kinds";

/**
 * Reads for the dashboard and the sidebar: each is one query, whatever the number
 * of projects (the bench counts them), and each only ever sees the user's own workspaces.
 */
export type ProjectSort = "modified" | "name";

function cardColumns() {
  return {
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
  };
}

function memberProjects(userId: string) {
  return db()
    .select(cardColumns())
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

/**
 * One page of the dashboard in one query, bounded in SQL: the first `limit` projects of the
 * list (filtered by workspace) and of the starred ones (every workspace), each with its
 * total, so the page never reads more rows than it shows whatever the number of projects.
 */
export async function dashboardPage(
  userId: string,
  options: { workspaceId?: string | null; sort?: ProjectSort; archived?: boolean; limit: number },
) {
  const state = options.archived ? isNotNull(projects.archivedAt) : isNull(projects.archivedAt);
  const order =
    options.sort === "name"
      ? sql`lower(${projects.name}), ${projects.updatedAt} desc, ${projects.id}`
      : sql`${projects.updatedAt} desc, ${projects.name}, ${projects.id}`;
  const listed = options.workspaceId ? sql`${workspaces.publicId} = ${options.workspaceId}` : sql`true`;
  // Archived projects have no starred section.
  const starred = options.archived ? sql`false` : sql`${projectStars.createdAt} is not null`;
  const card: Record<string, SQLWrapper> = cardColumns();
  const selection = {
    // The card's columns, aliased for the outer select, which decodes them as their columns.
    ...Object.fromEntries(Object.entries(card).map(([name, column]) => [name, sql`${column}`.as(name)])),
    listed: sql<boolean>`${listed}`.as("listed"),
    inStarred: sql<boolean>`${starred}`.as("in_starred"),
    rank: sql<number>`row_number() over (partition by ${listed} order by ${order})`.as("rank"),
    starRank: sql<number>`row_number() over (partition by ${starred} order by ${order})`.as("star_rank"),
    total: sql<number>`count(*) filter (where ${listed}) over ()`.as("total"),
    starredTotal: sql<number>`count(*) filter (where ${starred}) over ()`.as("starred_total"),
    position: sql<number>`row_number() over (order by ${order})`.as("position"),
  };
  const ranked = db()
    .select(selection)
    .from(projects)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .leftJoin(projectStars, and(eq(projectStars.projectId, projects.id), eq(projectStars.userId, userId)))
    .where(and(liveProjects, state))
    .as("ranked");
  // Plain SQL fields decoded as the subquery's, not its aliased ones: Drizzle maps each
  // row's fields by class, and an aliased field is the last of three it tries.
  const fields = ranked as unknown as Record<string, SQL.Aliased>;
  const outer = Object.fromEntries(
    Object.keys(selection).map((name) => {
      const column = card[name];
      return [name, column instanceof Column ? sql`${fields[name]}`.mapWith(column) : sql`${fields[name]}`];
    }),
  );
  const rows = (await db()
    .select(outer)
    .from(ranked)
    .where(
      or(
        and(sql`${ranked.listed}`, lte(ranked.rank, options.limit)),
        and(sql`${ranked.inStarred}`, lte(ranked.starRank, options.limit)),
      ),
    )
    .orderBy(ranked.position)) as unknown as (Row & {
    listed: boolean;
    inStarred: boolean;
    rank: number | string;
    starRank: number | string;
    total: number | string;
    starredTotal: number | string;
  })[];
  const first = rows[0];
  return {
    projects: {
      items: rows.filter((row) => row.listed && Number(row.rank) <= options.limit).map(toCard),
      total: first ? Number(first.total) : 0,
    },
    starred: {
      items: rows.filter((row) => row.inStarred && Number(row.starRank) <= options.limit).map(toCard),
      total: first ? Number(first.starredTotal) : 0,
    },
  };
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

/**
 * The sidebar's projects, bounded in SQL: per workspace the first `limit` by name with the
 * workspace's total, and the first `limit` starred ones with the starred total. One query.
 */
export async function sidebarPage(userId: string, limit: number) {
  const rows = (await sidebarRows().execute({ userId, limit })).sort((a, b) => Number(a.position) - Number(b.position));
  const starred = rows.filter((row) => row.starred);
  return {
    projects: rows
      .filter((row) => !row.starred)
      .map((row) => ({ ...pick(row), workspaceId: row.workspaceId!, inWorkspace: Number(row.total) })),
    starred: starred.map(pick),
    starredTotal: starred[0] ? Number(starred[0].total) : 0,
  };
}

/**
 * Per workspace of the user a lateral top `limit` by name (the sort stops at `limit` rows
 * per workspace) beside the workspace's count, then the starred top `limit` with their
 * count. Window functions over all the user's projects cost PGlite 1.5 ms a page; this 0.9.
 */
const sidebarRows = prepared((database) => {
  const userId = sql.placeholder("userId");
  const limit = sql.placeholder("limit");
  const listable = and(liveProjects, isNull(projects.archivedAt));
  const byName = [sql`lower(${projects.name})`, projects.id];
  const position = sql<number>`row_number() over (order by lower(${projects.name}), ${projects.id})`;
  const inWorkspace = and(eq(projects.workspaceId, workspaceMembers.workspaceId), listable);
  const counted = database
    .select({ total: sql<number>`count(*)`.as("total") })
    .from(projects)
    .where(inWorkspace)
    .as("counted");
  /** A listed project's fields, named with `prefix`: the outer select also reads the workspaces' columns. */
  const listedFields = (prefix: string) => ({
    id: sql<string>`${projects.publicId}`.as(`${prefix}id`),
    name: sql<string>`${projects.name}`.as(`${prefix}name`),
    color: sql<string>`${projects.color}`.as(`${prefix}color`),
    position: position.as(`${prefix}position`),
  });
  const first = database
    .select(listedFields("first_"))
    .from(projects)
    .where(inWorkspace)
    .orderBy(...byName)
    .limit(limit)
    .as("first");
  const starred = database
    .select({ ...listedFields("starred_"), total: sql<number>`count(*) over ()`.as("total") })
    .from(projectStars)
    .innerJoin(projects, eq(projects.id, projectStars.projectId))
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, projects.workspaceId), eq(workspaceMembers.userId, userId)),
    )
    .where(and(eq(projectStars.userId, userId), listable))
    .orderBy(...byName)
    .limit(limit)
    .as("starred");
  // Plain SQL fields, not the subqueries' aliased ones: Drizzle maps each row's fields by
  // class, and an aliased field is the last of three it tries.
  return database
    .select({
      id: sql<string>`${first.id}`,
      name: sql<string>`${first.name}`,
      color: sql<string>`${first.color}`,
      workspaceId: sql<string | null>`${workspaces.publicId}`,
      starred: sql<boolean>`false`,
      total: sql<number>`${counted.total}`,
      position: sql<number>`${first.position}`,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .crossJoinLateral(counted)
    .crossJoinLateral(first)
    .where(eq(workspaceMembers.userId, userId))
    .unionAll(
      database
        .select({
          id: sql<string>`${starred.id}`,
          name: sql<string>`${starred.name}`,
          color: sql<string>`${starred.color}`,
          workspaceId: sql<string | null>`null`,
          starred: sql<boolean>`true`,
          total: sql<number>`${starred.total}`,
          position: sql<number>`${starred.position}`,
        })
        .from(starred),
    )
    .prepare("sidebar_projects");
});

function pick(row: { id: string; name: string; color: string }) {
  return { id: row.id, name: row.name, color: row.color };
}

export const ACTIVITY_PAGE_SIZE = 20;

export type ActivityFilters = { actorId?: string; kind?: ActivityKind };

/**
 * A project's activity, newest first, one page at a time, with who did it; narrowed to one
 * actor and one kind of verb when asked. Every condition sits beside `project_id`, so the
 * (project_id, sequence) index still gives the order and the rest is a filter on its rows.
 */
export async function projectActivity(projectId: string, page: number, filters: ActivityFilters = {}) {
  const where = and(
    eq(activity.projectId, projectId),
    filters.actorId ? eq(activity.actorId, filters.actorId) : undefined,
    filters.kind ? verbOfKind(filters.kind) : undefined,
  )!;
  const [items, [total]] = await Promise.all([
    activityFeed(where, { limit: ACTIVITY_PAGE_SIZE, offset: (page - 1) * ACTIVITY_PAGE_SIZE }),
    db().select({ n: count() }).from(activity).where(where),
  ]);
  return { items, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / ACTIVITY_PAGE_SIZE)) };
}

/** `verb in (…) or verb like 'prefix%'`: the prefixes are plain words and dots, nothing to escape. */
function verbOfKind(kind: ActivityKind) {
  const { exact, prefixes } = kindVerbs(kind);
  return or(
    exact.length ? inArray(activity.verb, exact) : undefined,
    ...prefixes.map((prefix) => like(activity.verb, `${prefix}%`)),
  );
}
