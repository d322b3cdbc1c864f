import { and, asc, eq, inArray, isNotNull, isNull, lte } from "drizzle-orm";

import { inUnitOfWork, within } from "../commands/command";
import { SYSTEM, type Principal } from "../commands/principal";
import { db } from "../db";
import { projects, statuses, taskSeries, tasks } from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";
import { planJobs } from "../events/bus";
import { enqueue } from "../jobs/queue";
import { defineJob } from "../jobs/registry";
import { logger } from "../logger";
import { taskKey } from "./access";
import { dayIn } from "./recurrence-dates";
import { createOccurrenceCommand, createOccurrencesCommand } from "./recurrence";

/**
 * The scheduler of repeating tasks (docs/decisions/034):
 * - `recurrence.materialise`, an hourly chain of jobs like the reminders' (booked again by
 *   each run, started at boot under a dedupe key): each run makes the occurrences of series
 *   on a schedule whose time has come (the start of their day in the series' zone), so an
 *   occurrence appears within the hour after its day starts.
 * - `recurrence.after_completion`, planned in the transaction that moves a series' current
 *   task into a done status (`planJobs`): it makes the occurrence after the completion day.
 * Both act as the series' owner, a member principal bound to the workspace, so `task.create`
 * weighs the owner's role as if they had added the task; an owner who lost that right stops
 * the series (as the system, with the reason in the log).
 */
export const MATERIALISE_JOB = "recurrence.materialise";
export const AFTER_COMPLETION_JOB = "recurrence.after_completion";
const HOUR_MS = 3_600_000;
/** Series read at a time; a run reads again while more are due, up to MAX_ROUNDS times. */
const PER_RUN = 2000;
const MAX_ROUNDS = 50;
/** Series of one owner made in one unit of work. */
const PER_UNIT = 1000;

/** The member a series acts as, inside its workspace only. */
export function ownerPrincipal(series: { ownerId: string; workspaceId: string }): Principal {
  return {
    kind: "user",
    id: series.ownerId,
    userId: series.ownerId,
    workspaceId: series.workspaceId,
    ip: null,
    clientId: null,
  };
}

export function registerRecurrence() {
  const undefineMaterialise = defineJob(MATERIALISE_JOB, async (_payload, _job, now) => {
    // The next run is booked first, so a run that keeps failing does not end the chain.
    await enqueue(db(), [
      {
        kind: MATERIALISE_JOB,
        runAt: new Date(Math.floor(now.getTime() / HOUR_MS + 1) * HOUR_MS),
        dedupeKey: MATERIALISE_JOB,
      },
    ]);
    let made = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const run = await materialiseDue(now);
      made += run.made;
      if (!run.more) break;
    }
    if (made > 0) logger.info({ made }, "repeating tasks made");
  });
  const undefineAfter = defineJob(AFTER_COMPLETION_JOB, async (payload, _job, now) => {
    const seriesId = String(payload.seriesId);
    const [series] = await db()
      .select({ ownerId: taskSeries.ownerId, workspaceId: taskSeries.workspaceId, timeZone: taskSeries.timeZone })
      .from(taskSeries)
      .where(and(eq(taskSeries.publicId, seriesId), isNull(taskSeries.stoppedAt)));
    if (!series) return;
    const completedAt = new Date(String(payload.completedAt));
    const completed = { taskId: String(payload.taskId), on: dayIn(completedAt, series.timeZone) };
    await makeOne({ publicId: seriesId, ...series }, now, completed);
  });
  const unplan = planJobs(AFTER_COMPLETION_JOB, async (tx, events) => {
    const moved = events.flatMap((event) =>
      event.verb === "task.moved" && event.data.changes.status?.toId ? [event.subjectId] : [],
    );
    if (moved.length === 0) return [];
    const rows = await tx
      .select({ seriesId: taskSeries.publicId, taskId: tasks.publicId, completedAt: tasks.completedAt })
      .from(tasks)
      .innerJoin(taskSeries, and(eq(taskSeries.id, tasks.seriesId), eq(taskSeries.currentTaskId, tasks.id)))
      .innerJoin(statuses, eq(statuses.id, tasks.statusId))
      .where(
        and(
          inArray(tasks.publicId, moved),
          eq(taskSeries.mode, "after_completion"),
          isNull(taskSeries.stoppedAt),
          eq(statuses.category, "done"),
          isNotNull(tasks.completedAt),
        ),
      );
    return rows.map((row) => ({
      kind: AFTER_COMPLETION_JOB,
      payload: { seriesId: row.seriesId, taskId: row.taskId, completedAt: row.completedAt!.toISOString() },
      dedupeKey: `${AFTER_COMPLETION_JOB}:${row.seriesId}`,
    }));
  });
  return () => {
    undefineMaterialise();
    undefineAfter();
    unplan();
  };
}

/** Starts the chain unless it is already waiting (called at boot). */
export async function bootstrapRecurrence(now = new Date()) {
  await enqueue(db(), [{ kind: MATERIALISE_JOB, runAt: now, dedupeKey: MATERIALISE_JOB }]);
}

type Due = { publicId: string; ownerId: string; workspaceId: string };

/**
 * Makes every occurrence due by `now` (at most PER_RUN series), one unit of work per owner
 * and workspace (PER_UNIT series at most); a unit that fails is retried series by series, so
 * one bad series holds up nobody else's. Returns how many tasks were made and whether more
 * series are due.
 */
export async function materialiseDue(now: Date) {
  const due = await db()
    .select({ publicId: taskSeries.publicId, ownerId: taskSeries.ownerId, workspaceId: taskSeries.workspaceId })
    .from(taskSeries)
    .where(and(isNull(taskSeries.stoppedAt), lte(taskSeries.nextAt, now)))
    .orderBy(asc(taskSeries.nextAt))
    .limit(PER_RUN + 1);
  const more = due.length > PER_RUN;
  const groups = new Map<string, Due[]>();
  for (const series of due.slice(0, PER_RUN)) {
    const key = `${series.workspaceId}:${series.ownerId}`;
    const group = groups.get(key) ?? [];
    group.push(series);
    groups.set(key, group);
  }
  let made = 0;
  for (const group of groups.values()) {
    for (let start = 0; start < group.length; start += PER_UNIT) {
      const chunk = group.slice(start, start + PER_UNIT);
      try {
        const created = await inUnitOfWork(ownerPrincipal(chunk[0]!), (uow) =>
          within(uow, createOccurrencesCommand, {
            seriesIds: chunk.map((series) => series.publicId),
            asOf: now.toISOString(),
          }),
        );
        made += created.length;
      } catch {
        for (const series of chunk) made += await makeOne(series, now);
      }
    }
  }
  return { made, more };
}

/** One series in a unit of its own; an owner who may no longer add tasks there stops it. */
async function makeOne(series: Due, now: Date, completed?: { taskId: string; on: string }) {
  try {
    const made = await inUnitOfWork(ownerPrincipal(series), async (uow) =>
      completed
        ? (await within(uow, createOccurrenceCommand, {
            seriesId: series.publicId,
            asOf: now.toISOString(),
            completed,
          }))
          ? 1
          : 0
        : (await within(uow, createOccurrencesCommand, { seriesIds: [series.publicId], asOf: now.toISOString() }))
            .length,
    );
    return made;
  } catch (error) {
    if (error instanceof ForbiddenError || error instanceof NotFoundError) {
      await stopForLostAccess(series.publicId);
      return 0;
    }
    if (completed) throw error; // the job is retried
    logger.error({ err: error, series: series.publicId }, "a repeating task could not be made");
    return 0;
  }
}

/** Stops a series whose owner can no longer add its tasks, as the system, saying why on its task. */
async function stopForLostAccess(seriesPublicId: string) {
  await inUnitOfWork(SYSTEM, async ({ tx, record }) => {
    const [row] = await tx
      .select({ series: taskSeries, task: tasks, projectKey: projects.key })
      .from(taskSeries)
      .innerJoin(projects, eq(projects.id, taskSeries.projectId))
      .leftJoin(tasks, eq(tasks.id, taskSeries.currentTaskId))
      .where(and(eq(taskSeries.publicId, seriesPublicId), isNull(taskSeries.stoppedAt)))
      .for("update", { of: taskSeries });
    if (!row) return;
    await tx
      .update(taskSeries)
      .set({ stoppedAt: new Date(), nextOn: null, nextAt: null, updatedAt: new Date() })
      .where(eq(taskSeries.id, row.series.id));
    if (!row.task) return;
    await record({
      verb: "task.recurrence_stopped",
      subjectType: "task",
      subjectId: row.task.publicId,
      workspaceId: row.series.workspaceId,
      projectId: row.series.projectId,
      data: { key: taskKey(row.projectKey, row.task.number), title: row.task.title, reason: "no_access" },
    });
  });
}
