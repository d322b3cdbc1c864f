import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from "drizzle-orm";

import { db } from "../db";
import { preparedByShape } from "../db/prepared";
import { comments, profiles, projects, statuses, tasks } from "../db/schema";
import { env } from "../env";
import type { z } from "zod";
import { ApiProblem } from "./http";
import { relationsOf } from "../tasks/relations";
import type { TaskRelation } from "../tasks/views";
import type { commentSchema, projectSchema, taskRelationSchema, taskSchema, taskWithRelationsSchema } from "./schemas";

/**
 * What the public API reads: a token's workspace's projects and their tasks, by public id,
 * never across workspaces (every read names the token's workspace).
 */
type ApiTask = z.infer<typeof taskSchema>;
type ApiTaskWithRelations = z.infer<typeof taskWithRelationsSchema>;
type ApiProject = z.infer<typeof projectSchema>;

const PROJECTS_MAX = 500;
const SUBTASKS_MAX = 500;

/** The workspace's live projects (archived ones too), or only the one with this public id. */
export async function projectsOf(workspaceId: string, publicId?: string): Promise<ApiProject[]> {
  const rows = await db()
    .select()
    .from(projects)
    .where(
      and(
        eq(projects.workspaceId, workspaceId),
        isNull(projects.deletedAt),
        publicId === undefined ? undefined : eq(projects.publicId, publicId),
      ),
    )
    .orderBy(asc(projects.createdAt))
    .limit(PROJECTS_MAX);
  const columns = await db()
    .select({ projectId: statuses.projectId, id: statuses.publicId, name: statuses.name, category: statuses.category })
    .from(statuses)
    .where(
      inArray(
        statuses.projectId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(asc(statuses.position));
  return rows.map((row) => ({
    id: row.publicId,
    key: row.key,
    name: row.name,
    description: row.description ?? "",
    color: row.color,
    archived: row.archivedAt !== null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    statuses: columns
      .filter((column) => column.projectId === row.id)
      .map(({ id, name, category }) => ({ id, name, category })),
  }));
}

/** A project of the workspace by public id (archived ones too), or null. */
export async function projectIn(workspaceId: string, publicId: string) {
  const [row] = await db()
    .select({ id: projects.id, publicId: projects.publicId, key: projects.key })
    .from(projects)
    .where(and(eq(projects.publicId, publicId), eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt)));
  return row ?? null;
}

/** A time as `Date.toISOString` writes it (UTC, milliseconds), for JSON PostgreSQL writes. */
const iso = (column: SQLWrapper) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * A task as the API shows it (`taskSchema`), written by PostgreSQL as JSON with its people
 * and labels: one statement reads a page whole, and its text goes out as it is (no rows to
 * parse into objects, map and serialise again: most of a page's CPU when Node did it). The
 * key is `taskKey`'s, the times `toISOString`'s.
 */
function taskJson(appUrl: unknown) {
  return sql`json_build_object(
    'id', ${tasks.publicId},
    'key', ${projects.key} || '-' || ${tasks.number},
    'projectId', ${projects.publicId},
    'title', ${tasks.title},
    'description', ${tasks.description},
    'status', json_build_object('id', ${statuses.publicId}, 'name', ${statuses.name}, 'category', ${statuses.category}),
    'priority', ${tasks.priority},
    'startDate', ${tasks.startDate},
    'dueDate', ${tasks.dueDate},
    'estimateMinutes', ${tasks.estimateMinutes},
    'parentId', (select p.public_id from tasks p where p.id = ${tasks.parentId}),
    'assignees', coalesce((
      select json_agg(json_build_object('id', a.user_id, 'name', coalesce(nullif(pr.full_name, ''), nullif(pr.email, ''), 'Member')) order by a.created_at)
      from task_assignees a left join profiles pr on pr.id = a.user_id
      where a.task_id = ${tasks.id}), '[]'::json),
    'labels', coalesce((
      select json_agg(json_build_object('id', l.public_id, 'name', l.name, 'color', l.color) order by lower(l.name))
      from task_labels tl join labels l on l.id = tl.label_id
      where tl.task_id = ${tasks.id}), '[]'::json),
    'completedAt', ${iso(tasks.completedAt)},
    'createdAt', ${iso(tasks.createdAt)},
    'updatedAt', ${iso(tasks.updatedAt)},
    'url', ${appUrl}::text || '/app/project/' || ${projects.publicId} || '/task/' || ${tasks.publicId})`;
}

function taskRows<Item>(item: SQL<Item>) {
  return db()
    .select({ number: tasks.number, item })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId));
}

const taskObjects = () => taskRows(sql<ApiTask>`${taskJson(env().appUrl)}`);

/** A live task of the workspace by public id with its relations (what a task read alone shows), or null. */
export async function taskIn(workspaceId: string, publicId: string): Promise<ApiTaskWithRelations | null> {
  const [row] = await db()
    .select({ rowId: tasks.id, item: sql<ApiTask>`${taskJson(env().appUrl)}` })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.publicId, publicId), eq(tasks.workspaceId, workspaceId), isNull(tasks.deletedAt)));
  if (!row) return null;
  return { ...row.item, relations: (await relationsOf(row.rowId)).map(apiRelation) };
}

type ApiRelation = z.infer<typeof taskRelationSchema>;

/** A relation as the API shows it (the page's, without the status's colour). */
export function apiRelation({ id, relation, task }: TaskRelation): ApiRelation {
  const { status, ...other } = task;
  return { id, kind: relation, task: { ...other, status: { name: status.name, category: status.category } } };
}

/** A task's live subtasks (archived ones too), in number order; one level deep, bounded. */
export async function subtasksOf(workspaceId: string, parentPublicId: string): Promise<ApiTask[]> {
  const parentRow = sql`(select p.id from tasks p where p.public_id = ${parentPublicId} and p.workspace_id = ${workspaceId})`;
  const rows = await taskObjects()
    .where(and(eq(tasks.parentId, parentRow), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.number))
    .limit(SUBTASKS_MAX);
  return rows.map((row) => row.item);
}

type PageValues = {
  workspaceId: string;
  project: string;
  after: number;
  limit: number;
  status: string | undefined;
  priority: string | undefined;
  appUrl: string;
};
const pageStatements = preparedByShape<PageValues>("api_task_page");

/**
 * A page of a project's live tasks (subtasks included, archived left out) in number order
 * after `cursor` (the last number seen, opaque to the caller), as the JSON text of a
 * `TaskPage`: a range of `tasks_project_number_idx`, so a page costs the same on the first
 * and the hundredth. The project is looked up inside the statement (by public id, in the
 * token's workspace): one prepared statement per filter shape reads the whole page. An
 * empty page may mean there is no such project: the caller asks.
 */
export async function taskPageJson(
  project: { workspaceId: string; publicId: string },
  query: { limit: number; cursor?: string; status?: string; priority?: string },
) {
  const values: PageValues = {
    workspaceId: project.workspaceId,
    project: project.publicId,
    after: query.cursor ? decodeCursor(query.cursor) : 0,
    limit: query.limit + 1,
    status: query.status,
    priority: query.priority,
    appUrl: env().appUrl,
  };
  const shapeKey = `${query.status ? "s" : ""}${query.priority ? "p" : ""}`;
  const rows = await pageStatements(shapeKey, values, (param) => {
    const projectId = sql`(select ${projects.id} from ${projects} where ${projects.publicId} = ${param("project")}
      and ${projects.workspaceId} = ${param("workspaceId")} and ${projects.deletedAt} is null)`;
    const conditions = [
      eq(tasks.projectId, projectId),
      isNull(tasks.deletedAt),
      isNull(tasks.archivedAt),
      sql`${tasks.number} > ${param("after")}`,
    ];
    if (query.status) conditions.push(sql`${statuses.publicId} = ${param("status")}`);
    if (query.priority) conditions.push(sql`${tasks.priority} = ${param("priority")}`);
    return taskRows(sql<string>`${taskJson(param("appUrl"))}::text`)
      .where(and(...conditions))
      .orderBy(asc(tasks.number))
      .limit(param("limit") as number);
  });
  const page = rows.slice(0, query.limit);
  const nextCursor = rows.length > query.limit ? encodeCursor(page.at(-1)!.number) : null;
  return {
    count: page.length,
    json: `{"items":[${page.map((row) => row.item).join(",")}],"nextCursor":${JSON.stringify(nextCursor)}}`,
  };
}

function encodeCursor(number: number) {
  return Buffer.from(`n:${number}`).toString("base64url");
}

/** A cursor this API wrote (a forged one only moves the start), else a 400. */
function decodeCursor(cursor: string) {
  const match = /^n:(\d{1,9})$/.exec(Buffer.from(cursor, "base64url").toString());
  if (!match) throw new ApiProblem(400, "Bad request", "The cursor is not one this API gave.");
  return Number(match[1]);
}

type ApiComment = z.infer<typeof commentSchema>;

const commentFields = {
  id: comments.publicId,
  createdAt: comments.createdAt,
  body: comments.body,
  editedAt: comments.editedAt,
  authorId: comments.authorId,
  authorName: sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${profiles.email}, 'Member')`,
  taskId: tasks.publicId,
  /** The time at PostgreSQL's precision (microseconds), for the cursor: a Date keeps only milliseconds. */
  at: sql<string>`${comments.createdAt}::text`,
};

function toComment(row: {
  id: string;
  createdAt: Date;
  body: string;
  editedAt: Date | null;
  authorId: string;
  authorName: string;
  taskId: string;
}): ApiComment {
  return {
    id: row.id,
    taskId: row.taskId,
    author: { id: row.authorId, name: row.authorName },
    body: row.body,
    edited: row.editedAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A page of a task's live comments, oldest first, after `cursor` (the last one's time and
 * id): a range of `comments_task_idx`.
 */
export async function commentPage(task: { id: string }, query: { limit: number; cursor?: string }) {
  const conditions = [eq(tasks.publicId, task.id), isNull(comments.deletedAt)];
  if (query.cursor) {
    const { at, id } = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${comments.createdAt}, ${comments.publicId}) > (${at}::timestamptz, ${id})`);
  }
  const rows = await db()
    .select(commentFields)
    .from(comments)
    .innerJoin(tasks, eq(tasks.id, comments.taskId))
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(and(...conditions))
    .orderBy(asc(comments.createdAt), asc(comments.publicId))
    .limit(query.limit + 1);
  const more = rows.length > query.limit;
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toComment),
    nextCursor: more && last ? encodeTimeCursor(last) : null,
  };
}

/** A cursor of a list in time order: the last row's time (PostgreSQL's text of it) and public id. */
export function encodeTimeCursor(row: { at: string; id: string }) {
  return Buffer.from(`${row.at}|${row.id}`).toString("base64url");
}

/** A cursor encodeTimeCursor wrote, else a 400 (nothing else reaches the query). */
export function decodeTimeCursor(cursor: string) {
  const [at, id] = Buffer.from(cursor, "base64url").toString().split("|");
  if (
    !at ||
    !id ||
    !/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(at) ||
    !/^[A-Za-z0-9]{1,40}$/.test(id)
  )
    throw new ApiProblem(400, "Bad request", "The cursor is not one this API gave.");
  return { at, id };
}

/** A live comment of the workspace by public id, or null. */
export async function commentIn(workspaceId: string, publicId: string): Promise<ApiComment | null> {
  const [row] = await db()
    .select(commentFields)
    .from(comments)
    .innerJoin(tasks, eq(tasks.id, comments.taskId))
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(
      and(
        eq(comments.publicId, publicId),
        isNull(comments.deletedAt),
        eq(tasks.workspaceId, workspaceId),
        isNull(tasks.deletedAt),
      ),
    );
  return row ? toComment(row) : null;
}
