import { and, desc, eq, sql } from "drizzle-orm";

import { prepared } from "../db/prepared";
import { projects, statuses, tasks } from "../db/schema";
import type { LiveCard } from "../../utils/realtime";
import { blockedFlag } from "./blocked";
import { repeatingFlag } from "./repeating";
import { cardsOf, columnCounts, onBoard } from "./queries";

/**
 * What a board needs to show a change to one task without reading the board again (issue
 * 31's live updates): the top-level task as its card now looks, the column it sits in, the
 * card it follows there, and, when the change can move cards between columns, every
 * column's count. A subtask's change is its parent's card (its progress changed); a task
 * that left the board (deleted, archived) comes with `card: null`.
 *
 * Read once per event and process, whatever the number of open tabs; the hub sends it only
 * to members of the task's workspace, who may all read the project.
 */
const taskStatement = prepared((database) =>
  database
    .select({
      id: tasks.id,
      publicId: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      priority: tasks.priority,
      dueDate: tasks.dueDate,
      completedAt: tasks.completedAt,
      blocked: blockedFlag(tasks.id),
      repeating: repeatingFlag(tasks.seriesId),
      position: tasks.position,
      parentId: tasks.parentId,
      gone: sql<boolean>`${tasks.deletedAt} is not null or ${tasks.archivedAt} is not null`,
      statusUuid: tasks.statusId,
      status: statuses.publicId,
      projectId: tasks.projectId,
      projectKey: projects.key,
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.publicId, sql.placeholder("publicId")))
    .prepare("live_task"),
);

const parentStatement = prepared((database) =>
  database
    .select({ publicId: tasks.publicId })
    .from(tasks)
    .where(eq(tasks.id, sql.placeholder("id")))
    .prepare("live_task_parent"),
);

/** The card just before a position in its column: a backward range scan of `tasks_column_page_idx`. */
const previousStatement = prepared((database) =>
  database
    .select({ publicId: tasks.publicId })
    .from(tasks)
    .where(and(onBoard(sql.placeholder("statusId")), sql`${tasks.position} < ${sql.placeholder("position")}`))
    .orderBy(desc(tasks.position))
    .limit(1)
    .prepare("live_task_previous"),
);

/**
 * The card patch for a change to the task `publicId`; null when there is none to give (no
 * such task). `withCounts` asks for the columns' counts, for changes that may move a card
 * between columns or on or off the board.
 */
export async function liveCard(publicId: string, withCounts: boolean): Promise<LiveCard | null> {
  const [row] = await taskStatement().execute({ publicId });
  if (!row) return null;
  if (row.parentId) {
    const [parent] = await parentStatement().execute({ id: row.parentId });
    // A subtask is not on the board; its parent's progress changed.
    return parent ? liveCard(parent.publicId, false) : null;
  }
  const counts = withCounts ? await columnCounts(row.projectId) : null;
  if (row.gone) return { task: row.publicId, status: row.status, after: null, card: null, counts };
  const [[card], [previous]] = await Promise.all([
    cardsOf([row], row.projectKey),
    previousStatement().execute({ statusId: row.statusUuid, position: row.position }),
  ]);
  return { task: row.publicId, status: row.status, after: previous?.publicId ?? null, card: card!, counts };
}
