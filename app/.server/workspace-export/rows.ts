import { and, asc, eq, gt, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { alias, type PgColumn } from "drizzle-orm/pg-core";

import { db } from "../db";
import {
  attachments,
  calendarEventAttendees,
  calendarEvents,
  checklistItems,
  comments,
  labels,
  messages,
  profiles,
  projects,
  statuses,
  taskAssignees,
  taskFollowers,
  taskLabels,
  taskRelations,
  tasks,
  templates,
  workspaceMembers,
} from "../db/schema";
import type { Entity } from "./format";

/**
 * The export's rows, entity by entity, read in keyset pages of PAGE rows (by id, or by the
 * pair that keys a link table), so a workspace of any size streams through in bounded memory.
 * Each row is what its JSON line holds: public ids for references, e-mails for people,
 * instants as ISO strings. Deleted projects, tasks, comments and messages are left out, and
 * so is what hangs only from them.
 */
export const PAGE = 500;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const creator = alias(profiles, "creator");
const person = alias(profiles, "person");
const parent = alias(tasks, "parent");
const fromTask = alias(tasks, "from_task");
const toTask = alias(tasks, "to_task");

/** Reads pages until one comes back short; `page` gets the last row of the previous one. */
async function* keyset<R, O>(page: (last: R | undefined) => Promise<R[]>, map: (row: R) => O): AsyncGenerator<O> {
  let last: R | undefined;
  for (;;) {
    const rows = await page(last);
    for (const row of rows) yield map(row);
    if (rows.length < PAGE) return;
    last = rows.at(-1);
  }
}

const after = (column: SQL.Aliased | SQL | Parameters<typeof gt>[0], last: string | undefined) =>
  last === undefined ? undefined : gt(column as Parameters<typeof gt>[0], last);
/** `(a, b) > (x, y)`, for the link tables keyed by a pair. */
const afterPair = (a: unknown, b: unknown, last: { a: string; b: string } | undefined) =>
  last === undefined ? undefined : sql`(${a}, ${b}) > (${last.a}, ${last.b})`;

/** The workspace's live tasks (not deleted, in a project not deleted). */
function liveTask(
  workspaceId: string,
  table: { workspaceId: PgColumn; deletedAt: PgColumn; projectId: PgColumn } = tasks,
) {
  return and(
    eq(table.workspaceId, workspaceId),
    isNull(table.deletedAt),
    sql`exists (select 1 from ${projects} where ${projects.id} = ${table.projectId} and ${projects.deletedAt} is null)`,
  );
}

type Row = Record<string, unknown>;

export function exportRows(entity: Entity, workspaceId: string): AsyncGenerator<Row> {
  const handle = db();
  switch (entity) {
    case "members":
      return keyset(
        async (last?: { a: string; email: string; role: string; name: string | null }) =>
          handle
            .select({
              a: workspaceMembers.userId,
              email: profiles.email,
              role: workspaceMembers.role,
              name: profiles.fullName,
            })
            .from(workspaceMembers)
            .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
            .where(and(eq(workspaceMembers.workspaceId, workspaceId), after(workspaceMembers.userId, last?.a)))
            .orderBy(asc(workspaceMembers.userId))
            .limit(PAGE),
        ({ email, role, name }) => ({ email: email.toLowerCase(), role, name }),
      );
    case "projects":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: projects.id,
              id: projects.publicId,
              key: projects.key,
              name: projects.name,
              description: projects.description,
              color: projects.color,
              taskCounter: projects.taskCounter,
              archivedAt: projects.archivedAt,
              createdBy: creator.email,
              createdAt: projects.createdAt,
              updatedAt: projects.updatedAt,
            })
            .from(projects)
            .leftJoin(creator, eq(creator.id, projects.createdBy))
            .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt), after(projects.id, last?.k)))
            .orderBy(asc(projects.id))
            .limit(PAGE),
        ({ k: _k, archivedAt, createdAt, updatedAt, ...row }) => ({
          ...row,
          archivedAt: iso(archivedAt),
          createdAt: iso(createdAt),
          updatedAt: iso(updatedAt),
        }),
      );
    case "statuses":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: statuses.id,
              id: statuses.publicId,
              project: projects.publicId,
              name: statuses.name,
              color: statuses.color,
              category: statuses.category,
              position: statuses.position,
              createdAt: statuses.createdAt,
            })
            .from(statuses)
            .innerJoin(projects, eq(projects.id, statuses.projectId))
            .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt), after(statuses.id, last?.k)))
            .orderBy(asc(statuses.id))
            .limit(PAGE),
        ({ k: _k, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) }),
      );
    case "labels":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: labels.id,
              id: labels.publicId,
              name: labels.name,
              color: labels.color,
              createdAt: labels.createdAt,
            })
            .from(labels)
            .where(and(eq(labels.workspaceId, workspaceId), after(labels.id, last?.k)))
            .orderBy(asc(labels.id))
            .limit(PAGE),
        ({ k: _k, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) }),
      );
    case "tasks":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: tasks.id,
              id: tasks.publicId,
              project: projects.publicId,
              number: tasks.number,
              title: tasks.title,
              description: tasks.description,
              status: statuses.publicId,
              priority: tasks.priority,
              position: tasks.position,
              parent: parent.publicId,
              startDate: tasks.startDate,
              dueDate: tasks.dueDate,
              estimateMinutes: tasks.estimateMinutes,
              completedAt: tasks.completedAt,
              archivedAt: tasks.archivedAt,
              importKey: tasks.importKey,
              createdBy: creator.email,
              createdAt: tasks.createdAt,
              updatedAt: tasks.updatedAt,
            })
            .from(tasks)
            .innerJoin(projects, eq(projects.id, tasks.projectId))
            .innerJoin(statuses, eq(statuses.id, tasks.statusId))
            .leftJoin(parent, and(eq(parent.id, tasks.parentId), isNull(parent.deletedAt)))
            .leftJoin(creator, eq(creator.id, tasks.createdBy))
            .where(and(liveTask(workspaceId), after(tasks.id, last?.k)))
            .orderBy(asc(tasks.id))
            .limit(PAGE),
        ({ k: _k, completedAt, archivedAt, createdAt, updatedAt, ...row }) => ({
          ...row,
          completedAt: iso(completedAt),
          archivedAt: iso(archivedAt),
          createdAt: iso(createdAt),
          updatedAt: iso(updatedAt),
        }),
      );
    case "task_assignees":
    case "task_followers": {
      const table = entity === "task_assignees" ? taskAssignees : taskFollowers;
      return keyset(
        (last?: { a: string; b: string; task: string; user: string }) =>
          handle
            .select({ a: table.taskId, b: table.userId, task: tasks.publicId, user: person.email })
            .from(table)
            .innerJoin(tasks, eq(tasks.id, table.taskId))
            .innerJoin(person, eq(person.id, table.userId))
            .where(and(liveTask(workspaceId), afterPair(table.taskId, table.userId, last)))
            .orderBy(asc(table.taskId), asc(table.userId))
            .limit(PAGE),
        ({ task, user }) => ({ task, user: user.toLowerCase() }),
      );
    }
    case "task_labels":
      return keyset(
        (last?: { a: string; b: string; task: string; label: string }) =>
          handle
            .select({ a: taskLabels.taskId, b: taskLabels.labelId, task: tasks.publicId, label: labels.publicId })
            .from(taskLabels)
            .innerJoin(tasks, eq(tasks.id, taskLabels.taskId))
            .innerJoin(labels, eq(labels.id, taskLabels.labelId))
            .where(and(liveTask(workspaceId), afterPair(taskLabels.taskId, taskLabels.labelId, last)))
            .orderBy(asc(taskLabels.taskId), asc(taskLabels.labelId))
            .limit(PAGE),
        ({ task, label }) => ({ task, label }),
      );
    case "checklist_items":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: checklistItems.id,
              id: checklistItems.publicId,
              task: tasks.publicId,
              title: checklistItems.title,
              done: checklistItems.done,
              position: checklistItems.position,
              createdAt: checklistItems.createdAt,
            })
            .from(checklistItems)
            .innerJoin(tasks, eq(tasks.id, checklistItems.taskId))
            .where(and(liveTask(workspaceId), after(checklistItems.id, last?.k)))
            .orderBy(asc(checklistItems.id))
            .limit(PAGE),
        ({ k: _k, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) }),
      );
    case "task_relations":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: taskRelations.id,
              id: taskRelations.publicId,
              from: fromTask.publicId,
              to: toTask.publicId,
              kind: taskRelations.kind,
              createdBy: creator.email,
              createdAt: taskRelations.createdAt,
            })
            .from(taskRelations)
            .innerJoin(fromTask, eq(fromTask.id, taskRelations.fromTaskId))
            .innerJoin(toTask, eq(toTask.id, taskRelations.toTaskId))
            .leftJoin(creator, eq(creator.id, taskRelations.createdBy))
            .where(
              and(
                eq(taskRelations.workspaceId, workspaceId),
                liveTask(workspaceId, fromTask),
                liveTask(workspaceId, toTask),
                after(taskRelations.id, last?.k),
              ),
            )
            .orderBy(asc(taskRelations.id))
            .limit(PAGE),
        ({ k: _k, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) }),
      );
    case "comments":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: comments.id,
              id: comments.publicId,
              task: tasks.publicId,
              author: person.email,
              body: comments.body,
              editedAt: comments.editedAt,
              createdAt: comments.createdAt,
            })
            .from(comments)
            .innerJoin(tasks, eq(tasks.id, comments.taskId))
            .leftJoin(person, eq(person.id, comments.authorId))
            .where(and(liveTask(workspaceId), isNull(comments.deletedAt), after(comments.id, last?.k)))
            .orderBy(asc(comments.id))
            .limit(PAGE),
        ({ k: _k, editedAt, createdAt, ...row }) => ({
          ...row,
          editedAt: iso(editedAt),
          createdAt: iso(createdAt),
        }),
      );
    case "attachments":
      return attachmentRows(workspaceId);
    case "templates":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: templates.id,
              id: templates.publicId,
              name: templates.name,
              description: templates.description,
              category: templates.category,
              icon: templates.icon,
              color: templates.color,
              structure: templates.structure,
              createdBy: creator.email,
              createdAt: templates.createdAt,
              updatedAt: templates.updatedAt,
            })
            .from(templates)
            .leftJoin(creator, eq(creator.id, templates.createdBy))
            .where(and(eq(templates.workspaceId, workspaceId), after(templates.id, last?.k)))
            .orderBy(asc(templates.id))
            .limit(PAGE),
        ({ k: _k, createdAt, updatedAt, ...row }) => ({
          ...row,
          createdAt: iso(createdAt),
          updatedAt: iso(updatedAt),
        }),
      );
    case "calendar_events":
      return keysetWithAttendees(workspaceId);
    case "messages":
      return keyset(
        (last?: { k: string }) =>
          handle
            .select({
              k: messages.id,
              id: messages.publicId,
              project: projects.publicId,
              author: person.email,
              body: messages.body,
              mentions: sql<
                string[]
              >`coalesce((select array_agg(lower(p.email) order by lower(p.email)) from ${profiles} p
              where p.id::text in (select jsonb_array_elements_text(${messages.mentions}))), '{}')`,
              editedAt: messages.editedAt,
              createdAt: messages.createdAt,
            })
            .from(messages)
            .innerJoin(projects, eq(projects.id, messages.projectId))
            .leftJoin(person, eq(person.id, messages.authorId))
            .where(
              and(
                eq(messages.workspaceId, workspaceId),
                isNull(projects.deletedAt),
                isNull(messages.deletedAt),
                after(messages.id, last?.k),
              ),
            )
            .orderBy(asc(messages.id))
            .limit(PAGE),
        ({ k: _k, editedAt, createdAt, ...row }) => ({
          ...row,
          editedAt: iso(editedAt),
          createdAt: iso(createdAt),
        }),
      );
  }
}

/** The attachments' rows (their files are added to the zip after them, read a second time). */
export function attachmentRows(workspaceId: string) {
  return keyset(
    (last?: { k: string }) =>
      db()
        .select({
          k: attachments.id,
          id: attachments.publicId,
          task: tasks.publicId,
          uploadedBy: person.email,
          fileName: attachments.fileName,
          contentType: attachments.contentType,
          sizeBytes: attachments.sizeBytes,
          storagePath: attachments.storagePath,
          createdAt: attachments.createdAt,
        })
        .from(attachments)
        .innerJoin(tasks, eq(tasks.id, attachments.taskId))
        .leftJoin(person, eq(person.id, attachments.uploadedBy))
        .where(and(liveTask(workspaceId), after(attachments.id, last?.k)))
        .orderBy(asc(attachments.id))
        .limit(PAGE),
    ({ k: _k, createdAt, ...row }) => ({ ...row, createdAt: iso(createdAt) }),
  );
}

/** The calendar's events, each with its attendees' e-mails (a page's attendees in one query). */
async function* keysetWithAttendees(workspaceId: string): AsyncGenerator<Row> {
  let last: string | undefined;
  for (;;) {
    const rows = await db()
      .select({
        k: calendarEvents.id,
        id: calendarEvents.publicId,
        project: projects.publicId,
        title: calendarEvents.title,
        description: calendarEvents.description,
        allDay: calendarEvents.allDay,
        startsAt: calendarEvents.startsAt,
        endsAt: calendarEvents.endsAt,
        timeZone: calendarEvents.timeZone,
        externalUid: calendarEvents.externalUid,
        createdBy: creator.email,
        createdAt: calendarEvents.createdAt,
      })
      .from(calendarEvents)
      .leftJoin(projects, and(eq(projects.id, calendarEvents.projectId), isNull(projects.deletedAt)))
      .leftJoin(creator, eq(creator.id, calendarEvents.createdBy))
      .where(and(eq(calendarEvents.workspaceId, workspaceId), after(calendarEvents.id, last)))
      .orderBy(asc(calendarEvents.id))
      .limit(PAGE);
    const attendees = rows.length
      ? await db()
          .select({ eventId: calendarEventAttendees.eventId, email: person.email })
          .from(calendarEventAttendees)
          .innerJoin(person, eq(person.id, calendarEventAttendees.userId))
          .where(
            inArray(
              calendarEventAttendees.eventId,
              rows.map((row) => row.k),
            ),
          )
      : [];
    for (const { k, startsAt, endsAt, createdAt, ...row } of rows) {
      yield {
        ...row,
        startsAt: iso(startsAt),
        endsAt: iso(endsAt),
        attendees: attendees
          .filter((attendee) => attendee.eventId === k)
          .map((attendee) => attendee.email.toLowerCase())
          .sort(),
        createdAt: iso(createdAt),
      };
    }
    if (rows.length < PAGE) return;
    last = rows.at(-1)!.k;
  }
}
