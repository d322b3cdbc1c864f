import { desc, eq, type SQL } from "drizzle-orm";

import { db } from "../db";
import { activity, profiles } from "../db/schema";

/** Activity rows as logs show them: newest first, with the actor's name. */
export async function activityFeed(where: SQL, page: { limit: number; offset?: number }) {
  const rows = await db()
    .select({
      sequence: activity.sequence,
      verb: activity.verb,
      data: activity.data,
      createdAt: activity.createdAt,
      actorName: profiles.fullName,
      actorEmail: profiles.email,
    })
    .from(activity)
    .leftJoin(profiles, eq(profiles.id, activity.actorId))
    .where(where)
    .orderBy(desc(activity.sequence))
    .limit(page.limit)
    .offset(page.offset ?? 0);
  return rows.map((row) => ({
    id: row.sequence,
    verb: row.verb,
    data: row.data,
    at: row.createdAt.toISOString(),
    actor: row.actorName || row.actorEmail || "Someone",
  }));
}
