import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";
import { z } from "zod";

import type { ActivityInput, Actor } from "../activity/use-case";
import { defineCommand, execute, within } from "../commands/command";
import { memberIdOf, principalOf, type Principal } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import {
  checklistItems,
  labels,
  projects,
  statuses,
  taskAssignees,
  taskFollowers,
  taskLabels,
  taskSeries,
  tasks,
  workspaceMembers,
} from "../db/schema";
import { projectForMember } from "../projects/access";
import { positionsAtEnd } from "./positions";
import { FieldError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { addDays } from "~/utils/calendar-month";
import { daysBetween } from "~/utils/dates";
import {
  defaultRepeat,
  describeRepeat,
  MAX_RULE_LENGTH,
  parseRule,
  PRESETS,
  presetLabel,
  presetOf,
  presetRule,
  REPEAT_MODES,
  type RepeatMode,
} from "~/utils/recurrence";
import { isTimeZone } from "~/utils/time-zones";
import { taskDescription, taskForMember, taskKey, taskState, taskSubject, type TaskAccess } from "./access";
import { id } from "./inputs";
import { createAt, dayIn, isReadableRule, nextOccurrence } from "./recurrence-dates";
import { createTaskCommand } from "./tasks";

/**
 * Repeating tasks (docs/decisions/034-recurring-tasks.md). A task repeats through its series
 * (`task_series`): the rule, the zone it is read in, and the template the next occurrence is
 * made from. Setting, skipping, stopping and "edit all future" are the task's own edits
 * (policy `task.update`); the next occurrence is made by `task.create_occurrence`, run by the
 * scheduler (recurrence-jobs.ts) as the series' owner, composing `task.create` in one unit.
 */

const taskRef = { taskId: id, projectId: id.optional() };
const setRecurrenceInput = z.object({
  ...taskRef,
  rule: z.string().min(1).max(MAX_RULE_LENGTH),
  mode: z.enum(REPEAT_MODES),
  timeZone: z.string().max(64).refine(isTimeZone, { error: "Choose a time zone" }),
});
const taskRefInput = z.object(taskRef);

export type SetRecurrenceInput = z.input<typeof setRecurrenceInput>;
type TaskRef = z.input<typeof taskRefInput>;
type Series = typeof taskSeries.$inferSelect;

const NOT_REPEATING = "This task does not repeat.";

/**
 * The day a rule set on a task starts from: its due date, else its start date (as they are now:
 * the presets offered are for them), else the day it already stands for, else today in the zone.
 */
function ruleDay(task: TaskAccess["task"], timeZone: string, now = new Date()) {
  return task.dueDate ?? task.startDate ?? task.occurrenceOn ?? dayIn(now, timeZone);
}

/** What the next occurrences copy from a task: its fields, checklist, labels, people and dates around `day`. */
async function templateOf(tx: Transaction, task: TaskAccess["task"], day: string) {
  const [items, labelled, assigned] = await Promise.all([
    tx
      .select({ title: checklistItems.title })
      .from(checklistItems)
      .where(eq(checklistItems.taskId, task.id))
      .orderBy(asc(checklistItems.position)),
    tx.select({ labelId: taskLabels.labelId }).from(taskLabels).where(eq(taskLabels.taskId, task.id)),
    tx.select({ userId: taskAssignees.userId }).from(taskAssignees).where(eq(taskAssignees.taskId, task.id)),
  ]);
  return {
    title: task.title,
    description: task.description,
    priority: task.priority,
    checklist: items.map((item) => item.title),
    labelIds: labelled.map((row) => row.labelId),
    assigneeIds: assigned.map((row) => row.userId),
    startOffset: task.startDate ? daysBetween(day, task.startDate) : null,
    dueOffset: task.dueDate ? daysBetween(day, task.dueDate) : null,
  };
}

/** The task's series if it still repeats. */
async function activeSeriesOf(tx: Transaction, task: TaskAccess["task"]) {
  if (!task.seriesId) return null;
  const [series] = await tx
    .select()
    .from(taskSeries)
    .where(and(eq(taskSeries.id, task.seriesId), isNull(taskSeries.stoppedAt)))
    .for("update");
  return series ?? null;
}

async function editableTask(tx: Transaction, principal: Principal, input: TaskRef) {
  const access = await taskForMember(memberIdOf(principal), input.taskId, input.projectId, tx);
  authorize(access.role, "task.update", taskState(access));
  return access;
}

/** The next occurrence of a series on a schedule, after `after`, and when it is made. */
function nextOf(series: Pick<Series, "rule" | "anchorOn" | "mode" | "startOffset" | "timeZone">, after: string) {
  if (series.mode !== "schedule") return { nextOn: null, nextAt: null };
  // `after` is an occurrence (or the anchor): the walk starts there (recurrence-dates.ts).
  const nextOn = nextOccurrence(series.rule, after, after);
  return { nextOn, nextAt: nextOn ? createAt(nextOn, series.startOffset, series.timeZone) : null };
}

/** The readable sentence of a stored series. */
export function sentenceOf(series: Pick<Series, "rule" | "mode" | "anchorOn">) {
  const repeat = parseRule(series.rule, series.anchorOn);
  return repeat ? describeRepeat(repeat, series.mode) : "Repeats";
}

/**
 * Makes the task repeat by `rule` (the Repeat editor's RRULE), or changes how it repeats:
 * the series starts from the task's day and copies it as its template.
 */
export const setRecurrenceCommand = defineCommand({
  name: "task.set_recurrence",
  input: setRecurrenceInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: SetRecurrenceInput) {
    const access = await editableTask(tx, principal, input);
    const { task } = access;
    if (task.parentId) throw new FieldError("rule", "A subtask cannot repeat: make its parent task repeat.");
    const existing = await activeSeriesOf(tx, task);
    let anchor = ruleDay(task, input.timeZone);
    if (existing && task.occurrenceOn && anchor !== task.occurrenceOn) {
      // Another task of the series stands for that day already: this one keeps its own.
      const [clash] = await tx
        .select({ id: tasks.id })
        .from(tasks)
        .where(and(eq(tasks.seriesId, existing.id), eq(tasks.occurrenceOn, anchor)));
      if (clash) anchor = task.occurrenceOn;
    }
    const repeat = parseRule(input.rule, anchor);
    if (!repeat || !isReadableRule(input.rule)) throw new FieldError("rule", "Choose how often the task repeats.");
    const template = await templateOf(tx, task, anchor);
    const shape = { rule: input.rule, anchorOn: anchor, mode: input.mode as RepeatMode, timeZone: input.timeZone };
    // Never again a day that already has its occurrence.
    const latest = existing?.currentOn && existing.currentOn > anchor ? existing.currentOn : anchor;
    const next = nextOf({ ...shape, startOffset: template.startOffset }, latest);
    const values = {
      ...shape,
      ...template,
      ownerId: memberIdOf(principal),
      ...(latest === anchor ? { currentTaskId: task.id, currentOn: anchor } : {}),
      ...next,
      updatedAt: new Date(),
    };
    let seriesId = existing?.id;
    if (existing) {
      await tx.update(taskSeries).set(values).where(eq(taskSeries.id, existing.id));
    } else {
      const [created] = await tx
        .insert(taskSeries)
        .values({
          publicId: newPublicId(),
          workspaceId: task.workspaceId,
          projectId: task.projectId,
          currentTaskId: task.id,
          currentOn: anchor,
          ...values,
        })
        .returning({ id: taskSeries.id });
      seriesId = created!.id;
    }
    if (task.seriesId !== seriesId || task.occurrenceOn !== anchor) {
      await tx.update(tasks).set({ seriesId, occurrenceOn: anchor }).where(eq(tasks.id, task.id));
    }
    const sentence = describeRepeat(repeat, shape.mode);
    await record({
      verb: "task.recurrence_set",
      ...taskSubject(access),
      data: { ...taskDescription(access), rule: input.rule, mode: shape.mode, sentence, nextOn: next.nextOn },
    });
    return { ...summaryOf(access), sentence, nextOn: next.nextOn };
  },
});

export function setRecurrence(actor: Actor, input: SetRecurrenceInput) {
  return execute(setRecurrenceCommand, principalOf(actor), input);
}

/** Stops the series: the tasks made so far stay, no more are made. */
export const stopRecurrenceCommand = defineCommand({
  name: "task.stop_recurrence",
  input: taskRefInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: TaskRef) {
    const access = await editableTask(tx, principal, input);
    const series = await activeSeriesOf(tx, access.task);
    if (!series) throw new FieldError("", NOT_REPEATING);
    await tx
      .update(taskSeries)
      .set({ stoppedAt: new Date(), nextOn: null, nextAt: null, updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id));
    await record({ verb: "task.recurrence_stopped", ...taskSubject(access), data: taskDescription(access) });
    return summaryOf(access);
  },
});

export function stopRecurrence(actor: Actor, input: TaskRef) {
  return execute(stopRecurrenceCommand, principalOf(actor), input);
}

/** Skips the next occurrence of a series on a schedule: the one after it comes instead. */
export const skipOccurrenceCommand = defineCommand({
  name: "task.skip_occurrence",
  input: taskRefInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: TaskRef) {
    const access = await editableTask(tx, principal, input);
    const series = await activeSeriesOf(tx, access.task);
    if (!series) throw new FieldError("", NOT_REPEATING);
    if (series.mode !== "schedule" || !series.nextOn) {
      throw new FieldError("", "The next one comes only once this one is completed: there is no date to skip.");
    }
    const skipped = series.nextOn;
    const next = nextOf(series, skipped);
    await tx
      .update(taskSeries)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id));
    await record({
      verb: "task.occurrence_skipped",
      ...taskSubject(access),
      data: { ...taskDescription(access), skipped, nextOn: next.nextOn },
    });
    return { ...summaryOf(access), skipped, nextOn: next.nextOn };
  },
});

export function skipOccurrence(actor: Actor, input: TaskRef) {
  return execute(skipOccurrenceCommand, principalOf(actor), input);
}

/**
 * "Edit all future": the series' template becomes this task as it is now (title,
 * description, checklist, labels, assignees, priority, dates around its day). Editing only
 * this task is editing the task.
 */
export const updateSeriesCommand = defineCommand({
  name: "task.update_series",
  input: taskRefInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: TaskRef) {
    const access = await editableTask(tx, principal, input);
    const series = await activeSeriesOf(tx, access.task);
    if (!series) throw new FieldError("", NOT_REPEATING);
    const day = access.task.occurrenceOn ?? series.anchorOn;
    const template = await templateOf(tx, access.task, day);
    // The next occurrence is made at the start of its (perhaps new) start date.
    const nextAt = series.nextOn ? createAt(series.nextOn, template.startOffset, series.timeZone) : null;
    await tx
      .update(taskSeries)
      .set({ ...template, nextAt, ownerId: memberIdOf(principal), updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id));
    await record({ verb: "task.series_updated", ...taskSubject(access), data: taskDescription(access) });
    return summaryOf(access);
  },
});

export function updateSeries(actor: Actor, input: TaskRef) {
  return execute(updateSeriesCommand, principalOf(actor), input);
}

const createOccurrenceInput = z.object({
  /** The series' public id. */
  seriesId: id,
  /** The scheduler's clock (ISO), for a series on a schedule: what is due by then is made. */
  asOf: z.iso.datetime(),
  /** After completion: the completed occurrence (public id) and the day it was completed in the series' zone. */
  completed: z.object({ taskId: id, on: z.iso.date() }).optional(),
});
type CreateOccurrenceInput = z.input<typeof createOccurrenceInput>;

/**
 * Makes a series' next occurrence from its template, as its owner (the principal must be
 * that member): `task.create` within the unit, then its checklist and its place in the
 * series. A series on a schedule makes the newest occurrence due by `asOf` (one, however
 * long the scheduler was away); one after completion makes the occurrence after the day its
 * current task was completed. Anything else (stopped, not due, already made) does nothing,
 * so a job that runs twice makes one task.
 */
export const createOccurrenceCommand = defineCommand({
  name: "task.create_occurrence",
  input: createOccurrenceInput,
  policy: "task.create",
  async run(uow, input: CreateOccurrenceInput) {
    const { tx, principal } = uow;
    const [row] = await tx
      .select({ series: taskSeries, projectPublicId: projects.publicId })
      .from(taskSeries)
      .innerJoin(projects, eq(projects.id, taskSeries.projectId))
      .where(and(eq(taskSeries.publicId, input.seriesId), isNull(taskSeries.stoppedAt)))
      .for("update", { of: taskSeries });
    if (!row || row.series.ownerId !== principal.userId) return null;
    const { series } = row;
    const day = await dueDay(tx, series, input);
    if (!day) return null;
    const [taken] = await tx
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.seriesId, series.id), eq(tasks.occurrenceOn, day)));
    let taskId = taken?.id ?? null;
    let created: { id: string; key: string } | null = null;
    if (!taken) {
      const [labelIds, assigneeIds] = await Promise.all([liveLabels(tx, series), liveMembers(tx, series)]);
      created = await within(uow, createTaskCommand, {
        projectId: row.projectPublicId,
        title: series.title,
        description: series.description,
        priority: series.priority,
        startDate: series.startOffset === null ? null : addDays(day, series.startOffset),
        dueDate: series.dueOffset === null ? null : addDays(day, series.dueOffset),
        assigneeIds,
        labelIds,
      });
      const [task] = await tx
        .update(tasks)
        .set({ seriesId: series.id, occurrenceOn: day })
        .where(eq(tasks.publicId, created.id))
        .returning({ id: tasks.id });
      taskId = task!.id;
      if (series.checklist.length > 0) {
        const keys = generateNKeysBetween(null, null, series.checklist.length);
        await tx.insert(checklistItems).values(
          series.checklist.map((title, index) => ({
            publicId: newPublicId(),
            taskId: task!.id,
            title,
            position: keys[index]!,
          })),
        );
      }
    }
    await tx
      .update(taskSeries)
      .set({ currentTaskId: taskId, currentOn: day, ...nextOf(series, day), updatedAt: new Date() })
      .where(eq(taskSeries.id, series.id));
    return created ? { ...created, day } : null;
  },
});

const createOccurrencesInput = z.object({
  /** Public ids of series of the principal's, in one workspace. */
  seriesIds: z.array(id).min(1).max(1000),
  asOf: z.iso.datetime(),
});
type CreateOccurrencesInput = z.input<typeof createOccurrencesInput>;

/**
 * The scheduler's batch: the due occurrences of many series on a schedule, of one owner, in
 * one unit with batched statements (a dozen, plus an activity row per task) rather than
 * `task.create` composed per series, whose ~17 statements a task made 1,000 series take
 * 12 s on PGlite (decision 034; bulk edits and templates do the same, decision 031). It
 * weighs the same policy (`task.create` on each project, the owner's role), writes the same
 * rows, and records the same `task.created` per task as `task.create_occurrence` does.
 */
export const createOccurrencesCommand = defineCommand({
  name: "task.create_occurrences",
  input: createOccurrencesInput,
  policy: "task.create",
  async run({ tx, record, principal }, input: CreateOccurrencesInput) {
    const userId = memberIdOf(principal);
    const now = new Date(input.asOf);
    const rows = await tx
      .select({ series: taskSeries, projectPublicId: projects.publicId })
      .from(taskSeries)
      .innerJoin(projects, eq(projects.id, taskSeries.projectId))
      .where(
        and(
          inArray(taskSeries.publicId, input.seriesIds),
          isNull(taskSeries.stoppedAt),
          eq(taskSeries.ownerId, userId),
          eq(taskSeries.mode, "schedule"),
        ),
      )
      .for("update", { of: taskSeries });
    const due = rows.flatMap((row) => {
      const day = scheduledDay(row.series, now);
      return day ? [{ ...row, day }] : [];
    });
    if (due.length === 0) return [];
    const taken = new Set(
      (
        await tx
          .select({ seriesId: tasks.seriesId, day: tasks.occurrenceOn })
          .from(tasks)
          .where(
            and(
              inArray(
                tasks.seriesId,
                due.map((row) => row.series.id),
              ),
              inArray(tasks.occurrenceOn, [...new Set(due.map((row) => row.day))]),
            ),
          )
      ).map((row) => `${row.seriesId}:${row.day}`),
    );
    const toMake = due.filter((row) => !taken.has(`${row.series.id}:${row.day}`));
    const [labelRows, memberRows] = await Promise.all([
      liveLabelsOf(
        tx,
        toMake.map((row) => row.series),
      ),
      liveMembersOf(
        tx,
        toMake.map((row) => row.series),
      ),
    ]);
    const labelById = new Map(labelRows.map((label) => [label.id, label]));
    const members = new Set(memberRows.map((row) => `${row.workspaceId}:${row.userId}`));
    const made: { id: string; key: string; day: string }[] = [];
    const byProject = new Map<string, typeof toMake>();
    for (const row of toMake) byProject.set(row.projectPublicId, [...(byProject.get(row.projectPublicId) ?? []), row]);
    const created = new Map<string, string>();
    for (const [projectPublicId, group] of byProject) {
      const access = await projectForMember(userId, projectPublicId, tx);
      authorize(access.role, "task.create", { parent: access.project });
      const [status] = await tx
        .select()
        .from(statuses)
        .where(eq(statuses.projectId, access.project.id))
        .orderBy(sql`${statuses.category} <> 'not_started'`, asc(statuses.position))
        .limit(1);
      if (!status) throw new FieldError("status", "Choose one of this project's statuses.");
      const [counter] = await tx
        .update(projects)
        .set({ taskCounter: sql`${projects.taskCounter} + ${group.length}` })
        .where(eq(projects.id, access.project.id))
        .returning({ number: projects.taskCounter });
      const first = counter!.number - group.length + 1;
      const keys = await positionsAtEnd(tx, status.id, group.length);
      const values = group.map((row, index) => {
        const { series, day } = row;
        return {
          publicId: newPublicId(),
          workspaceId: access.project.workspaceId,
          projectId: access.project.id,
          number: first + index,
          title: series.title,
          description: series.description,
          statusId: status.id,
          priority: series.priority,
          position: keys[index]!,
          startDate: series.startOffset === null ? null : addDays(day, series.startOffset),
          dueDate: series.dueOffset === null ? null : addDays(day, series.dueOffset),
          completedAt: status.category === "done" ? new Date() : null,
          createdBy: userId,
          updatedBy: userId,
          seriesId: series.id,
          occurrenceOn: day,
        };
      });
      const inserted = await tx.insert(tasks).values(values).returning({ id: tasks.id, publicId: tasks.publicId });
      const assignees: { taskId: string; userId: string }[] = [];
      const labelled: { taskId: string; labelId: string }[] = [];
      const followers: { taskId: string; userId: string }[] = [];
      const items: { publicId: string; taskId: string; title: string; position: string }[] = [];
      const logged: ActivityInput[] = [];
      for (const [index, row] of group.entries()) {
        const task = inserted[index]!;
        const { series } = row;
        created.set(series.id, task.id);
        const people = series.assigneeIds.filter((person) => members.has(`${series.workspaceId}:${person}`));
        const chosen = series.labelIds.flatMap((labelId) => labelById.get(labelId) ?? []);
        assignees.push(...people.map((person) => ({ taskId: task.id, userId: person })));
        labelled.push(...chosen.map((label) => ({ taskId: task.id, labelId: label.id })));
        followers.push(...[...new Set([userId, ...people])].map((person) => ({ taskId: task.id, userId: person })));
        const positions = series.checklist.length > 0 ? generateNKeysBetween(null, null, series.checklist.length) : [];
        items.push(
          ...series.checklist.map((title, at) => ({
            publicId: newPublicId(),
            taskId: task.id,
            title,
            position: positions[at]!,
          })),
        );
        const key = taskKey(access.project.key, first + index);
        made.push({ id: task.publicId, key, day: row.day });
        logged.push({
          verb: "task.created",
          subjectType: "task",
          subjectId: task.publicId,
          workspaceId: access.project.workspaceId,
          projectId: access.project.id,
          data: {
            key,
            title: series.title,
            status: status.name,
            statusId: status.publicId,
            labels: chosen.length > 0 ? chosen.map((label) => label.name) : undefined,
            labelIds: chosen.length > 0 ? chosen.map((label) => label.publicId) : undefined,
            assigneeIds: people,
            mentions: [],
          },
        });
      }
      // One statement for the group's activity rows (each still its own event).
      await record(logged);
      if (assignees.length > 0) await tx.insert(taskAssignees).values(assignees);
      if (labelled.length > 0) await tx.insert(taskLabels).values(labelled);
      if (followers.length > 0) await tx.insert(taskFollowers).values(followers).onConflictDoNothing();
      for (let start = 0; start < items.length; start += 1000) {
        await tx.insert(checklistItems).values(items.slice(start, start + 1000));
      }
    }
    // Every series advanced in one statement.
    const advanced = due.map((row) => {
      const next = nextOf(row.series, row.day);
      const current = created.get(row.series.id) ?? null;
      return sql`(${row.series.id}::uuid, ${current}::uuid, ${row.day}::date, ${next.nextOn}::date, ${next.nextAt?.toISOString() ?? null}::timestamptz)`;
    });
    await tx.execute(sql`
      update task_series set
        current_task_id = coalesce(v.current_task_id, task_series.current_task_id),
        current_on = v.current_on, next_on = v.next_on, next_at = v.next_at, updated_at = now()
      from (values ${sql.join(advanced, sql`, `)}) as v(id, current_task_id, current_on, next_on, next_at)
      where task_series.id = v.id`);
    return made;
  },
});

/** The labels of the templates that still exist. */
async function liveLabelsOf(tx: Transaction, series: Series[]) {
  const ids = [...new Set(series.flatMap((one) => one.labelIds))];
  if (ids.length === 0) return [];
  return tx
    .select({ id: labels.id, publicId: labels.publicId, name: labels.name, workspaceId: labels.workspaceId })
    .from(labels)
    .where(inArray(labels.id, ids))
    .then((rows) => rows.filter((label) => series.some((one) => one.workspaceId === label.workspaceId)));
}

/** The templates' assignees who are still members of their series' workspace. */
async function liveMembersOf(tx: Transaction, series: Series[]) {
  const people = [...new Set(series.flatMap((one) => one.assigneeIds))];
  const workspaces = [...new Set(series.map((one) => one.workspaceId))];
  if (people.length === 0) return [];
  return tx
    .select({ userId: workspaceMembers.userId, workspaceId: workspaceMembers.workspaceId })
    .from(workspaceMembers)
    .where(and(inArray(workspaceMembers.workspaceId, workspaces), inArray(workspaceMembers.userId, people)));
}

/**
 * The newest occurrence of a series on a schedule due by `now` (one, however long the
 * scheduler was away: the missed ones are not made), or null when none is due.
 */
function scheduledDay(series: Series, now: Date) {
  if (series.mode !== "schedule" || !series.nextOn || !series.nextAt || series.nextAt > now) return null;
  let day = series.nextOn;
  for (let step = 0; step < 1000; step++) {
    const next = nextOccurrence(series.rule, day, day);
    if (!next || createAt(next, series.startOffset, series.timeZone) > now) break;
    day = next;
  }
  return day;
}

/** The day to make now, or null when nothing is due. */
async function dueDay(tx: Transaction, series: Series, input: CreateOccurrenceInput) {
  if (series.mode === "after_completion") {
    if (!input.completed || !series.currentTaskId) return null;
    const [current] = await tx
      .select({ publicId: tasks.publicId, completedAt: tasks.completedAt })
      .from(tasks)
      .where(eq(tasks.id, series.currentTaskId));
    // Only the current occurrence's completion, and only while it is complete.
    if (!current || current.publicId !== input.completed.taskId || !current.completedAt) return null;
    return nextOccurrence(series.rule, input.completed.on, input.completed.on);
  }
  return scheduledDay(series, new Date(input.asOf));
}

/** The template's labels that still exist, by public id. */
async function liveLabels(tx: Transaction, series: Series) {
  if (series.labelIds.length === 0) return [];
  const rows = await tx
    .select({ id: labels.id, publicId: labels.publicId })
    .from(labels)
    .where(and(eq(labels.workspaceId, series.workspaceId), inArray(labels.id, series.labelIds)));
  // In the template's order, as the scheduler's batch keeps it.
  return series.labelIds.flatMap((labelId) => rows.find((row) => row.id === labelId)?.publicId ?? []);
}

/** The template's assignees who are still members. */
async function liveMembers(tx: Transaction, series: Series) {
  if (series.assigneeIds.length === 0) return [];
  const rows = await tx
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, series.workspaceId), inArray(workspaceMembers.userId, series.assigneeIds)),
    );
  return series.assigneeIds.filter((userId) => rows.some((row) => row.userId === userId));
}

function summaryOf(access: TaskAccess) {
  return { id: access.task.publicId, key: taskDescription(access).key };
}

/** Run by the scheduler's jobs, not by a page: the registry test counts them as reached. */
export const RECURRENCE_JOB_COMMANDS = [createOccurrenceCommand, createOccurrencesCommand];

/** What the task page shows of a task's series and offers in its Repeat editor. */
export async function taskRepeat(
  task: Pick<TaskAccess["task"], "seriesId" | "occurrenceOn" | "dueDate" | "startDate" | "parentId">,
  today: string,
) {
  // The day a rule set now would start from (`ruleDay`): the presets are for it.
  const anchor = task.dueDate ?? task.startDate ?? task.occurrenceOn ?? today;
  const [series] = task.seriesId
    ? await db()
        .select({
          rule: taskSeries.rule,
          mode: taskSeries.mode,
          anchorOn: taskSeries.anchorOn,
          nextOn: taskSeries.nextOn,
        })
        .from(taskSeries)
        .where(and(eq(taskSeries.id, task.seriesId), isNull(taskSeries.stoppedAt)))
    : [];
  const repeat = series ? parseRule(series.rule, series.anchorOn) : null;
  const presets = PRESETS.map((preset) => ({ value: presetRule(preset, anchor), label: presetLabel(preset, anchor) }));
  const values = repeat ?? defaultRepeat(anchor);
  const afterCompletion = series?.mode === "after_completion";
  return {
    /** A subtask repeats with its parent, not on its own. */
    canRepeat: !task.parentId,
    series: series
      ? { sentence: sentenceOf(series), mode: series.mode, nextOn: series.nextOn, rule: series.rule }
      : null,
    /** The preset chosen (its rule), "custom", or "" when it does not repeat. */
    chosen: series ? (presetOf(series.rule, series.mode, anchor) ? series.rule : "custom") : "",
    presets,
    values: {
      ...(afterCompletion ? defaultRepeat(anchor) : values),
      mode: series?.mode ?? ("schedule" as RepeatMode),
      afterDays: afterCompletion ? values.interval : 7,
    },
  };
}
export type TaskRepeat = Awaited<ReturnType<typeof taskRepeat>>;
