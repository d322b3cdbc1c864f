import { and, asc, desc, eq, inArray, isNull, ne, or, sql } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { setTaskParentInput } from "./inputs";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { tasks } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { authorize } from "../policies";
import { PARENT_FORMAT_ERROR, parseParentReference, type ParentReference } from "~/validation/task-parent";
import { liveTasks, taskDescription, taskForMember, taskKey, taskState, taskSubject, type TaskAccess } from "./access";

/**
 * A task's parent: the one use case that changes it after the task exists, and the bounded
 * list the parent popover offers. Subtasks are one level deep (the views draw no deeper,
 * and createTask refuses a subtask's subtask), so a parent is a live top-level task of the
 * same project, never the task itself, and a task with subtasks stays top-level.
 */
/** A task as the parent property shows it. */
export type TaskReference = { id: string; key: string; title: string };

export type SetTaskParentInput = {
  taskId: string;
  /** When given, the task must belong to this project (the URL's). */
  projectId?: string;
  /** The new parent, by key ("WEB-3", as typed) or public id (as chosen); null or empty: none. */
  parent: string | null;
};

/**
 * Makes the task a subtask of another, moves it under another, or makes it top-level again.
 * Refusals are FieldErrors on `parent`, said beside the field. The activity row
 * (`task.parent_changed`) names the parent before and after.
 */
export const setTaskParentCommand = defineCommand({
  name: "task.set_parent",
  input: setTaskParentInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: SetTaskParentInput) {
    const actor = asMember(principal);
    const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.update", taskState(access));
    const { task, project } = access;
    const reference = parseParentReference(input.parent ?? "");
    if (reference === undefined) throw new FieldError("parent", PARENT_FORMAT_ERROR);
    const next = reference ? await parentOf(tx, access, reference) : null;
    const key = taskKey(project.key, task.number);
    if (next?.id === task.id) throw new FieldError("parent", "A task cannot be its own parent.");
    // Read again under a lock, taken in one order by every writer: two tasks made each
    // other's parent at once, or a subtask added to a task becoming a subtask, wait for one
    // another here instead of both passing the checks below.
    const locked = await tx
      .select({ id: tasks.id, parentId: tasks.parentId, archivedAt: tasks.archivedAt, deletedAt: tasks.deletedAt })
      .from(tasks)
      .where(inArray(tasks.id, next ? [task.id, next.id] : [task.id]))
      .orderBy(asc(tasks.id))
      .for("update");
    const self = locked.find((row) => row.id === task.id);
    if (!self || self.deletedAt) throw new NotFoundError("Task");
    if ((next?.id ?? null) === self.parentId) return { ...summaryOf(access), parent: next?.key ?? null };
    if (next) {
      const fresh = locked.find((row) => row.id === next.id);
      if (!fresh || fresh.deletedAt) throw new FieldError("parent", `${next.key} no longer exists.`);
      if (fresh.archivedAt) throw new FieldError("parent", `${next.key} is archived: choose a task that is not.`);
      if (fresh.parentId === task.id) {
        throw new FieldError("parent", `${next.key} is a subtask of ${key}: a task cannot go under its own subtask.`);
      }
      if (fresh.parentId) {
        throw new FieldError(
          "parent",
          `${next.key} is itself a subtask. Subtasks are one level deep: choose a top-level task.`,
        );
      }
      if (await hasSubtasks(tx, task.id)) {
        throw new FieldError(
          "parent",
          `${key} has subtasks of its own, so it cannot become a subtask. Subtasks are one level deep.`,
        );
      }
    }
    const previous = self.parentId ? await referenceOf(tx, project.key, self.parentId) : null;
    await tx
      .update(tasks)
      .set({ parentId: next?.id ?? null, updatedBy: actor.userId, updatedAt: new Date() })
      .where(eq(tasks.id, task.id));
    const named = (ref: { key: string; title: string } | null) => (ref ? { key: ref.key, title: ref.title } : null);
    await record({
      verb: "task.parent_changed",
      ...taskSubject(access),
      data: { ...taskDescription(access), changes: { parent: { from: named(previous), to: named(next) } } },
    });
    return { ...summaryOf(access), parent: next?.key ?? null };
  },
});

export function setTaskParent(actor: Actor, input: SetTaskParentInput) {
  return execute(setTaskParentCommand, principalOf(actor), input);
}

/** The parent a reference names, among the project's live tasks; anything else is a message beside the field. */
async function parentOf(tx: Transaction, access: TaskAccess, reference: ParentReference) {
  const { project } = access;
  if ("key" in reference && reference.key.project !== project.key) {
    throw new FieldError(
      "parent",
      `${reference.key.project}-${reference.key.number} is not in ${project.name}: choose one of its tasks, like ${project.key}-1.`,
    );
  }
  const [row] = await tx
    .select({ id: tasks.id, publicId: tasks.publicId, number: tasks.number, title: tasks.title })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, project.id),
        "key" in reference ? eq(tasks.number, reference.key.number) : eq(tasks.publicId, reference.id),
        liveTasks,
      ),
    );
  if (!row) {
    // Whether a task of another project or workspace has this id is not said.
    throw new FieldError(
      "parent",
      "key" in reference
        ? `There is no task ${project.key}-${reference.key.number} in ${project.name}.`
        : `That task is not in ${project.name}, or no longer exists.`,
    );
  }
  return { id: row.id, publicId: row.publicId, key: taskKey(project.key, row.number), title: row.title };
}

async function referenceOf(tx: Transaction, projectKey: string, id: string) {
  const [row] = await tx.select({ number: tasks.number, title: tasks.title }).from(tasks).where(eq(tasks.id, id));
  return row ? { key: taskKey(projectKey, row.number), title: row.title } : null;
}

/** Whether the task has subtasks (archived ones too: they are still its children). */
async function hasSubtasks(tx: Database | Transaction, taskId: string) {
  const [child] = await tx
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.parentId, taskId), liveTasks))
    .limit(1);
  return Boolean(child);
}

function summaryOf(access: TaskAccess) {
  return { id: access.task.publicId, key: taskKey(access.project.key, access.task.number) };
}

/** How many tasks the parent popover lists at most: it searches, it does not page. */
export const PARENT_CANDIDATES = 20;
export const MAX_PARENT_QUERY = 100;

/** "12", "WEB-12" or "web-1": the digits of a task number being typed. */
const NUMBER_TYPED = /^(?:[A-Za-z][A-Za-z0-9]{0,9}-)?(\d{1,9})$/;

/**
 * The tasks the popover offers as the task's parent, best first: those that may be its
 * parent (live, not archived, top-level, not itself) whose title contains what was typed
 * or whose number starts with its digits; the exact number first, then titles that start
 * with the text, then the most recently changed. At most PARENT_CANDIDATES, whatever the
 * project's size. A task with subtasks gets none, and the reason instead.
 */
export async function parentCandidates(
  userId: string,
  input: { taskId: string; projectId: string; query: string },
): Promise<{ candidates: TaskReference[]; refusal: string | null }> {
  const access = await taskForMember(userId, input.taskId, input.projectId);
  const { task, project } = access;
  if (await hasSubtasks(db(), task.id)) {
    const key = taskKey(project.key, task.number);
    return { candidates: [], refusal: `${key} has subtasks of its own, so it cannot become a subtask.` };
  }
  const text = input.query.trim().slice(0, MAX_PARENT_QUERY);
  const digits = NUMBER_TYPED.exec(text)?.[1];
  // The text is matched literally: LIKE's own wildcards in it are escaped.
  const contains = `%${text.replace(/[\\%_]/g, "\\$&")}%`;
  const matches = text
    ? or(sql`${tasks.title} ilike ${contains}`, digits ? sql`${tasks.number}::text like ${`${digits}%`}` : undefined)
    : undefined;
  const rows = await db()
    .select({ publicId: tasks.publicId, number: tasks.number, title: tasks.title })
    .from(tasks)
    .where(
      and(
        eq(tasks.projectId, project.id),
        liveTasks,
        isNull(tasks.archivedAt),
        isNull(tasks.parentId),
        ne(tasks.id, task.id),
        matches,
      ),
    )
    .orderBy(
      ...(digits ? [sql`${tasks.number} = ${Number(digits)} desc`] : []),
      ...(text ? [sql`${tasks.title} ilike ${contains.slice(1)} desc`] : []),
      desc(tasks.updatedAt),
      desc(tasks.number),
    )
    .limit(PARENT_CANDIDATES);
  return {
    candidates: rows.map((row) => ({ id: row.publicId, key: taskKey(project.key, row.number), title: row.title })),
    refusal: null,
  };
}
