import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";

import ical, { escape, ICalEvent, ICalEventTransparency, type ICalCalendar } from "ical-generator";
import { sql } from "drizzle-orm";

import { db } from "../db";
import { queryRows } from "../db/client";
import { prepared } from "../db/prepared";
import { calendarFeeds, projects } from "../db/schema";
import { env } from "../env";
import { logger } from "../logger";
import { hashToken } from "../security/tokens";
import { addDays } from "~/utils/calendar-month";
import { markFeedFetched } from "./feeds";

/**
 * The iCalendar (RFC 5545) answer of a feed URL: its tasks with a due date as all-day
 * VEVENTs (from the start date when there is one; Google Calendar, Apple Calendar and
 * Fastmail ignore VTODO), and its team-calendar events with their attendees, times in UTC.
 * Bounded: tasks due from 90 days ago to two years ahead (at most 5,000), events overlapping
 * the same window (at most 1,000).
 *
 * A calendar app polls the same URL again and again, mostly for nothing new. The feed's
 * content can only change when something is recorded in one of its workspaces (every write
 * is a command that records activity) or when the day changes, so each process keeps the
 * last answer of each feed, gzipped, under a key made of those: the latest activity of each
 * workspace the feed reads (one index lookup each, in the same statement that finds the
 * feed) and today's date. A poll then costs one statement; `If-None-Match` with the answer's
 * `ETag` (a hash of its bytes) gets 304. Names shown in the feed (attendees') are read again
 * at least every 15 minutes.
 */
export const FEED_PAST_DAYS = 90;
export const FEED_FUTURE_DAYS = 730;
export const FEED_MAX_TASKS = 5_000;
export const FEED_MAX_EVENTS = 1_000;
const CACHE_MAX_AGE_MS = 15 * 60_000;
const CACHE_MAX_BYTES = 32 * 1024 * 1024;
/** Calendar apps are asked to poll hourly (REFRESH-INTERVAL; most poll on their own schedule anyway). */
const REFRESH_SECONDS = 3600;

const TOKEN_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

type Feed = {
  id: string;
  userId: string;
  projectId: string | null;
  projectPublicId: string | null;
  projectName: string | null;
  lastFetchedAt: Date | null;
  /** The latest activity of each workspace it reads; null: its owner may no longer see it. */
  version: string | null;
};

/**
 * The feed with this token, and the version of what it shows: its owner's workspaces (or the
 * project's, while its owner is a member and it is not deleted), each with its latest
 * activity's sequence. One prepared statement: what a poll whose answer is cached costs.
 */
const feedByHash = prepared((database) =>
  database
    .select({
      id: calendarFeeds.id,
      userId: calendarFeeds.userId,
      projectId: calendarFeeds.projectId,
      projectPublicId: projects.publicId,
      projectName: projects.name,
      lastFetchedAt: calendarFeeds.lastFetchedAt,
      version: sql<string | null>`(
        select string_agg(m.workspace_id::text || ':' || coalesce((
          select max(a.sequence) from activity a where a.workspace_id = m.workspace_id
        ), 0)::text, ',' order by m.workspace_id)
        from workspace_members m
        where m.user_id = ${calendarFeeds.userId}
          and (${calendarFeeds.projectId} is null or m.workspace_id = ${projects.workspaceId})
      )`,
    })
    .from(calendarFeeds)
    .leftJoin(projects, sql`${projects.id} = ${calendarFeeds.projectId} and ${projects.deletedAt} is null`)
    .where(sql`${calendarFeeds.tokenHash} = ${sql.placeholder("hash")}`)
    .prepare("calendar_feed_by_hash"),
);

async function feedOfToken(token: string): Promise<Feed | null> {
  const [row] = await feedByHash().execute({ hash: hashToken(token) });
  if (!row) return null;
  // A project's feed whose project is gone, or whose owner left its workspace, is no feed.
  if (row.projectId && (!row.projectPublicId || !row.version)) return null;
  return row;
}

type TaskRow = {
  id: string;
  number: number;
  title: string;
  key: string;
  project_id: string;
  project: string;
  status: string;
  start_date: string | null;
  due_date: string;
  done: boolean;
  updated_ms: number;
};

type EventRow = {
  id: string;
  title: string;
  description: string;
  all_day: boolean;
  starts_ms: number;
  ends_ms: number;
  updated_ms: number;
  project: string | null;
  attendees: { name: string | null; email: string }[] | string;
};

/** The window's first and last day (UTC) as of `today`. */
export function feedWindow(today: string) {
  return { from: addDays(today, -FEED_PAST_DAYS), to: addDays(today, FEED_FUTURE_DAYS) };
}

/** The tasks the feed shows: assigned to its owner in their workspaces, or the project's; live, due in the window. */
function feedTasks(feed: Feed, window: { from: string; to: string }) {
  const scope = feed.projectId
    ? sql`t.project_id = ${feed.projectId}`
    : sql`t.id in (select ta.task_id from task_assignees ta where ta.user_id = ${feed.userId})
        and t.workspace_id in (select m.workspace_id from workspace_members m where m.user_id = ${feed.userId})
        and p.archived_at is null`;
  return queryRows<TaskRow>(
    db(),
    sql`
      select t.public_id as id, t.number, t.title, p.key, p.public_id as project_id, p.name as project,
        s.name as status, t.start_date::text as start_date, t.due_date::text as due_date,
        (s.category = 'done' or t.completed_at is not null) as done,
        (extract(epoch from t.updated_at) * 1000)::float8 as updated_ms
      from tasks t
      join projects p on p.id = t.project_id
      join statuses s on s.id = t.status_id
      where ${scope}
        and t.deleted_at is null and t.archived_at is null and p.deleted_at is null
        and t.due_date >= ${window.from}::date and t.due_date <= ${window.to}::date
      order by t.due_date, t.number, t.id
      limit ${FEED_MAX_TASKS}`,
  );
}

/** The events: those its owner attends or made in their workspaces, or the project's; overlapping the window. */
function feedEvents(feed: Feed, window: { from: string; to: string }) {
  const scope = feed.projectId
    ? sql`e.project_id = ${feed.projectId}`
    : sql`e.workspace_id in (select m.workspace_id from workspace_members m where m.user_id = ${feed.userId})
        and (e.created_by = ${feed.userId}
          or exists (select 1 from calendar_event_attendees x where x.event_id = e.id and x.user_id = ${feed.userId}))`;
  return queryRows<EventRow>(
    db(),
    sql`
      select e.public_id as id, e.title, e.description, e.all_day,
        (extract(epoch from e.starts_at) * 1000)::float8 as starts_ms,
        (extract(epoch from e.ends_at) * 1000)::float8 as ends_ms,
        (extract(epoch from e.updated_at) * 1000)::float8 as updated_ms,
        p.name as project,
        coalesce((
          select json_agg(json_build_object('name', pr.full_name, 'email', pr.email) order by pr.email)
          from calendar_event_attendees a join profiles pr on pr.id = a.user_id
          where a.event_id = e.id
        ), '[]') as attendees
      from calendar_events e
      left join projects p on p.id = e.project_id and p.deleted_at is null
      where ${scope}
        and e.ends_at >= ${`${window.from}T00:00:00Z`}::timestamptz
        and e.starts_at < ${`${addDays(window.to, 1)}T00:00:00Z`}::timestamptz
      order by e.starts_at, e.id
      limit ${FEED_MAX_EVENTS}`,
  );
}

/**
 * RFC 5545's line folding (3.1: lines of at most 75 octets, continued after CRLF and a
 * space), counting UTF-8 bytes and never splitting a character. ical-generator folds the
 * same way, but makes a TextEncoder per character: 270 ms for a feed of 1,050 events.
 */
export function foldLines(text: string) {
  const lines = text.split("\r\n");
  for (let n = 0; n < lines.length; n++) {
    const line = lines[n]!;
    if (line.length <= 75 && Buffer.byteLength(line) <= 75) continue;
    let folded = "";
    let octets = 0;
    for (let i = 0; i < line.length; i++) {
      const code = line.charCodeAt(i);
      let char = line[i]!;
      let size = code < 0x80 ? 1 : code < 0x800 ? 2 : 3;
      if (code >= 0xd800 && code <= 0xdbff && i + 1 < line.length) {
        char += line[++i];
        size = 4;
      }
      octets += size;
      if (octets > 75) {
        folded += "\r\n ";
        octets = size + 1;
      }
      folded += char;
    }
    lines[n] = folded;
  }
  return lines.join("\r\n");
}

const dayStart = (day: string) => new Date(`${day}T00:00:00Z`);

/** The feed as iCalendar text, from its rows. */
export function feedText(
  feed: Pick<Feed, "projectName">,
  tasks: TaskRow[],
  events: EventRow[],
  appUrl: string,
): string {
  const host = new URL(appUrl).hostname;
  const name = feed.projectName ? `${feed.projectName} · Plotline` : "My work · Plotline";
  const calendar: ICalCalendar = ical({
    prodId: { company: "Plotline", product: "Plotline", language: "EN" },
    ttl: REFRESH_SECONDS,
  });
  // ical-generator writes the name as it is given: escaped here (a comma or a semicolon in a project's name).
  calendar.name(escape(name, false));
  // Its head (the calendar's properties) as ical-generator writes it, then the events.
  const head = calendar.toString().replace(/END:VCALENDAR(\r\n)?$/, "");
  if (!head.endsWith("\r\n")) throw new Error("ical-generator's calendar does not end as expected");
  let body = "";
  for (const task of tasks) {
    const link = `${appUrl}/app/project/${task.project_id}/task/${task.id}`;
    const start = task.start_date && task.start_date <= task.due_date ? task.start_date : task.due_date;
    const updated = new Date(Number(task.updated_ms));
    body += new ICalEvent(
      {
        id: `task-${task.id}@${host}`,
        allDay: true,
        start: dayStart(start),
        end: dayStart(addDays(task.due_date, 1)),
        summary: `${task.done ? "✓ " : ""}${task.key}-${task.number} ${task.title}`,
        description: `${task.project} · ${task.status}${start !== task.due_date ? ` · due ${task.due_date}` : ""}\n${link}`,
        url: link,
        stamp: updated,
        lastModified: updated,
        transparency: ICalEventTransparency.TRANSPARENT,
      },
      calendar,
    ).toString();
  }
  for (const row of events) {
    const link = `${appUrl}/app/calendar/event/${row.id}`;
    const updated = new Date(Number(row.updated_ms));
    const attendees: { name: string | null; email: string }[] =
      typeof row.attendees === "string" ? JSON.parse(row.attendees) : row.attendees;
    const description = [row.description, row.project ? `Project: ${row.project}` : "", link].filter(Boolean);
    body += new ICalEvent(
      {
        id: `event-${row.id}@${host}`,
        allDay: row.all_day,
        start: new Date(Number(row.starts_ms)),
        end: new Date(Number(row.ends_ms)),
        summary: row.title,
        description: description.join("\n\n"),
        url: link,
        stamp: updated,
        lastModified: updated,
        attendees: attendees.map((person) => ({
          email: person.email,
          name: person.name || undefined,
        })),
      },
      calendar,
    ).toString();
  }
  return head + foldLines(body) + "END:VCALENDAR\r\n";
}

type Cached = { key: string; etag: string; gzip: Buffer; builtAt: number };
/** Each feed's last answer in this process, most recently used last, at most CACHE_MAX_BYTES in all. */
const cache = new Map<string, Cached>();
let cachedBytes = 0;

function remember(feedId: string, entry: Cached) {
  forget(feedId);
  cache.set(feedId, entry);
  cachedBytes += entry.gzip.length;
  for (const [id, old] of cache) {
    if (cachedBytes <= CACHE_MAX_BYTES) break;
    cache.delete(id);
    cachedBytes -= old.gzip.length;
  }
}

function forget(feedId: string) {
  const old = cache.get(feedId);
  if (!old) return;
  cache.delete(feedId);
  cachedBytes -= old.gzip.length;
}

/** Forgets every cached answer (tests that change what a feed shows behind the activity log's back). */
export function clearFeedCache() {
  cache.clear();
  cachedBytes = 0;
}

function etagOf(text: string) {
  return `"${createHash("sha256").update(text).digest("base64url").slice(0, 32)}"`;
}

/** Whether `If-None-Match` names this ETag (weak or strong alike, as GET compares them), or is `*`. */
function matches(ifNoneMatch: string | null, etag: string) {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(",")
    .map((tag) => tag.trim().replace(/^W\//, ""))
    .some((tag) => tag === "*" || tag === etag);
}

function acceptsGzip(request: Request) {
  return /\bgzip\b/i.test(request.headers.get("accept-encoding") ?? "");
}

const NOT_FOUND = () =>
  new Response("This calendar feed does not exist or was turned off.\n", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * Answers `GET /calendar/feed/<token>.ics`: 404 for a token that is not a feed's (unknown,
 * regenerated, revoked, or its owner can no longer see it), 304 when `If-None-Match` names
 * the current answer, else the feed (gzipped when the client takes it).
 */
export async function serveFeed(file: string, request: Request, now = new Date()): Promise<Response> {
  const token = TOKEN_FILE.exec(file)?.[1];
  if (!token) return NOT_FOUND();
  const feed = await feedOfToken(token);
  if (!feed) return NOT_FOUND();
  const today = now.toISOString().slice(0, 10);
  const key = `${today}|${feed.version ?? ""}`;
  let entry = cache.get(feed.id);
  if (!entry || entry.key !== key || now.getTime() - entry.builtAt > CACHE_MAX_AGE_MS) {
    const window = feedWindow(today);
    const [tasks, events] = await Promise.all([feedTasks(feed, window), feedEvents(feed, window)]);
    const text = feedText(feed, tasks, events, env().appUrl);
    entry = {
      key,
      etag: etagOf(text),
      gzip: gzipSync(text),
      builtAt: now.getTime(),
    };
    remember(feed.id, entry);
  } else {
    // Most recently used last: the byte bound drops the feeds nobody polls first.
    remember(feed.id, entry);
  }
  await markFeedFetched(feed.id, feed.lastFetchedAt).catch((error: unknown) =>
    logger.warn({ err: error }, "could not mark a calendar feed fetched"),
  );
  const headers = new Headers({
    ETag: entry.etag,
    // A secret URL: no shared cache keeps it; clients revalidate with If-None-Match.
    "Cache-Control": "private, no-cache",
    Vary: "Accept-Encoding",
    "X-Robots-Tag": "noindex",
  });
  if (matches(request.headers.get("if-none-match"), entry.etag)) return new Response(null, { status: 304, headers });
  headers.set("Content-Type", "text/calendar; charset=utf-8");
  headers.set("Content-Disposition", 'inline; filename="plotline.ics"');
  if (acceptsGzip(request)) {
    headers.set("Content-Encoding", "gzip");
    return new Response(new Uint8Array(entry.gzip), { status: 200, headers });
  }
  return new Response(new Uint8Array(gunzipSync(entry.gzip)), { status: 200, headers });
}
