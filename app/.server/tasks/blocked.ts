import { sql, type SQLWrapper } from "drizzle-orm";

import type { Database, Transaction } from "../db/client";
import { queryRows } from "../db/client";
import { FieldError } from "../errors";
import { blockedCompletionMessage, CONFIRM_BLOCKED_FIELD } from "~/validation/task-relations";
import { taskKey } from "./access";

/**
 * "Blocked" (issue 34): a task is blocked while a task that blocks it is open — not in a
 * done status (its `completed_at`, which the status's category keeps true), not deleted,
 * its project not deleted. One place says it, for every read that shows the badge.
 */

/**
 * Whether the task whose id is `taskId` (an outer query's column) is blocked: a subquery that
 * probes `task_relations_to_idx` for its blockers, then each blocker and its project by
 * primary key. It costs one index probe for a task nobody blocks, so a page of cards reads
 * it in the page's own statement, never a query per card. `taskId` must name the outer
 * column unambiguously (qualified, or an alias no table here has): the names inside are
 * `br`, `bt` and `bp`.
 */
export function blockedFlag(taskId: SQLWrapper) {
  // A scalar subquery rather than EXISTS: PostgreSQL may run an EXISTS in a select list as a
  // hashed subplan, reading every blocker in the database (and the tasks table whole) once
  // per statement; this one stays a probe per shown row.
  return sql<boolean>`coalesce((select true from task_relations br
    join tasks bt on bt.id = br.from_task_id
    join projects bp on bp.id = bt.project_id
    where br.to_task_id = ${taskId} and br.kind = 'blocks'
      and bt.completed_at is null and bt.deleted_at is null and bp.deleted_at is null
    limit 1), false)`;
}

/** How many blockers a refusal names before "and N more". */
const NAMED_BLOCKERS = 5;

export type OpenBlocker = { id: string; key: string; title: string; status: string };

/** The task's open blockers (as `blockedFlag` counts them), by key; at most NAMED_BLOCKERS and how many more. */
export async function openBlockers(tx: Database | Transaction, taskId: string) {
  const rows = await queryRows<{
    id: string;
    key: string;
    number: number;
    title: string;
    status: string;
    total: number;
  }>(
    tx,
    sql`select bt.public_id as id, bp.key, bt.number, bt.title, s.name as status, count(*) over () as total
      from task_relations br
      join tasks bt on bt.id = br.from_task_id
      join projects bp on bp.id = bt.project_id
      join statuses s on s.id = bt.status_id
      where br.to_task_id = ${taskId} and br.kind = 'blocks'
        and bt.completed_at is null and bt.deleted_at is null and bp.deleted_at is null
      order by bp.key, bt.number
      limit ${NAMED_BLOCKERS}`,
  );
  const blockers: OpenBlocker[] = rows.map((row) => ({
    id: row.id,
    key: taskKey(row.key, Number(row.number)),
    title: row.title,
    status: row.status,
  }));
  return { blockers, more: rows.length > 0 ? Number(rows[0]!.total) - rows.length : 0 };
}

/**
 * Completing a blocked task from a page asks first: the move is refused with this error
 * (its field, `confirmBlocked`, is what the pages post back to complete it anyway). The API,
 * bulk edits and automations are not asked (`task.move`'s `askIfBlocked` is theirs to leave out).
 */
export class BlockedCompletionError extends FieldError {
  constructor(
    message: string,
    readonly blockers: OpenBlocker[],
  ) {
    super(CONFIRM_BLOCKED_FIELD, message);
    this.name = "BlockedCompletionError";
  }
}

/** Refuses to complete the task while it has open blockers (the move's own transaction reads them). */
export async function assertNoOpenBlockers(
  tx: Transaction,
  task: { id: string; number: number },
  project: { key: string },
) {
  const { blockers, more } = await openBlockers(tx, task.id);
  if (blockers.length === 0) return;
  const message = blockedCompletionMessage(taskKey(project.key, task.number), blockers, more);
  throw new BlockedCompletionError(message, blockers);
}
