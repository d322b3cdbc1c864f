import { and, asc, eq, isNull } from "drizzle-orm";
import { generateKeyBetween } from "fractional-indexing";

import { db } from "../db";
import { statuses, tasks } from "../db/schema";
import { MAX_KEY_LENGTH, respaceColumn } from "./positions";

/**
 * `npm run db:repair-positions`: gives every status column whose keys went wrong (a key the
 * fractional-indexing package cannot read, say from an import or a hand edit, or one grown
 * past MAX_KEY_LENGTH) fresh, evenly spaced keys in the order the column shows now. The
 * unique index already rules out duplicates among live tasks; this is the way back from
 * everything else. Each column is one transaction. Returns what it changed.
 */
export async function repairPositions() {
  const columns = await db().select({ id: statuses.id, name: statuses.name }).from(statuses);
  const repaired: { statusId: string; name: string; tasks: number }[] = [];
  for (const column of columns) {
    // Only live tasks hold a place in the column (deleted ones keep theirs out of the index).
    const keys = await db()
      .select({ position: tasks.position })
      .from(tasks)
      .where(and(eq(tasks.statusId, column.id), isNull(tasks.deletedAt)))
      .orderBy(asc(tasks.position));
    if (keys.every((row) => isSoundKey(row.position))) continue;
    const count = await db().transaction((tx) => respaceColumn(tx, column.id));
    repaired.push({ statusId: column.id, name: column.name, tasks: count });
  }
  return repaired;
}

/** A key the package can build on, and short enough. */
export function isSoundKey(key: string) {
  if (key.length > MAX_KEY_LENGTH) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}
