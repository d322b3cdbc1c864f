import { randomInt } from "node:crypto";

import { and, asc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

import { db } from "../db";
import type { Transaction } from "../db/client";
import { tasks } from "../db/schema";

/**
 * Where a task sits in its status column: a fractional-index key, computed here inside the
 * move's transaction from the keys of its new neighbours (never by the browser). Keys are
 * unique among a column's live tasks (`tasks_status_position_idx`). Each new key is the
 * midpoint of its neighbours followed by random digits (`keyBetween`), so writes placing
 * cards in the same gap at the same moment (ten people dropping cards at a column's end)
 * each get their own key: none waits for another and none fails (decision 026).
 * Repeated inserts into one gap lengthen keys; past `MAX_KEY_LENGTH` the column is
 * re-spaced, alone (`withRoomInColumn`).
 */
export const MAX_KEY_LENGTH = 48;
const RANDOM_DIGITS = 5;
const BASE_62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

const liveIn = (statusId: string) => and(eq(tasks.statusId, statusId), isNull(tasks.deletedAt));

/** Where to put a task: at the end, at the start, or just before / after another task. */
export type Placement =
  | { at: "end" }
  | { at: "start" }
  | { before: string } // a task's internal id
  | { after: string };

/**
 * A key strictly between `low` and `high` (null: open ended), unlike any other writer's:
 * the midpoint and RANDOM_DIGITS random base-62 digits (62^5, about 900 million
 * choices), the last not "0" (a key may not end in zero). A midpoint can be a prefix of
 * `high` ("1" between "" and "12"), where digits after it could pass `high`: then the
 * midpoint between it and `high` is tried, which is longer and closer.
 */
export function keyBetween(low: string | null, high: string | null) {
  for (let floor = low; ;) {
    const midpoint = generateKeyBetween(floor, high);
    let digits = "";
    for (let i = 1; i < RANDOM_DIGITS; i++) digits += BASE_62[randomInt(62)];
    const key = midpoint + digits + BASE_62[1 + randomInt(61)];
    if (high === null || key < high) return key;
    floor = midpoint;
  }
}

/**
 * Holds a column for the rest of the transaction (a transaction-scoped advisory lock, gone
 * at commit or rollback). Writers placing cards share it and never wait for each other;
 * re-spacing and deleting the column hold it alone, so no card is placed against keys
 * that are being replaced, nor into a column that is going away.
 */
export async function lockColumn(tx: Transaction, statusId: string, mode: "shared" | "exclusive") {
  const key = `task-positions:${statusId}`;
  await (mode === "shared"
    ? tx.execute(sql`select pg_advisory_xact_lock_shared(hashtextextended(${key}, 0))`)
    : tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`));
}

/** A gap with no room left: the column is re-spaced before the write runs again. */
class CrowdedColumn extends Error {
  constructor(
    readonly statusId: string,
    readonly placement: Placement,
    readonly movingId: string | undefined,
  ) {
    super("the column's keys need re-spacing");
  }
}

/** The key for a task placed in `statusId`; throws CrowdedColumn when it would be too long. */
export async function positionFor(tx: Transaction, statusId: string, placement: Placement, movingId?: string) {
  await lockColumn(tx, statusId, "shared");
  const key = await keyFor(tx, statusId, placement, movingId);
  if (key.length > MAX_KEY_LENGTH) throw new CrowdedColumn(statusId, placement, movingId);
  return key;
}

/**
 * Runs a write that places a task (positionFor); when its gap had no room left, re-spaces
 * the column in a transaction of its own (unless another write just did) and runs the
 * write again, now with short neighbours.
 */
export async function withRoomInColumn<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      // A third crowding in a row would take some 150 inserts into one gap between two tries.
      if (!(error instanceof CrowdedColumn) || attempt >= 3) throw error;
      const { statusId, placement, movingId } = error;
      await db().transaction(async (tx) => {
        await lockColumn(tx, statusId, "exclusive");
        const key = await keyFor(tx, statusId, placement, movingId);
        if (key.length > MAX_KEY_LENGTH) await respaceColumn(tx, statusId);
      });
    }
  }
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
    return placement.at === "end" ? keyBetween(edge?.position ?? null, null) : keyBetween(null, edge?.position ?? null);
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
    ? keyBetween(neighbour?.position ?? null, anchor.position)
    : keyBetween(anchor.position, neighbour?.position ?? null);
}

/** `count` keys in a row after the column's last one, for bulk moves and inserts (templates, a column's deletion). */
export async function positionsAtEnd(tx: Transaction, statusId: string, count: number) {
  await lockColumn(tx, statusId, "shared");
  const [last] = await tx
    .select({ position: tasks.position })
    .from(tasks)
    .where(liveIn(statusId))
    .orderBy(sql`${tasks.position} desc`)
    .limit(1);
  const keys: string[] = [];
  // Each after the one before: a key after another is never longer than a few digits.
  for (let previous = last?.position ?? null; keys.length < count; previous = keys.at(-1)!)
    keys.push(keyBetween(previous, null));
  return keys;
}

/**
 * Gives every live task of the column an evenly spaced short key, keeping their order
 * (position, then id). The keys first move out of the way (`~` sorts after every key
 * character in the "C" collation), so the unique index never sees two equal keys.
 */
export async function respaceColumn(tx: Transaction, statusId: string) {
  await lockColumn(tx, statusId, "exclusive");
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
    // A task moved out meanwhile (its move locks only its new column) keeps its new key.
    await tx
      .update(tasks)
      .set({ position: keys[index]! })
      .where(and(eq(tasks.id, row.id), liveIn(statusId)));
  }
  return rows.length;
}
