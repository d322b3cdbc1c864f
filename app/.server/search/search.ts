import { sql, type SQL } from "drizzle-orm";

import { db } from "../db";
import { queryRows } from "../db/client";
import { SEARCH_MAX_SHOWN, type SearchType } from "~/utils/search-params";
import type { CommentHit, MemberHit, ProjectHit, SearchGroup, SearchResults, TaskHit, TemplateHit } from "./views";
import { EXCERPT, isMarked, MARKERS, splitMarks, WHOLE } from "./highlight";
import { markdownToPlainText } from "./plain-text";
import type { SearchQuery } from "./parse";

/**
 * Full-text search over what the user may see: the live projects, tasks and comments of the
 * workspaces they are a member of, the built-in templates and their workspaces' own, and
 * the people they share a workspace with. One query per type, run side by side.
 *
 * Every type's query has the same shape (docs/decisions/018-search.md):
 * 1. candidates: at most SEARCH_CANDIDATES + 1 matching rows, found through the GIN index
 *    on the `search` column (migration 0009), in no particular order. This bounds the work
 *    of a word found in every task: nothing past this point grows with the data.
 * 2. the page: those candidates ranked with `ts_rank` (titles weigh more than descriptions),
 *    with their count.
 * 3. the details of the page's rows only, with `ts_headline` for the highlights.
 */
export const SEARCH_CANDIDATES = 200;

/** How many of each type to read; a type left out is not searched at all, 0 only counts. */
export type SearchLimits = Partial<Record<SearchType, number>>;

const empty = <T>(): SearchGroup<T> => ({ items: [], total: 0, capped: false });

export async function search(userId: string, query: SearchQuery, limits: SearchLimits): Promise<SearchResults> {
  const bounded = (type: SearchType) => Math.min(Math.max(0, Math.floor(limits[type] ?? 0)), SEARCH_MAX_SHOWN);
  const run = <T>(type: SearchType, reader: (limit: number) => Promise<SearchGroup<T>>) =>
    limits[type] === undefined ? Promise.resolve(empty<T>()) : reader(bounded(type));
  const text = query.tsquery;
  const [projects, tasks, comments, templates, members] = await Promise.all([
    run("projects", (limit) => (text ? searchProjects(userId, text, limit) : Promise.resolve(empty<ProjectHit>()))),
    run("tasks", (limit) => searchTasks(userId, query, limit)),
    run("comments", (limit) => (text ? searchComments(userId, text, limit) : Promise.resolve(empty<CommentHit>()))),
    run("templates", (limit) => (text ? searchTemplates(userId, text, limit) : Promise.resolve(empty<TemplateHit>()))),
    run("members", (limit) => (text ? searchMembers(userId, text, limit) : Promise.resolve(empty<MemberHit>()))),
  ]);
  return { projects, tasks, comments, templates, members };
}

/**
 * One statement of the search, in a read-only transaction that tells the planner what it
 * cannot know: every statement reads at most SEARCH_CANDIDATES + 1 rows through indexes
 * and stops there. So no parallel workers (starting two for a union of index scans took
 * 15 ms to do nothing) and no hash or merge joins (for a prefix found in 10,000 comments it
 * hashed them all, 30 ms, where a nested loop stops at the 201st: 1.4 ms). See
 * docs/decisions/018-search.md.
 */
export function readRows<T>(query: SQL) {
  return db().transaction(
    async (tx) => {
      await tx.execute(
        sql`select set_config('max_parallel_workers_per_gather', '0', true), set_config('enable_hashjoin', 'off', true),
              set_config('enable_mergejoin', 'off', true)`,
      );
      return queryRows<T>(tx, query);
    },
    { accessMode: "read only" },
  );
}

/** The workspaces the user is a member of, as a subquery. */
function memberWorkspaces(userId: string) {
  return sql`(select workspace_id from workspace_members where user_id = ${userId})`;
}

function tsquery(text: string) {
  return sql`to_tsquery('simple', ${text})`;
}

type Counted = { total: number | null };

/** A vector's condition: `tsquery` matches it. */
type Match = (vector: SQL) => SQL;

/**
 * Steps 1 and 2 of every type's query, ready for the details' select: `candidates(match)`
 * must select `id`, `search` and `tiebreak` (newest first among equal ranks) of the rows
 * whose vector `match`es. Whole-word matches are gathered first, and the prefix-only ones
 * only if there are too few: a word in thousands of rows fills the candidates from its own
 * index entry at once, without the index merging every word it begins (docs/decisions/018).
 * The answer always has one row at least (with null columns when the page is empty) so the
 * count comes back.
 */
function rankedPage(candidates: (match: Match) => SQL, text: string, limit: number, details: SQL, joins: SQL) {
  // The terms are letters and digits: ":*" is only ever a prefix mark.
  const exact = text.replaceAll(":*", "");
  const whole: Match = (vector) => sql`${vector} @@ ${tsquery(exact)}`;
  const prefixOnly: Match = (vector) => sql`${vector} @@ ${tsquery(text)} and not ${vector} @@ ${tsquery(exact)}`;
  // Append runs its second branch only when the first has given fewer rows than the limit.
  const found = exact === text ? candidates(whole) : sql`(${candidates(whole)}) union all (${candidates(prefixOnly)})`;
  return sql`
    with candidates as (select * from (${found}) as found limit ${SEARCH_CANDIDATES + 1}),
    page as (
      select id, ts_rank(search, ${tsquery(text)}) as rank, tiebreak
      from candidates
      order by rank desc, tiebreak desc, id
      limit ${limit}
    ),
    counted as (select count(*)::int as total from candidates)
    select ${details}, counted.total
    from counted
    left join page on true
    ${joins}
    order by page.rank desc, page.tiebreak desc, page.id`;
}

function group<R extends Counted, T>(rows: R[], present: (row: R) => boolean, toHit: (row: R) => T): SearchGroup<T> {
  const total = Number(rows[0]?.total ?? 0);
  return {
    items: rows.filter(present).map(toHit),
    total: Math.min(total, SEARCH_CANDIDATES),
    capped: total > SEARCH_CANDIDATES,
  };
}

const headline = (text: SQL, query: string, options: string) =>
  sql`ts_headline('simple', translate(${text}, ${MARKERS}, ''), ${tsquery(query)}, ${options})`;
/** Long texts are highlighted on their first 10,000 characters only. */
const excerpt = (column: SQL, query: string) => headline(sql`left(${column}, 10000)`, query, EXCERPT);

/** A description's or comment's passage: its Markdown as plain text, the matches marked; null when nothing matched. */
function excerptOf(value: string | null) {
  if (!value) return null;
  const marked = splitMarks(markdownToPlainText(value));
  return isMarked(marked) ? marked : null;
}

type ProjectRow = Counted & {
  id: string | null;
  name: string;
  key: string;
  color: string;
  workspace: string;
  archived: boolean;
  excerpt: string | null;
};

async function searchProjects(userId: string, text: string, limit: number) {
  const rows = await readRows<ProjectRow>(
    rankedPage(
      (match) =>
        sql`select p.id, p.search, p.updated_at as tiebreak from projects p
          where ${match(sql`p.search`)} and p.deleted_at is null
            and p.workspace_id in ${memberWorkspaces(userId)}`,
      text,
      limit,
      sql`p.public_id as id, ${headline(sql`p.name`, text, WHOLE)} as name, p.key, p.color, w.name as workspace,
          p.archived_at is not null as archived, ${excerpt(sql`p.description`, text)} as excerpt`,
      sql`left join projects p on p.id = page.id left join workspaces w on w.id = p.workspace_id`,
    ),
  );
  return group(
    rows,
    (row) => row.id !== null,
    (row): ProjectHit => ({
      id: row.id!,
      name: splitMarks(row.name),
      key: row.key,
      color: row.color,
      workspace: row.workspace,
      archived: row.archived,
      excerpt: excerptOf(row.excerpt),
    }),
  );
}

type TaskRow = Counted & {
  id: string | null;
  projectId: string;
  projectKey: string;
  number: number;
  title: string;
  project: string;
  archived: boolean;
  excerpt: string | null;
};

const TASK_DETAILS = (title: SQL, description: SQL) => sql`
  t.public_id as id, p.public_id as "projectId", p.key as "projectKey", t.number, ${title} as title,
  p.name as project, (t.archived_at is not null or p.archived_at is not null) as archived, ${description} as excerpt`;

function toTaskHit(row: TaskRow, exact: boolean): TaskHit {
  return {
    id: row.id!,
    projectId: row.projectId,
    key: `${row.projectKey}-${row.number}`,
    title: exact ? [row.title] : splitMarks(row.title),
    project: row.project,
    archived: row.archived,
    excerpt: exact ? null : excerptOf(row.excerpt),
    exact,
  };
}

/** Tasks by key ("WEB-12", exact) first, then by their words. */
async function searchTasks(userId: string, query: SearchQuery, limit: number): Promise<SearchGroup<TaskHit>> {
  const [exact, byText] = await Promise.all([
    query.key && limit > 0 ? taskByKey(userId, query.key) : Promise.resolve([]),
    query.tsquery ? tasksByText(userId, query.tsquery, limit) : Promise.resolve(empty<TaskHit>()),
  ]);
  const found = new Set(exact.map((hit) => hit.id));
  const extra = exact.filter((hit) => !byText.items.some((item) => item.id === hit.id)).length;
  return {
    items: [...exact, ...byText.items.filter((hit) => !found.has(hit.id))].slice(0, Math.max(limit, exact.length)),
    total: byText.total + extra,
    capped: byText.capped,
  };
}

async function taskByKey(userId: string, key: NonNullable<SearchQuery["key"]>) {
  const rows = await readRows<TaskRow>(sql`select ${TASK_DETAILS(sql`t.title`, sql`null`)}, 1 as total
        from tasks t join projects p on p.id = t.project_id
        where p.key = ${key.project} and t.number = ${key.number}
          and t.deleted_at is null and p.deleted_at is null
          and p.workspace_id in ${memberWorkspaces(userId)}
        order by p.updated_at desc
        limit 5`);
  return rows.map((row) => toTaskHit(row, true));
}

/** The tasks' text query (also for the bench's EXPLAIN ANALYZE). */
export function tasksByTextQuery(userId: string, text: string, limit: number) {
  return rankedPage(
    (match) =>
      sql`select t.id, t.search, t.updated_at as tiebreak from tasks t
        join projects p on p.id = t.project_id and p.deleted_at is null
        where ${match(sql`t.search`)} and t.deleted_at is null
          and t.workspace_id in ${memberWorkspaces(userId)}`,
    text,
    limit,
    TASK_DETAILS(headline(sql`t.title`, text, WHOLE), excerpt(sql`t.description`, text)),
    sql`left join tasks t on t.id = page.id left join projects p on p.id = t.project_id`,
  );
}

async function tasksByText(userId: string, text: string, limit: number) {
  const rows = await readRows<TaskRow>(tasksByTextQuery(userId, text, limit));
  return group(
    rows,
    (row) => row.id !== null,
    (row) => toTaskHit(row, false),
  );
}

type CommentRow = Counted & {
  id: string | null;
  taskId: string;
  projectId: string;
  projectKey: string;
  number: number;
  taskTitle: string;
  author: string | null;
  excerpt: string;
};

async function searchComments(userId: string, text: string, limit: number) {
  const rows = await readRows<CommentRow>(
    rankedPage(
      (match) =>
        sql`select c.id, c.search, c.created_at as tiebreak from comments c
          join tasks t on t.id = c.task_id and t.deleted_at is null
          join projects p on p.id = t.project_id and p.deleted_at is null
          where ${match(sql`c.search`)} and c.deleted_at is null
            and t.workspace_id in ${memberWorkspaces(userId)}`,
      text,
      limit,
      sql`c.public_id as id, t.public_id as "taskId", p.public_id as "projectId", p.key as "projectKey",
          t.number, t.title as "taskTitle", coalesce(nullif(pr.full_name, ''), pr.email) as author,
          ${excerpt(sql`c.body`, text)} as excerpt`,
      sql`left join comments c on c.id = page.id left join tasks t on t.id = c.task_id
          left join projects p on p.id = t.project_id left join profiles pr on pr.id = c.author_id`,
    ),
  );
  return group(
    rows,
    (row) => row.id !== null,
    (row): CommentHit => ({
      id: row.id!,
      taskId: row.taskId,
      projectId: row.projectId,
      taskKey: `${row.projectKey}-${row.number}`,
      taskTitle: row.taskTitle,
      author: row.author ?? "A former member",
      excerpt: splitMarks(markdownToPlainText(row.excerpt)),
    }),
  );
}

type TemplateRow = Counted & {
  id: string | null;
  name: string;
  category: string;
  builtIn: boolean;
  excerpt: string | null;
};

async function searchTemplates(userId: string, text: string, limit: number) {
  const rows = await readRows<TemplateRow>(
    rankedPage(
      (match) =>
        sql`select tp.id, tp.search, tp.updated_at as tiebreak from templates tp
          where ${match(sql`tp.search`)}
            and (tp.workspace_id is null or tp.workspace_id in ${memberWorkspaces(userId)})`,
      text,
      limit,
      sql`tp.public_id as id, ${headline(sql`tp.name`, text, WHOLE)} as name, tp.category,
          tp.workspace_id is null as "builtIn", ${excerpt(sql`tp.description`, text)} as excerpt`,
      sql`left join templates tp on tp.id = page.id`,
    ),
  );
  return group(
    rows,
    (row) => row.id !== null,
    (row): TemplateHit => ({
      id: row.id!,
      name: splitMarks(row.name),
      category: row.category,
      builtIn: row.builtIn,
      excerpt: excerptOf(row.excerpt),
    }),
  );
}

type MemberRow = Counted & {
  id: string | null;
  email: string;
  nameMarked: string;
  emailMarked: string;
  workspaceId: string;
  workspace: string;
};

/** An e-mail address as words: its separators become spaces (the same length, for `splitMarks`). */
const emailWords = (column: SQL) => sql`translate(${column}, '@.+-_', '     ')`;

/**
 * The people the user shares a workspace with (themselves included), by name or e-mail.
 * Profiles have no search column: the co-members are few, so their vectors are made here.
 */
async function searchMembers(userId: string, text: string, limit: number) {
  const memberVector = sql`to_tsvector('simple', coalesce(pr.full_name, '') || ' ' || ${emailWords(sql`pr.email`)})`;
  const rows = await readRows<MemberRow>(
    rankedPage(
      (match) =>
        sql`select pr.id, ${memberVector} as search, pr.updated_at as tiebreak
          from profiles pr
          where pr.id in (
            select theirs.user_id from workspace_members mine
            join workspace_members theirs on theirs.workspace_id = mine.workspace_id
            where mine.user_id = ${userId})
          and ${match(memberVector)}`,
      text,
      limit,
      sql`pr.id, pr.email, ${headline(sql`coalesce(nullif(pr.full_name, ''), split_part(pr.email, '@', 1))`, text, WHOLE)} as "nameMarked",
          ${headline(emailWords(sql`pr.email`), text, WHOLE)} as "emailMarked",
          shared.public_id as "workspaceId", shared.name as workspace`,
      sql`left join profiles pr on pr.id = page.id
          left join lateral (
            select w.public_id, w.name from workspace_members mine
            join workspace_members theirs on theirs.workspace_id = mine.workspace_id and theirs.user_id = pr.id
            join workspaces w on w.id = mine.workspace_id
            where mine.user_id = ${userId}
            order by w.personal, lower(w.name), w.id
            limit 1
          ) shared on true`,
    ),
  );
  return group(
    rows,
    (row) => row.id !== null,
    (row): MemberHit => ({
      name: splitMarks(row.nameMarked),
      email: splitMarks(row.emailMarked, row.email),
      workspaceId: row.workspaceId,
      workspace: row.workspace,
    }),
  );
}
