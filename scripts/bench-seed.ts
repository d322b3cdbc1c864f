// Seeding the benches share: a project of many tasks (the List's 5,000, the Board's 1,000),
// written straight to the tables in batches (the use case would take minutes per thousand).
import { asc, eq } from "drizzle-orm";
import { generateNKeysBetween } from "fractional-indexing";

import { db } from "~/.server/db";
import { projects, statuses, tasks } from "~/.server/db/schema";
import { newPublicId } from "~/.server/ids";
import { createProject } from "~/.server/projects/projects";

/** A project of `count` top-level tasks spread over its statuses, inserted in batches. */
export async function seedTaskProject(bench: { userId: string; workspaceIds: string[] }, name: string, count: number) {
  const actor = { userId: bench.userId, ip: null };
  const created = await createProject(actor, { workspaceId: bench.workspaceIds[0]!, name });
  const [project] = await db().select().from(projects).where(eq(projects.publicId, created.id));
  const columns = await db()
    .select()
    .from(statuses)
    .where(eq(statuses.projectId, project!.id))
    .orderBy(asc(statuses.position));
  const priorities = ["none", "low", "medium", "high", "urgent"] as const;
  let made = 0;
  for (const [c, column] of columns.entries()) {
    // An even share per column, the first columns taking the remainder.
    const share = Math.floor(count / columns.length) + (c < count % columns.length ? 1 : 0);
    const keys = generateNKeysBetween(null, null, share);
    const first = made;
    made += share;
    const values = keys.map((position, i) => {
      const number = first + i + 1;
      const day = String((number % 28) + 1).padStart(2, "0");
      return {
        publicId: newPublicId(),
        workspaceId: project!.workspaceId,
        projectId: project!.id,
        number,
        title: `Task number ${number}`,
        statusId: column.id,
        priority: priorities[number % 5]!,
        position,
        dueDate: number % 3 === 0 ? null : `2026-0${(number % 9) + 1}-${day}`,
        createdBy: bench.userId,
        updatedBy: bench.userId,
      };
    });
    for (let start = 0; start < values.length; start += 500) {
      await db()
        .insert(tasks)
        .values(values.slice(start, start + 500));
    }
  }
  await db().update(projects).set({ taskCounter: count }).where(eq(projects.id, project!.id));
  return created.id;
}
