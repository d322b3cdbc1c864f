import { and, asc, desc, eq, gte, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { activityFeed } from "../activity/feed";
import { db } from "../db";
import {
  activity,
  checklistItems,
  profiles,
  projects,
  statuses,
  tasks,
  workspaceMembers as members,
} from "../db/schema";
import type { Priority, StatusCategory } from "../db/schema";
import { liveProjects } from "../projects/access";
import { liveTasks, taskKey } from "../tasks/access";
import { assigneesOf, labelsOf } from "../tasks/queries";
import { describeActivity } from "~/utils/activity-text";
import { addDays } from "~/utils/calendar-month";
import type { AssistantScope } from "./types";

/**
 * The team's data as both assistant engines read it (the built-in one directly, the
 * model's tools through it). Every read is fenced to the scope's workspace, its live
 * projects and its live tasks (neither deleted nor archived, as the views show them); a
 * project named by a public id that is not the workspace's reads as nothing. Each function
 * runs a fixed number of queries, whatever the number of tasks, and every list is bounded.
 */

export type AssistantTask = {
  /** The task's public id. */
  id: string;
  /** "WEB-12" */
  key: string;
  /** "WEB-12 Write the brief" */
  label: string;
  title: string;
  /** The project's public id. */
  projectId: string;
  projectName: string;
  status: string;
  /** The status's public id. */
  statusId: string;
  statusCategory: StatusCategory;
  priority: Priority;
  /** YYYY-MM-DD */
  startDate: string | null;
  dueDate: string | null;
  estimateMinutes: number | null;
  /** id = the user's id. */
  assignees: { id: string; name: string }[];
  /** Label names, alphabetical. */
  labels: string[];
  parentLabel: string | null;
  subtaskCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type TaskQuery = {
  /** Words of the title (case-insensitive, all of them), or a key like WEB-12. */
  text?: string;
  projectId?: string;
  /** A status name (case-insensitive) or a category (not_started, active, done). */
  status?: string;
  assigneeId?: string | "none";
  /** Due before scope.today and not done. */
  overdue?: boolean;
  /** Not in a done status. */
  open?: boolean;
  /** YYYY-MM-DD, inclusive. */
  dueBefore?: string;
  /** Only tasks without a due date. */
  undated?: boolean;
  /** Default 20, at most 50. */
  limit?: number;
};

export type AssistantTaskDetail = AssistantTask & {
  description: string;
  checklist: { title: string; done: boolean }[];
  subtasks: AssistantTask[];
};

export type ProjectFigures = {
  scope: "project" | "workspace";
  /** The project's or the workspace's name. */
  name: string;
  /** The project's description ("" for a workspace). */
  description: string;
  /** Whether the project is archived (false for a workspace). */
  archived: boolean;
  /** Workspace scope: each live, unarchived project (bounded); project scope: the one. */
  projects: {
    id: string;
    name: string;
    key: string;
    description: string;
    total: number;
    done: number;
    archived: boolean;
  }[];
  total: number;
  done: number;
  open: number;
  byStatus: { name: string; category: string; count: number }[];
  /** Oldest due first, at most 10. */
  overdue: AssistantTask[];
  /** Due today..today+14, soonest first, at most 10. */
  upcoming: AssistantTask[];
  /** Open tasks nobody is assigned to. */
  unassigned: number;
  /** The last 10, newest first; the sentence is the Activity Log's, without the actor. */
  recentActivity: { sentence: string; actorName: string; at: Date }[];
  /** Most activity in the last 30 days, at most 3. */
  topContributors: { name: string; count: number }[];
  /** Moved to done in the last 7 days. */
  completedThisWeek: number;
};

const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 50;
const FIGURE_LIST = 10;
const UPCOMING_DAYS = 14;
const MAX_PROJECTS = 20;
const ACTIVITY_COUNT = 10;
const CONTRIBUTOR_DAYS = 30;
const CONTRIBUTORS = 3;
const WEEK_DAYS = 7;
const MAX_WORDS = 8;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEY = /^([a-z][a-z0-9]*)-(\d{1,9})$/i;
const CATEGORIES: readonly string[] = ["not_started", "active", "done"];
const PRIORITY_RANK = sql`case ${tasks.priority} when 'urgent' then 4 when 'high' then 3 when 'medium' then 2 when 'low' then 1 else 0 end`;
const parents = alias(tasks, "parent_task");

/**
 * The projects a read covers: the one named (or the scope's), else every live project of
 * the workspace that is not archived (an archived one is read only when named).
 */
function projectsOf(scope: AssistantScope, projectId?: string): SQL {
  const named = projectId ?? scope.project?.publicId;
  return and(
    eq(projects.workspaceId, scope.workspace.id),
    liveProjects,
    named ? eq(projects.publicId, named) : isNull(projects.archivedAt),
  )!;
}

const liveTask = and(liveTasks, isNull(tasks.archivedAt))!;
const isOpen = ne(statuses.category, "done");

/** A day's first instant, in UTC (the session's time zone must not move it). */
function startOf(day: string) {
  return new Date(`${day}T00:00:00Z`);
}

/** The tasks matching `where` (over tasks, projects and statuses), in `order`, at most `limit`: three queries. */
async function selectTasks(where: SQL, order: SQL[], limit: number) {
  const rows = await db()
    .select({
      internalId: tasks.id,
      id: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      description: tasks.description,
      projectKey: projects.key,
      projectId: projects.publicId,
      projectName: projects.name,
      status: statuses.name,
      statusId: statuses.publicId,
      statusCategory: statuses.category,
      priority: tasks.priority,
      startDate: tasks.startDate,
      dueDate: tasks.dueDate,
      estimateMinutes: tasks.estimateMinutes,
      parentNumber: parents.number,
      parentTitle: parents.title,
      subtaskCount: sql<number>`(select count(*) from tasks as child
        where child.parent_id = ${tasks.id} and child.deleted_at is null and child.archived_at is null)`,
      createdAt: tasks.createdAt,
      updatedAt: tasks.updatedAt,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .leftJoin(parents, eq(parents.id, tasks.parentId))
    .where(and(where, liveTask))
    .orderBy(...order, asc(tasks.createdAt), asc(tasks.id))
    .limit(limit);
  const ids = rows.map((row) => row.internalId);
  const [people, tags] = ids.length ? await Promise.all([assigneesOf(ids), labelsOf(ids)]) : [[], []];
  return rows.map((row) => {
    const key = taskKey(row.projectKey, row.number);
    const task: AssistantTask = {
      id: row.id,
      key,
      label: `${key} ${row.title}`,
      title: row.title,
      projectId: row.projectId,
      projectName: row.projectName,
      status: row.status,
      statusId: row.statusId,
      statusCategory: row.statusCategory,
      priority: row.priority,
      startDate: row.startDate,
      dueDate: row.dueDate,
      estimateMinutes: row.estimateMinutes,
      assignees: people.filter((person) => person.taskId === row.internalId).map(({ id, name }) => ({ id, name })),
      labels: tags.filter((tag) => tag.taskId === row.internalId).map((tag) => tag.name),
      parentLabel:
        row.parentNumber === null ? null : `${taskKey(row.projectKey, row.parentNumber)} ${row.parentTitle ?? ""}`,
      subtaskCount: Number(row.subtaskCount),
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
    return { task, internalId: row.internalId, description: row.description };
  });
}

/** "WEB-12" as the task's project key and number, or every word of it in the title. */
function textCondition(text: string): SQL | undefined {
  const trimmed = text.trim();
  const key = KEY.exec(trimmed);
  if (key) return and(sql`upper(${projects.key}) = ${key[1]!.toUpperCase()}`, eq(tasks.number, Number(key[2])));
  const words = trimmed.split(/\s+/).filter(Boolean).slice(0, MAX_WORDS);
  // The user's % and _ are literal.
  const like = (word: string) => `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
  return words.length ? and(...words.map((word) => sql`${tasks.title} ilike ${like(word)}`)) : undefined;
}

function statusCondition(status: string): SQL {
  const value = status.trim().toLowerCase();
  const byName = sql`lower(${statuses.name}) = ${value}`;
  return CATEGORIES.includes(value) ? or(byName, eq(statuses.category, value as StatusCategory))! : byName;
}

function assigneeCondition(assigneeId: string): SQL {
  if (assigneeId === "none") return sql`not exists (select 1 from task_assignees where task_id = ${tasks.id})`;
  // Not a user id: nobody (the cast would fail).
  if (!UUID.test(assigneeId)) return sql`false`;
  return sql`exists (select 1 from task_assignees where task_id = ${tasks.id} and user_id = ${assigneeId}::uuid)`;
}

/** Open and due before today. */
function overdueCondition(today: string) {
  return and(isOpen, sql`${tasks.dueDate} < ${today}::date`)!;
}

/** Tasks of the scope matching `query`, soonest due first (undated last), then by priority. */
export async function findTasks(scope: AssistantScope, query: TaskQuery): Promise<AssistantTask[]> {
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(query.limit ?? DEFAULT_LIMIT)));
  if (query.dueBefore !== undefined && !DAY.test(query.dueBefore)) return [];
  const where = and(
    projectsOf(scope, query.projectId),
    query.text ? textCondition(query.text) : undefined,
    query.status ? statusCondition(query.status) : undefined,
    query.assigneeId ? assigneeCondition(query.assigneeId) : undefined,
    query.overdue ? overdueCondition(scope.today) : undefined,
    query.open ? isOpen : undefined,
    query.dueBefore ? sql`${tasks.dueDate} <= ${query.dueBefore}::date` : undefined,
    query.undated ? isNull(tasks.dueDate) : undefined,
  )!;
  const rows = await selectTasks(where, [sql`${tasks.dueDate} asc nulls last`, sql`${PRIORITY_RANK} desc`], limit);
  return rows.map((row) => row.task);
}

/** A task by public id or key ("WEB-12"), within the scope's workspace; null when not found there. */
export async function taskDetail(scope: AssistantScope, ref: string): Promise<AssistantTaskDetail | null> {
  const trimmed = ref.trim();
  if (!trimmed) return null;
  // A key names its project, so it may be any live project of the workspace.
  const inWorkspace = and(eq(projects.workspaceId, scope.workspace.id), liveProjects)!;
  const which = KEY.test(trimmed) ? textCondition(trimmed)! : eq(tasks.publicId, trimmed);
  const [found] = await selectTasks(and(inWorkspace, which)!, [], 1);
  if (!found) return null;
  const [checklist, subtasks] = await Promise.all([
    db()
      .select({ title: checklistItems.title, done: checklistItems.done })
      .from(checklistItems)
      .where(eq(checklistItems.taskId, found.internalId))
      .orderBy(asc(checklistItems.position)),
    selectTasks(and(inWorkspace, eq(tasks.parentId, found.internalId))!, [asc(tasks.number)], MAX_LIMIT),
  ]);
  return { ...found.task, description: found.description, checklist, subtasks: subtasks.map((row) => row.task) };
}

/** What a summary says of a project, read the same way for one project and for each of a workspace's. */
const projectColumns = {
  id: projects.publicId,
  name: projects.name,
  key: projects.key,
  description: projects.description,
  archived: sql<boolean>`${projects.archivedAt} is not null`,
};
type ProjectRow = { id: string; name: string; key: string; description: string; archived: boolean };

/** The project named (or the scope's), in the workspace; null when it is not one of its live projects. */
async function namedProject(scope: AssistantScope, publicId: string): Promise<ProjectRow | null> {
  const [row] = await db().select(projectColumns).from(projects).where(projectsOf(scope, publicId));
  return row ?? null;
}

/** Each covered project with its task counts, by name. */
async function projectCounts(where: SQL) {
  const rows = await db()
    .select({
      ...projectColumns,
      total: sql<number>`count(${tasks.id})`,
      done: sql<number>`count(${tasks.id}) filter (where ${statuses.category} = 'done')`,
    })
    .from(projects)
    .leftJoin(tasks, and(eq(tasks.projectId, projects.id), liveTask))
    .leftJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(where)
    .groupBy(projects.id)
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id))
    .limit(MAX_PROJECTS);
  return rows.map((row) => ({ ...row, total: Number(row.total), done: Number(row.done) }));
}

/** Tasks per status: one project's columns in board order, or the workspace's merged by name. */
async function statusCounts(where: SQL) {
  const rows = await db()
    .select({
      name: statuses.name,
      category: statuses.category,
      count: sql<number>`count(${tasks.id})`,
    })
    .from(statuses)
    .innerJoin(projects, eq(projects.id, statuses.projectId))
    .leftJoin(tasks, and(eq(tasks.statusId, statuses.id), liveTask))
    .where(where)
    .groupBy(statuses.name, statuses.category)
    .orderBy(
      sql`case ${statuses.category} when 'not_started' then 0 when 'active' then 1 else 2 end`,
      sql`min(${statuses.position})`,
      asc(statuses.name),
    );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** Open tasks nobody is on, and tasks done in the week up to today. */
async function workCounts(where: SQL, today: string) {
  const weekStart = addDays(today, 1 - WEEK_DAYS);
  const [row] = await db()
    .select({
      unassigned: sql<number>`count(*) filter (where ${isOpen}
        and not exists (select 1 from task_assignees where task_id = ${tasks.id}))`,
      completed: sql<number>`count(*) filter (where ${statuses.category} = 'done'
        and ${tasks.completedAt} >= ${startOf(weekStart)})`,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(and(where, liveTask));
  return { unassigned: Number(row?.unassigned ?? 0), completed: Number(row?.completed ?? 0) };
}

/** Activity on the covered projects (never the workspace's own rows: invitations name e-mail addresses). */
function activityOf(where: SQL) {
  return inArray(activity.projectId, db().select({ id: projects.id }).from(projects).where(where));
}

async function recentActivity(where: SQL) {
  const rows = await activityFeed(activityOf(where), { limit: ACTIVITY_COUNT });
  return rows.map((row) => ({
    sentence: describeActivity(row.verb, row.data),
    actorName: row.actor,
    at: new Date(row.at),
  }));
}

async function topContributors(where: SQL, today: string) {
  const rows = await db()
    .select({
      name: sql<string>`coalesce(max(${profiles.fullName}), 'Someone')`,
      count: sql<number>`count(*)`,
    })
    .from(activity)
    .leftJoin(profiles, eq(profiles.id, activity.actorId))
    .where(
      and(
        activityOf(where),
        sql`${activity.actorId} is not null`,
        gte(activity.createdAt, startOf(addDays(today, 1 - CONTRIBUTOR_DAYS))),
      ),
    )
    .groupBy(activity.actorId)
    .orderBy(desc(sql`count(*)`), asc(sql`max(${profiles.fullName})`))
    .limit(CONTRIBUTORS);
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/**
 * A project's figures (the one named, else the scope's), or the workspace's over its live,
 * unarchived projects when neither is set; null for a project that is not the workspace's.
 */
export async function projectSummary(scope: AssistantScope, projectId?: string): Promise<ProjectFigures | null> {
  const named = projectId ?? scope.project?.publicId;
  const project = named ? await namedProject(scope, named) : null;
  if (named && !project) return null;
  const where = projectsOf(scope, named);
  const today = scope.today;
  const [list, byStatus, counts, overdue, upcoming, recent, contributors] = await Promise.all([
    projectCounts(where),
    statusCounts(where),
    workCounts(where, today),
    selectTasks(and(where, overdueCondition(today))!, [asc(tasks.dueDate)], FIGURE_LIST),
    selectTasks(
      and(where, isOpen, sql`${tasks.dueDate} between ${today}::date and ${addDays(today, UPCOMING_DAYS)}::date`)!,
      [asc(tasks.dueDate), sql`${PRIORITY_RANK} desc`],
      FIGURE_LIST,
    ),
    recentActivity(where),
    topContributors(where, today),
  ]);
  const total = byStatus.reduce((sum, status) => sum + status.count, 0);
  const done = byStatus.filter((status) => status.category === "done").reduce((sum, status) => sum + status.count, 0);
  return {
    scope: project ? "project" : "workspace",
    name: project?.name ?? scope.workspace.name,
    description: project?.description ?? "",
    archived: project?.archived ?? false,
    projects: list,
    total,
    done,
    open: total - done,
    byStatus,
    overdue: overdue.map((row) => row.task),
    upcoming: upcoming.map((row) => row.task),
    unassigned: counts.unassigned,
    recentActivity: recent,
    topContributors: contributors,
    completedThisWeek: counts.completed,
  };
}

/** The workspace's members, owners first, each with their open tasks in its live, unarchived projects. */
export async function workspaceMembers(
  scope: AssistantScope,
): Promise<{ id: string; name: string; role: string; openTasks: number }[]> {
  const rows = await db()
    .select({
      id: members.userId,
      role: members.role,
      name: sql<string>`coalesce(${profiles.fullName}, 'Member')`,
      openTasks: sql<number>`(select count(*) from task_assignees
        join tasks on tasks.id = task_assignees.task_id
        join projects on projects.id = tasks.project_id
        join statuses on statuses.id = tasks.status_id
        where task_assignees.user_id = ${members.userId} and tasks.workspace_id = ${scope.workspace.id}
          and tasks.deleted_at is null and tasks.archived_at is null
          and projects.deleted_at is null and projects.archived_at is null
          and statuses.category <> 'done')`,
    })
    .from(members)
    .leftJoin(profiles, eq(profiles.id, members.userId))
    .where(eq(members.workspaceId, scope.workspace.id))
    .orderBy(
      sql`case ${members.role} when 'owner' then 0 when 'admin' then 1 when 'editor' then 2 else 3 end`,
      asc(sql`lower(coalesce(${profiles.fullName}, ''))`),
    )
    .limit(MAX_LIMIT);
  return rows.map((row) => ({ ...row, openTasks: Number(row.openTasks) }));
}

/** The statuses of a project of the scope, in board order (empty for a project that is not the workspace's). */
export async function projectStatuses(
  scope: AssistantScope,
  projectId: string,
): Promise<{ id: string; name: string; category: string }[]> {
  if (!projectId) return [];
  return db()
    .select({ id: statuses.publicId, name: statuses.name, category: statuses.category })
    .from(statuses)
    .innerJoin(projects, eq(projects.id, statuses.projectId))
    .where(projectsOf(scope, projectId))
    .orderBy(asc(statuses.position));
}
