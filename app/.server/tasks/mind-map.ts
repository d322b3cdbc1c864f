import { and, eq, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import { db } from "../db";
import { statuses, tasks } from "../db/schema";
import { layoutMindMap, parseCollapsed, type MindMapTask } from "~/utils/mind-map-layout";
import { taskKey } from "./access";

/**
 * How many tasks the map draws; the List view has them all. Each server-rendered React
 * Flow node costs about 2.5 KB of HTML: 150 keeps the page near 400 KB.
 */
export const MIND_MAP_LIMIT = 150;

const parents = alias(tasks, "parent");
const parentStatuses = alias(statuses, "parent_status");

/**
 * The project's tree in one query: live top-level tasks in board order (status, then
 * position), each followed by its live subtasks, cut at `limit` rows. A subtask sorts
 * under its parent, so a task that makes the cut always has its parent with it. The total
 * counts every task the tree would hold.
 */
export async function mindMapTasks(project: { id: string; key: string }, limit = MIND_MAP_LIMIT) {
  const rows = await db()
    .select({
      id: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      parentId: parents.publicId,
      statusName: statuses.name,
      statusColor: statuses.color,
      completedAt: tasks.completedAt,
      total: sql<number>`count(*) over ()`,
    })
    .from(tasks)
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .leftJoin(parents, eq(parents.id, tasks.parentId))
    .leftJoin(parentStatuses, eq(parentStatuses.id, parents.statusId))
    .where(
      and(
        eq(tasks.projectId, project.id),
        isNull(tasks.deletedAt),
        isNull(tasks.archivedAt),
        // Top-level tasks, and subtasks of live top-level tasks (the map has two levels).
        sql`(${tasks.parentId} is null or (${parents.id} is not null and ${parents.parentId} is null
          and ${parents.deletedAt} is null and ${parents.archivedAt} is null))`,
      ),
    )
    .orderBy(
      sql`coalesce(${parentStatuses.position}, ${statuses.position})`,
      sql`coalesce(${parents.position}, ${tasks.position})`,
      sql`coalesce(${parents.id}, ${tasks.id})`,
      sql`${tasks.parentId} nulls first`,
      statuses.position,
      tasks.position,
      tasks.id,
    )
    .limit(limit);
  return {
    total: Number(rows[0]?.total ?? 0),
    tasks: rows.map((row): MindMapTask => ({
      id: row.id,
      key: taskKey(project.key, row.number),
      title: row.title,
      parentId: row.parentId,
      status: { name: row.statusName, color: row.statusColor },
      done: row.completedAt !== null,
    })),
  };
}

/**
 * The Mind Map view's data: the laid-out tree (positions computed here, so the server
 * draws it), the collapsed branches and the node whose add-child form is open, from the URL.
 */
export async function mindMapView(project: { id: string; publicId: string; key: string; name: string }, url: URL) {
  const { tasks: items, total } = await mindMapTasks(project);
  const collapsed = parseCollapsed(url.searchParams.get("collapsed"));
  const layout = layoutMindMap(
    { id: project.publicId, key: project.key, name: project.name },
    items,
    new Set(collapsed),
  );
  const add = url.searchParams.get("add");
  // Only the project and top-level tasks take children (no subtasks of subtasks).
  const adding = layout.nodes.find((node) => node.id === add && node.depth < 2) ?? null;
  return { layout, total, shown: items.length, collapsed, adding };
}
