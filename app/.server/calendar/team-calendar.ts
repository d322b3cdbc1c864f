import { and, asc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";

import { db } from "../db";
import { queryRows } from "../db/client";
import { profiles, projects, workspaceMembers, workspaces } from "../db/schema";
import { can, permissionsOf } from "../policies";
import { addDays, dayName, monthGrid, monthHeader, type Month } from "~/utils/calendar-month";
import { zonedMidnight, zonedParts } from "~/utils/time-zones";
import type {
  DayItems,
  EventDetail,
  EventFormOptions,
  TeamCalendarEvent,
  TeamCalendarMonth,
  TeamCalendarTask,
} from "./views";
import { attendeeIdsOf, eventForMember, eventState } from "./access";

/**
 * What the team calendar reads: a month's grid of events (and, when asked, tasks due) across
 * the user's workspaces, a day's items, an event's page and the event form's choices. Every
 * read joins the user's memberships, so nothing of another workspace is ever read; every
 * list is bounded in SQL.
 */

/** Events and tasks a cell lists before its "+N more" link to the day. */
export const EVENTS_PER_DAY = 3;
export const TASKS_PER_DAY = 3;
/** The most events and tasks a day's page lists (with their totals when a day has more). */
export const DAY_LIMIT = 200;
/** The most members and projects the event form offers. */
export const FORM_OPTIONS_LIMIT = 200;

type Options = { timeZone: string; workspace: string | null };

/** The user's workspaces (public id, name, role), and the internal ids of those the filter keeps. */
async function visibleWorkspaces(userId: string, filter: string | null) {
  const rows = await db()
    .select({ id: workspaces.id, publicId: workspaces.publicId, name: workspaces.name, role: workspaceMembers.role })
    .from(workspaceMembers)
    .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
    .where(eq(workspaceMembers.userId, userId))
    .orderBy(asc(workspaces.createdAt), asc(workspaces.name));
  const chosen = rows.find((row) => row.publicId === filter) ?? null;
  return { all: rows, chosen, ids: chosen ? [chosen.id] : rows.map((row) => row.id) };
}

function formatters(timeZone: string) {
  const time = new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit" });
  const full = new Intl.DateTimeFormat("en-US", { timeZone, dateStyle: "medium", timeStyle: "short" });
  const date = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
  return { time, full, date };
}

type EventRow = {
  day: string;
  id: string;
  title: string;
  all_day: boolean;
  starts_ms: number;
  ends_ms: number;
  color: string | null;
  total: number;
};

/**
 * What a cell says of an event: its start time on its first day, "until 10:00 AM" on the day
 * a long event ends, "All day" for an all-day event and the days a long one fills.
 */
function eventOn(row: EventRow, day: string, timeZone: string, format: ReturnType<typeof formatters>) {
  const starts = new Date(Number(row.starts_ms));
  const ends = new Date(Number(row.ends_ms));
  let when = "All day";
  if (!row.all_day) {
    const startDay = zonedParts(starts, timeZone).day;
    const endDay = zonedParts(ends, timeZone).day;
    if (startDay === day) when = format.time.format(starts);
    else if (endDay === day) when = `until ${format.time.format(ends)}`;
  }
  return { id: row.id, title: row.title, when, allDay: row.all_day, color: row.color } satisfies TeamCalendarEvent;
}

/**
 * Events overlapping each of `days` (in the viewer's zone; all-day events by their UTC days),
 * at most `perDay` a day with the day's total, in one query: the days go in as a VALUES list
 * of their boundaries, computed here so PGlite and PostgreSQL need no time zone data.
 */
async function eventsByDay(workspaceIds: string[], days: string[], timeZone: string, perDay: number) {
  if (workspaceIds.length === 0) return [];
  const bounds = days.map((day) => {
    const next = addDays(day, 1);
    return sql`(${day}::date, ${zonedMidnight(day, timeZone).toISOString()}::timestamptz, ${zonedMidnight(next, timeZone).toISOString()}::timestamptz, ${`${day}T00:00:00Z`}::timestamptz, ${`${next}T00:00:00Z`}::timestamptz)`;
  });
  return queryRows<EventRow>(
    db(),
    sql`
      with days(day, zs, ze, us, ue) as (values ${sql.join(bounds, sql`, `)}),
      hits as (
        select d.day::text as day, e.public_id as id, e.title, e.all_day,
          (extract(epoch from e.starts_at) * 1000)::float8 as starts_ms,
          (extract(epoch from e.ends_at) * 1000)::float8 as ends_ms,
          p.color,
          row_number() over (partition by d.day order by e.all_day desc, e.starts_at, e.title, e.id) as rank,
          (count(*) over (partition by d.day))::int as total
        from days d
        join calendar_events e on e.workspace_id in (${sql.join(
          workspaceIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and (
            (e.all_day and e.starts_at < d.ue and e.ends_at > d.us)
            or (not e.all_day and e.starts_at < d.ze
              and (e.ends_at > d.zs or (e.ends_at = e.starts_at and e.starts_at >= d.zs)))
          )
        left join projects p on p.id = e.project_id and p.deleted_at is null
      )
      select * from hits where rank <= ${perDay} order by day, rank
    `,
  );
}

type TaskRow = {
  due: string;
  id: string;
  number: number;
  title: string;
  done: boolean;
  project_id: string;
  project_key: string;
  project_name: string;
  color: string;
  total: number;
};

/** Live top-level tasks due from `from` to `to` in the live, unarchived projects of the workspaces; `perDay` a day. */
async function tasksByDay(workspaceIds: string[], from: string, to: string, perDay: number) {
  if (workspaceIds.length === 0) return [];
  return queryRows<TaskRow>(
    db(),
    sql`
      with hits as (
        select t.due_date::text as due, t.public_id as id, t.number, t.title,
          t.completed_at is not null as done,
          p.public_id as project_id, p.key as project_key, p.name as project_name, p.color,
          row_number() over (partition by t.due_date order by t.completed_at is not null, p.name, t.number) as rank,
          (count(*) over (partition by t.due_date))::int as total
        from tasks t
        join projects p on p.id = t.project_id
        where p.workspace_id in (${sql.join(
          workspaceIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})
          and p.deleted_at is null and p.archived_at is null
          and t.deleted_at is null and t.archived_at is null and t.parent_id is null
          and t.due_date between ${from}::date and ${to}::date
      )
      select * from hits where rank <= ${perDay} order by due, rank
    `,
  );
}

function toTask(row: TaskRow): TeamCalendarTask {
  return {
    id: row.id,
    key: `${row.project_key}-${Number(row.number)}`,
    title: row.title,
    done: row.done,
    project: { id: row.project_id, name: row.project_name, color: row.color },
  };
}

/** The month grid: its cells with their first events (and tasks, when shown), in two bounded queries. */
export async function teamCalendarMonth(
  userId: string,
  options: Options & { month: Month; showTasks: boolean },
): Promise<TeamCalendarMonth> {
  const { all, chosen, ids } = await visibleWorkspaces(userId, options.workspace);
  const grid = monthGrid(options.month);
  const format = formatters(options.timeZone);
  const [events, tasks] = await Promise.all([
    eventsByDay(
      ids,
      grid.map((cell) => cell.date),
      options.timeZone,
      EVENTS_PER_DAY,
    ),
    options.showTasks ? tasksByDay(ids, grid[0]!.date, grid.at(-1)!.date, TASKS_PER_DAY) : [],
  ]);
  return {
    ...monthHeader(options.month),
    workspaces: all.map((row) => ({ id: row.publicId, name: row.name })),
    workspace: chosen?.publicId ?? null,
    canCreate: all.some((row) => can(row.role, "event.create")),
    days: grid.map((cell) => {
      const dayEvents = events.filter((row) => row.day === cell.date);
      const dayTasks = tasks.filter((row) => row.due === cell.date);
      return {
        ...cell,
        events: dayEvents.map((row) => eventOn(row, cell.date, options.timeZone, format)),
        eventTotal: Number(dayEvents[0]?.total ?? 0),
        tasks: dayTasks.map(toTask),
        taskTotal: Number(dayTasks[0]?.total ?? 0),
      };
    }),
  };
}

/** One day's events and tasks (the first `DAY_LIMIT` of each, with their totals). */
export async function teamCalendarDay(
  userId: string,
  options: Options & { day: string; showTasks: boolean },
): Promise<DayItems> {
  const { all, chosen, ids } = await visibleWorkspaces(userId, options.workspace);
  const format = formatters(options.timeZone);
  const [events, tasks] = await Promise.all([
    eventsByDay(ids, [options.day], options.timeZone, DAY_LIMIT),
    options.showTasks ? tasksByDay(ids, options.day, options.day, DAY_LIMIT) : [],
  ]);
  return {
    date: options.day,
    title: dayName(options.day),
    workspaces: all.map((row) => ({ id: row.publicId, name: row.name })),
    workspace: chosen?.publicId ?? null,
    canCreate: all.some((row) => can(row.role, "event.create")),
    events: events.map((row) => eventOn(row, options.day, options.timeZone, format)),
    eventTotal: Number(events[0]?.total ?? 0),
    tasks: tasks.map(toTask),
    taskTotal: Number(tasks[0]?.total ?? 0),
  };
}

/** An event's page: what it is, when (in the viewer's zone), who attends, and what the viewer may do. */
export async function eventDetail(userId: string, eventId: string, timeZone: string): Promise<EventDetail> {
  const access = await eventForMember(userId, eventId);
  const { event } = access;
  const [attendeeIds, project, creator] = await Promise.all([
    attendeeIdsOf(event.id),
    event.projectId
      ? db()
          .select({ id: projects.publicId, name: projects.name, color: projects.color })
          .from(projects)
          .where(and(eq(projects.id, event.projectId), isNull(projects.deletedAt)))
          .then((rows) => rows[0] ?? null)
      : null,
    event.createdBy ? peopleNamed([event.createdBy]).then((rows) => rows[0] ?? null) : null,
  ]);
  const attendees = await peopleNamed(attendeeIds);
  const permissions = permissionsOf(access.role, eventState(access, userId));
  const format = formatters(timeZone);
  const lastDay = addDays(event.endsAt.toISOString().slice(0, 10), -1);
  const when = event.allDay
    ? lastDay === event.startsAt.toISOString().slice(0, 10)
      ? `${format.date.format(event.startsAt)}, all day`
      : `${format.date.format(event.startsAt)} – ${format.date.format(new Date(`${lastDay}T00:00:00Z`))}, all day`
    : `${format.full.format(event.startsAt)} – ${format.full.format(event.endsAt)}`;
  // The form shows the times in the zone they were typed in, and saves them in it again.
  const start = zonedParts(event.startsAt, event.timeZone);
  const end = zonedParts(event.endsAt, event.timeZone);
  return {
    id: event.publicId,
    title: event.title,
    description: event.description,
    allDay: event.allDay,
    when,
    day: event.allDay ? event.startsAt.toISOString().slice(0, 10) : zonedParts(event.startsAt, timeZone).day,
    workspace: { id: access.workspace.publicId, name: access.workspace.name },
    project,
    creator: creator?.name ?? null,
    attendees,
    canEdit: permissions["event.update"],
    canDelete: permissions["event.delete"],
    form: {
      title: event.title,
      description: event.description,
      allDay: event.allDay,
      startDate: event.allDay ? event.startsAt.toISOString().slice(0, 10) : start.day,
      startTime: event.allDay ? "" : start.time,
      endDate: event.allDay ? lastDay : end.day,
      endTime: event.allDay ? "" : end.time,
      timeZone: event.timeZone,
      projectId: project?.id ?? "",
      attendeeIds,
    },
  };
}

async function peopleNamed(userIds: string[]) {
  if (userIds.length === 0) return [];
  const rows = await db()
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(inArray(profiles.id, userIds));
  return rows
    .map((row) => ({ id: row.id, name: row.fullName?.trim() || row.email || "Unknown member" }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * The event form's choices in one workspace: its live projects and its members (bounded).
 * For a new event, the workspaces the user may add events to and the chosen one (the
 * requested one if allowed, else the first).
 */
export async function eventFormOptions(userId: string, workspace: string | null): Promise<EventFormOptions> {
  const { all } = await visibleWorkspaces(userId, null);
  const creatable = all.filter((row) => can(row.role, "event.create"));
  const chosen = creatable.find((row) => row.publicId === workspace) ?? creatable[0] ?? null;
  return {
    workspaces: creatable.map((row) => ({ id: row.publicId, name: row.name })),
    workspace: chosen?.publicId ?? null,
    ...(chosen ? await workspaceChoices(chosen.id) : { projects: [], members: [] }),
  };
}

/** A workspace's live, unarchived projects and its members, for the event form. */
export async function workspaceChoices(workspaceId: string) {
  const byName = (column: SQL) => asc(sql`lower(${column})`);
  const [projectRows, memberRows] = await Promise.all([
    db()
      .select({ id: projects.publicId, name: projects.name })
      .from(projects)
      .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt), isNull(projects.archivedAt)))
      .orderBy(byName(sql`${projects.name}`))
      .limit(FORM_OPTIONS_LIMIT),
    db()
      .select({ id: workspaceMembers.userId, fullName: profiles.fullName, email: profiles.email })
      .from(workspaceMembers)
      .leftJoin(profiles, eq(profiles.id, workspaceMembers.userId))
      .where(eq(workspaceMembers.workspaceId, workspaceId))
      .orderBy(byName(sql`coalesce(${profiles.fullName}, ${profiles.email})`))
      .limit(FORM_OPTIONS_LIMIT),
  ]);
  return {
    projects: projectRows,
    members: memberRows.map((row) => ({ id: row.id, name: row.fullName?.trim() || row.email || "Unknown member" })),
  };
}
