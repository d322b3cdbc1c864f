import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

import type { Transaction } from "../db/client";
import { tasks } from "../db/schema";

/**
 * Where a task sits in its status column: a fractional-index key, computed here inside the
 * move's transaction from the keys of its new neighbours (never by the browser). Keys are
 * unique among a column's live tasks (`tasks_status_position_idx`): two moves racing for
 * the same gap make the second fail, and `retryOnPositionConflict` runs it again with
 * fresh neighbours. Repeated inserts into one gap lengthen keys; past `MAX_KEY_LENGTH` the
 * column is re-spaced in the same transaction.
 */
export const MAX_KEY_LENGTH = 48;
const POSITION_INDEX = "tasks_status_position_idx";

const liveIn = (statusId: string) => and(eq(tasks.statusId, statusId), isNull(tasks.deletedAt));

/** Where to put a task: at the end, at the start, or just before / after another task. */
export type Placement =
  | { at: "end" }
  | { at: "start" }
  | { before: string } // a task's internal id
  | { after: string };

/** The key for a task placed in `statusId`, re-spacing the column first when keys got long. */
export async function positionFor(tx: Transaction, statusId: string, placement: Placement, movingId?: string) {
  let key = await keyFor(tx, statusId, placement, movingId);
  if (key.length > MAX_KEY_LENGTH) {
    await respaceColumn(tx, statusId);
    key = await keyFor(tx, statusId, placement, movingId);
  }
  return key;
}

async function keyFor(tx: Transaction, statusId: string, placement: Placement, movingId?: string) {
  const others = movingId ? and(liveIn(statusId), sql`${tasks.id} <> ${movingId}`) : liveIn(statusId);
  if ("at" in placement) {
    const [edge] = await tx
      .select({ position: tasks.position })
      .from(tasks)
      .where(others)
      .orderBy(placement.at === "end" ? sql`${tasks.position} desc` : asc(tasks.position))
      .limit(1);
    return placement.at === "end"
      ? generateKeyBetween(edge?.position ?? null, null)
      : generateKeyBetween(null, edge?.position ?? null);
  }
  const anchorId = "before" in placement ? placement.before : placement.after;
  const [anchor] = await tx
    .select({ position: tasks.position })
    .from(tasks)
    .where(and(others, eq(tasks.id, anchorId)));
  // The anchor left the column meanwhile: the end is the honest fallback.
  if (!anchor) return keyFor(tx, statusId, { at: "end" }, movingId);
  const before = "before" in placement;
  const [neighbour] = await tx
    .select({ position: tasks.position })
    .from(tasks)
    .where(and(others, before ? lt(tasks.position, anchor.position) : gt(tasks.position, anchor.position)))
    .orderBy(before ? sql`${tasks.position} desc` : asc(tasks.position))
    .limit(1);
  return before
    ? generateKeyBetween(neighbour?.position ?? null, anchor.position)
    : generateKeyBetween(anchor.position, neighbour?.position ?? null);
}

/** `count` keys after the column's last one, for bulk inserts (templates, imports). */
export async function positionsAtEnd(tx: Transaction, statusId: string, count: number) {
  const [last] = await tx
    .select({ position: tasks.position })
    .from(tasks)
    .where(liveIn(statusId))
    .orderBy(sql`${tasks.position} desc`)
    .limit(1);
  return generateNKeysBetween(last?.position ?? null, null, count);
}

/**
 * Gives every live task of the column an evenly spaced short key, keeping their order
 * (position, then id). The keys first move out of the way (`~` sorts after every key
 * character in the "C" collation), so the unique index never sees two equal keys.
 */
export async function respaceColumn(tx: Transaction, statusId: string) {
  const rows = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(liveIn(statusId))
    .orderBy(asc(tasks.position), asc(tasks.id));
  if (rows.length === 0) return 0;
  await tx
    .update(tasks)
    .set({ position: sql`'~' || ${tasks.id}::text` })
    .where(liveIn(statusId));
  const keys = generateNKeysBetween(null, null, rows.length);
  for (const [index, row] of rows.entries()) {
    await tx.update(tasks).set({ position: keys[index]! }).where(eq(tasks.id, row.id));
  }
  return rows.length;
}

const MAX_ATTEMPTS = 10;

/**
 * Runs a write again when it lost a race for a position key (each round of racers has one
 * winner), after a short random pause so the losers do not collide again in step.
 */
export async function retryOnPositionConflict<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= MAX_ATTEMPTS || !isPositionConflict(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt));
    }
  }
}

function isPositionConflict(error: unknown): boolean {
  for (let cause = error; cause; cause = (cause as { cause?: unknown }).cause) {
    const { code, constraint } = cause as { code?: string; constraint?: string };
    if (code === "23505" && constraint === POSITION_INDEX) return true;
  }
  return false;
}
