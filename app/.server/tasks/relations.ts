import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import { queryRows, type Database, type Transaction } from "../db/client";
import { projects, statuses, taskRelations, tasks } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import {
  parseRelatedReference,
  RELATED_FORMAT_ERROR,
  RELATION_SENTENCES,
  RELATION_SIDES,
  sideOf,
  storedRelation,
  type RelationKind,
  type RelationSide,
} from "~/validation/task-relations";
import { liveTasks, taskDescription, taskForMember, taskKey, taskState, taskSubject, type TaskAccess } from "./access";
import { blockedFlag } from "./blocked";
import { addTaskRelationInput, removeTaskRelationInput } from "./inputs";
import type { RelatedTask, TaskRelation } from "./views";

/**
 * Relations between tasks of one workspace, across its projects (issue 34, "Dependencies"):
 * blocks / blocked by, relates to, duplicates / duplicated by. Added and removed on a task by
 * whoever may change it (`task.update`), naming the other task by key or id; the other task
 * must be a live task of the same workspace. One row per pair and kind (a "relates" row in
 * either direction is the same relation); "blocks" never loops. The activity row is on the
 * task the relation was added on, saying it from that task's side.
 */

export type AddTaskRelationInput = {
  taskId: string;
  /** When given, the task must belong to this project (the URL's). */
  projectId?: string;
  relation: RelationSide;
  /** The other task: a key as typed ("WEB-12") or a public id. */
  other: string;
};

export const addTaskRelationCommand = defineCommand({
  name: "task.add_relation",
  input: addTaskRelationInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: AddTaskRelationInput) {
    const actor = asMember(principal);
    const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const other = await otherTask(tx, access, input.other);
    const key = taskKey(access.project.key, access.task.number);
    if (other.rowId === access.task.id) throw new FieldError("other", `${key} cannot be related to itself.`);
    // One writer of a workspace's relations at a time: two additions that would close a loop
    // between them (A blocks B, B blocks A) must not both pass the check below.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`task-relations:${access.task.workspaceId}`}, 0))`,
    );
    const stored = storedRelation(input.relation, access.task.id, other.rowId);
    await assertNew(tx, stored, key, other.key, input.relation);
    if (stored.kind === "blocks") await assertNoLoop(tx, stored);
    const publicId = newPublicId();
    await tx.insert(taskRelations).values({
      publicId,
      workspaceId: access.task.workspaceId,
      fromTaskId: stored.from,
      toTaskId: stored.to,
      kind: stored.kind,
      createdBy: actor.userId,
    });
    await record({
      verb: "task.relation_added",
      ...taskSubject(access),
      data: {
        ...taskDescription(access),
        relation: input.relation,
        other: { key: other.key, title: other.title },
        otherId: other.id,
        relationId: publicId,
      },
    });
    return {
      id: publicId,
      taskId: access.task.publicId,
      key,
      relation: input.relation,
      other: { id: other.id, key: other.key, title: other.title },
    };
  },
});

export function addTaskRelation(actor: Actor, input: AddTaskRelationInput) {
  return execute(addTaskRelationCommand, principalOf(actor), input);
}

export type RemoveTaskRelationInput = { taskId: string; projectId?: string; relationId: string };

/** Removes one of the task's relations (either end's: it shows on both). */
export const removeTaskRelationCommand = defineCommand({
  name: "task.remove_relation",
  input: removeTaskRelationInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: RemoveTaskRelationInput) {
    const actor = asMember(principal);
    const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const self = access.task.id;
    const [row] = await tx
      .select()
      .from(taskRelations)
      .where(
        and(
          eq(taskRelations.publicId, input.relationId),
          or(eq(taskRelations.fromTaskId, self), eq(taskRelations.toTaskId, self)),
        ),
      )
      .for("update");
    if (!row) throw new NotFoundError("Relation");
    const otherRowId = row.fromTaskId === self ? row.toTaskId : row.fromTaskId;
    const [other] = await tx
      .select({ publicId: tasks.publicId, number: tasks.number, title: tasks.title, projectKey: projects.key })
      .from(tasks)
      .innerJoin(projects, eq(projects.id, tasks.projectId))
      .where(eq(tasks.id, otherRowId));
    await tx.delete(taskRelations).where(eq(taskRelations.id, row.id));
    const relation = sideOf(row.kind, row.fromTaskId === self);
    const otherKey = other ? taskKey(other.projectKey, other.number) : "a task";
    await record({
      verb: "task.relation_removed",
      ...taskSubject(access),
      data: {
        ...taskDescription(access),
        relation,
        other: { key: otherKey, title: other?.title ?? "" },
        otherId: other?.publicId ?? "",
        relationId: row.publicId,
      },
    });
    return { id: row.publicId, key: taskKey(access.project.key, access.task.number), relation, otherKey };
  },
});

export function removeTaskRelation(actor: Actor, input: RemoveTaskRelationInput) {
  return execute(removeTaskRelationCommand, principalOf(actor), input);
}

/**
 * The other task a reference names, among the live tasks of live projects of the task's
 * workspace; anything else (another workspace's task included) is "no such task here",
 * beside the field.
 */
async function otherTask(tx: Transaction, access: TaskAccess, typed: string) {
  const reference = parseRelatedReference(typed);
  if (!reference) throw new FieldError("other", RELATED_FORMAT_ERROR);
  const [row] = await tx
    .select({
      rowId: tasks.id,
      id: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      projectKey: projects.key,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(tasks.workspaceId, access.task.workspaceId),
        liveTasks,
        isNull(projects.deletedAt),
        "key" in reference
          ? and(eq(projects.key, reference.key.project), eq(tasks.number, reference.key.number))
          : eq(tasks.publicId, reference.id),
      ),
    );
  if (!row) {
    throw new FieldError(
      "other",
      "key" in reference
        ? `No task ${reference.key.project}-${reference.key.number} in this workspace.`
        : "That task is not in this workspace, or no longer exists.",
    );
  }
  return { ...row, key: taskKey(row.projectKey, row.number) };
}

/** The same relation, or one it contradicts (a "relates" either way, two tasks duplicating each other), is refused. */
async function assertNew(
  tx: Transaction,
  stored: { from: string; to: string; kind: RelationKind },
  key: string,
  otherKey: string,
  side: RelationSide,
) {
  const rows = await tx
    .select({ fromTaskId: taskRelations.fromTaskId, kind: taskRelations.kind })
    .from(taskRelations)
    .where(
      and(
        eq(taskRelations.kind, stored.kind),
        or(
          and(eq(taskRelations.fromTaskId, stored.from), eq(taskRelations.toTaskId, stored.to)),
          and(eq(taskRelations.fromTaskId, stored.to), eq(taskRelations.toTaskId, stored.from)),
        ),
      ),
    );
  if (rows.some((row) => row.fromTaskId === stored.from)) {
    throw new FieldError("other", `That relation is already there: ${key} ${RELATION_SENTENCES[side]} ${otherKey}.`);
  }
  if (rows.length === 0) return;
  if (stored.kind === "relates") throw new FieldError("other", `${key} and ${otherKey} are already related.`);
  if (stored.kind === "duplicates") {
    // The row there is the other way round: its `from` is the one already marked a duplicate.
    const [copy, original] = side === "duplicates" ? [otherKey, key] : [key, otherKey];
    throw new FieldError(
      "other",
      `${copy} is marked a duplicate of ${original}: two tasks cannot be duplicates of each other.`,
    );
  }
  // "blocks" the other way round is a loop: assertNoLoop names it.
}

/**
 * Refuses `from` blocks `to` when `to` already blocks `from`, directly or through others:
 * the tasks `to` blocks, and those they block, found by one recursive query (each "blocks"
 * row of live tasks at most once, so it ends and stays linear in the rows it reads), then
 * the loop named from `from`'s chain of predecessors.
 */
async function assertNoLoop(tx: Transaction, stored: { from: string; to: string }) {
  const reached = await queryRows<{ taskId: string; via: string | null }>(
    tx,
    sql`with recursive reach(task_id, via) as (
        select ${stored.to}::uuid, null::uuid
        union
        select r.to_task_id, r.from_task_id
        from reach
        join task_relations r on r.from_task_id = reach.task_id and r.kind = 'blocks'
        join tasks t on t.id = r.to_task_id and t.deleted_at is null
      )
      select task_id as "taskId", via from reach`,
  );
  const via = new Map<string, string>();
  for (const row of reached) if (row.via && !via.has(row.taskId)) via.set(row.taskId, row.via);
  if (!via.has(stored.from)) return;
  // Back from `from` to `to`: the chain `to` → … → `from` that the new row would close.
  const chain = [stored.from];
  for (let at = stored.from; at !== stored.to && chain.length <= reached.length;) {
    at = via.get(at)!;
    chain.unshift(at);
  }
  const keys = await keysOf(tx, [stored.from, ...chain]);
  const loop = [stored.from, ...chain].map((id) => keys.get(id) ?? "a task");
  throw new FieldError(
    "other",
    `${loop[0]} cannot block ${loop[1]}: that would close a loop of blockers, ${loop.join(" → ")}.`,
  );
}

async function keysOf(tx: Transaction, ids: string[]) {
  const rows = await tx
    .select({ id: tasks.id, number: tasks.number, projectKey: projects.key })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(inArray(tasks.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, taskKey(row.projectKey, row.number)]));
}

/** The most relations a task page lists (and the API shows): it is a list to read, not a graph. */
export const RELATIONS_SHOWN = 200;

const other = alias(tasks, "other");

/**
 * A task's relations as its page lists them: each with the other task (live, of a live
 * project) and its status, grouped by side in RELATION_SIDES order, then by key; and whether
 * the task is blocked now. Two queries, whatever the number of relations (bounded).
 */
export async function relationsOf(taskId: string, database: Database | Transaction = db()) {
  const self = sql`${taskId}::uuid`;
  const rows = await database
    .select({
      id: taskRelations.publicId,
      kind: taskRelations.kind,
      selfIsFrom: sql<boolean>`${taskRelations.fromTaskId} = ${self}`,
      taskId: other.publicId,
      number: other.number,
      title: other.title,
      projectId: projects.publicId,
      projectKey: projects.key,
      status: statuses.name,
      color: statuses.color,
      category: statuses.category,
    })
    .from(taskRelations)
    .innerJoin(
      other,
      sql`${other.id} = case when ${taskRelations.fromTaskId} = ${self} then ${taskRelations.toTaskId} else ${taskRelations.fromTaskId} end`,
    )
    .innerJoin(projects, eq(projects.id, other.projectId))
    .innerJoin(statuses, eq(statuses.id, other.statusId))
    .where(
      and(
        or(eq(taskRelations.fromTaskId, self), eq(taskRelations.toTaskId, self)),
        isNull(other.deletedAt),
        isNull(projects.deletedAt),
      ),
    )
    .orderBy(asc(projects.key), asc(other.number))
    .limit(RELATIONS_SHOWN);
  const relations: TaskRelation[] = rows.map((row) => ({
    id: row.id,
    relation: sideOf(row.kind, row.selfIsFrom),
    task: {
      id: row.taskId,
      key: taskKey(row.projectKey, row.number),
      title: row.title,
      projectId: row.projectId,
      status: { name: row.status, color: row.color, category: row.category },
    },
  }));
  const order = (relation: TaskRelation) => RELATION_SIDES.indexOf(relation.relation);
  return relations.sort((a, b) => order(a) - order(b));
}

/** Whether the task is blocked now (the badge the task page's header shows). */
export async function isBlocked(taskId: string, database: Database | Transaction = db()) {
  const [row] = await queryRows<{ blocked: boolean }>(
    database,
    sql`select ${blockedFlag(sql`${taskId}::uuid`)} as blocked`,
  );
  return Boolean(row?.blocked);
}

/** How many tasks the add form suggests at most: it searches, it does not page. */
export const RELATION_CANDIDATES = 20;
export const MAX_RELATION_QUERY = 100;

/** "12", "WEB-12" or "web-1": the project key and digits of a task key being typed. */
const KEY_TYPED = /^(?:([A-Za-z][A-Za-z0-9]{0,9})-)?(\d{1,9})$/;

/**
 * The tasks the add form suggests as the other end of a relation: live tasks of the
 * workspace's live projects except this one, whose title contains what was typed or whose
 * key starts with it; the exact key first, then the task's own project, then the most
 * recently changed. At most RELATION_CANDIDATES, whatever the workspace's size.
 */
export async function relationCandidates(
  userId: string,
  input: { taskId: string; projectId: string; query: string },
): Promise<RelatedTask[]> {
  const access = await taskForMember(userId, input.taskId, input.projectId);
  const text = input.query.trim().slice(0, MAX_RELATION_QUERY);
  const typed = KEY_TYPED.exec(text);
  const digits = typed?.[2];
  const projectKey = typed?.[1]?.toUpperCase();
  // The text is matched literally: LIKE's own wildcards in it are escaped.
  const contains = `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  const byKey = digits
    ? and(
        sql`${tasks.number}::text like ${`${digits}%`}`,
        projectKey ? sql`${projects.key} like ${`${projectKey}%`}` : undefined,
      )
    : undefined;
  const matches = text ? or(sql`${tasks.title} ilike ${contains}`, byKey) : undefined;
  const rows = await db()
    .select({
      id: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      projectId: projects.publicId,
      projectKey: projects.key,
      status: statuses.name,
      color: statuses.color,
      category: statuses.category,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .where(
      and(
        eq(tasks.workspaceId, access.task.workspaceId),
        liveTasks,
        isNull(projects.deletedAt),
        ne(tasks.id, access.task.id),
        matches,
      ),
    )
    .orderBy(
      ...(digits
        ? [sql`(${tasks.number} = ${Number(digits)} and ${projects.key} = ${projectKey ?? access.project.key}) desc`]
        : []),
      sql`${tasks.projectId} = ${access.project.id} desc`,
      desc(tasks.updatedAt),
      desc(tasks.number),
    )
    .limit(RELATION_CANDIDATES);
  return rows.map((row) => ({
    id: row.id,
    key: taskKey(row.projectKey, row.number),
    title: row.title,
    projectId: row.projectId,
    status: { name: row.status, color: row.color, category: row.category },
  }));
}
