import { asc, eq } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";

import type { Database, Transaction } from "../db/client";
import { statuses, type StatusCategory } from "../db/schema";
import { newPublicId } from "../ids";
import type { ProjectColor } from "~/utils/projects";

/** A new project's columns: the marketing copy's default Kanban (spec section 3). */
export const DEFAULT_STATUSES: { name: string; color: ProjectColor; category: StatusCategory }[] = [
  { name: "To Do", color: "slate", category: "not_started" },
  { name: "In Progress", color: "blue", category: "active" },
  { name: "Review", color: "amber", category: "active" },
  { name: "Done", color: "green", category: "done" },
];

/** Inserts the default statuses of a project created in this transaction. */
export async function createDefaultStatuses(tx: Transaction, projectId: string) {
  const keys = generateNKeysBetween(null, null, DEFAULT_STATUSES.length);
  return tx
    .insert(statuses)
    .values(
      DEFAULT_STATUSES.map((status, index) => ({
        ...status,
        publicId: newPublicId(),
        projectId,
        position: keys[index]!,
      })),
    )
    .returning();
}

/** A project's statuses in column order. */
export function projectStatuses(db: Database | Transaction, projectId: string) {
  return db.select().from(statuses).where(eq(statuses.projectId, projectId)).orderBy(asc(statuses.position));
}
