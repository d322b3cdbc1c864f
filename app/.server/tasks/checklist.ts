import { and, asc, eq } from "drizzle-orm";
import { generateKeyBetween, generateNKeysBetween } from "fractional-indexing";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import type { EventData } from "../events/catalog";
import {
  addChecklistItemInput,
  toggleChecklistItemInput,
  renameChecklistItemInput,
  moveChecklistItemInput,
  checklistItemInput,
} from "./inputs";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { checklistItems } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { reordered } from "~/utils/reorder";
import { CHECKLIST_MAX } from "~/validation/checklist";
import { taskDescription, taskForMember, taskState, taskSubject, type TaskAccess } from "./access";
import { MAX_KEY_LENGTH } from "./positions";

/**
 * A task's checklist: items to tick off, in an order people set (fractional-index keys in
 * `position`, computed here from the neighbours as they are inside the transaction, as the
 * board's are). Changing it is changing the task: editors only, nothing while the task or
 * its project is archived. Each change is one `task.checklist_changed` row saying what
 * happened to which item.
 */
type SignedIn = Actor & { userId: string };

export { CHECKLIST_MAX };

type TaskInput = {
  /** The task's public id. */
  taskId: string;
  /** When given, the task must belong to this project (the URL's). */
  projectId?: string;
};
type ItemInput = TaskInput & { itemId: string };
type Item = typeof checklistItems.$inferSelect;

export const addChecklistItemCommand = defineCommand({
  name: "checklist.add",
  input: addChecklistItemInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: TaskInput & { title: string }) {
    const actor = asMember(principal);
    const access = await editableTask(tx, actor, input);
    const items = await itemsOf(tx, access.task.id);
    if (items.length >= CHECKLIST_MAX) {
      throw new FieldError("title", `A checklist holds at most ${CHECKLIST_MAX} items.`);
    }
    const title = input.title.trim();
    const publicId = newPublicId();
    await tx.insert(checklistItems).values({
      publicId,
      taskId: access.task.id,
      title,
      position: generateKeyBetween(items.at(-1)?.position ?? null, null),
    });
    await record(changed(access, { action: "added", item: title }));
    return { id: publicId };
  },
});

export function addChecklistItem(actor: Actor, input: TaskInput & { title: string }) {
  return execute(addChecklistItemCommand, principalOf(actor), input);
}

/** Ticks or unticks an item. */
export const setChecklistItemDoneCommand = defineCommand({
  name: "checklist.toggle",
  input: toggleChecklistItemInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: ItemInput & { done: boolean }) {
    const actor = asMember(principal);
    const { access, item } = await editableItem(tx, actor, input);
    if (item.done === input.done) return { id: item.publicId };
    await tx
      .update(checklistItems)
      .set({ done: input.done, updatedAt: new Date() })
      .where(eq(checklistItems.id, item.id));
    await record(
      changed(access, {
        action: input.done ? "completed" : "reopened",
        item: item.title,
        changes: { done: { from: item.done, to: input.done } },
      }),
    );
    return { id: item.publicId };
  },
});

export function setChecklistItemDone(actor: Actor, input: ItemInput & { done: boolean }) {
  return execute(setChecklistItemDoneCommand, principalOf(actor), input);
}

export const renameChecklistItemCommand = defineCommand({
  name: "checklist.rename",
  input: renameChecklistItemInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: ItemInput & { title: string }) {
    const actor = asMember(principal);
    const { access, item } = await editableItem(tx, actor, input);
    const title = input.title.trim();
    if (title === item.title) return { id: item.publicId };
    await tx.update(checklistItems).set({ title, updatedAt: new Date() }).where(eq(checklistItems.id, item.id));
    await record(
      changed(access, { action: "renamed", item: title, changes: { title: { from: item.title, to: title } } }),
    );
    return { id: item.publicId };
  },
});

export function renameChecklistItem(actor: Actor, input: ItemInput & { title: string }) {
  return execute(renameChecklistItemCommand, principalOf(actor), input);
}

/**
 * Where an item goes: one place up or down (at the edge it stays where it is), or to the
 * place it ends at, counted from 0 (a drag; past the end is the end).
 */
export type ChecklistMove = { direction: "up" | "down" } | { toIndex: number };

export const moveChecklistItemCommand = defineCommand({
  name: "checklist.move",
  input: moveChecklistItemInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: ItemInput & ChecklistMove) {
    const actor = asMember(principal);
    const { access, item } = await editableItem(tx, actor, input);
    let items = await itemsOf(tx, access.task.id);
    const from = items.findIndex((candidate) => candidate.id === item.id);
    const to =
      "toIndex" in input
        ? Math.min(Math.max(input.toIndex, 0), items.length - 1)
        : from + (input.direction === "up" ? -1 : 1);
    if (to === from || to < 0 || to >= items.length) return { id: item.publicId };
    let position = positionAt(items, from, to);
    if (position === null || position.length > MAX_KEY_LENGTH) {
      items = await respace(tx, items);
      position = positionAt(items, from, to)!;
    }
    await tx.update(checklistItems).set({ position, updatedAt: new Date() }).where(eq(checklistItems.id, item.id));
    const direction = to < from ? "up" : "down";
    await record(
      changed(access, {
        action: "moved",
        item: item.title,
        direction,
        // A drag says where it landed (1 is the top); a step up or down says no more.
        ...("toIndex" in input ? { to: to + 1 } : {}),
      }),
    );
    return { id: item.publicId };
  },
});

export function moveChecklistItem(actor: Actor, input: ItemInput & ChecklistMove) {
  return execute(moveChecklistItemCommand, principalOf(actor), input);
}

export const deleteChecklistItemCommand = defineCommand({
  name: "checklist.delete",
  input: checklistItemInput,
  policy: "task.update",
  async run({ tx, record, principal }, input: ItemInput) {
    const actor = asMember(principal);
    const { access, item } = await editableItem(tx, actor, input);
    await tx.delete(checklistItems).where(eq(checklistItems.id, item.id));
    await record(changed(access, { action: "deleted", item: item.title }));
    return { id: item.publicId };
  },
});

export function deleteChecklistItem(actor: Actor, input: ItemInput) {
  return execute(deleteChecklistItemCommand, principalOf(actor), input);
}

/**
 * The key that puts the item at `from` at index `to`: between its neighbours there. Null
 * when their keys do not allow a key between them (two items with the same key after a
 * race), which a re-spacing fixes.
 */
function positionAt(items: Item[], from: number, to: number) {
  const next = reordered(items, from, to);
  try {
    return generateKeyBetween(next[to - 1]?.position ?? null, next[to + 1]?.position ?? null);
  } catch {
    return null;
  }
}

/** Gives every item of the checklist an evenly spaced short key, keeping the order. */
async function respace(tx: Transaction, items: Item[]) {
  const keys = generateNKeysBetween(null, null, items.length);
  for (const [index, item] of items.entries()) {
    await tx.update(checklistItems).set({ position: keys[index]! }).where(eq(checklistItems.id, item.id));
  }
  return items.map((item, index) => ({ ...item, position: keys[index]! }));
}

async function editableTask(tx: Transaction, actor: SignedIn, input: TaskInput) {
  const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
  authorize(access.role, "task.update", taskState(access));
  return access;
}

/** The task (for an editor) and one of its items; an item of another task is not found. */
async function editableItem(tx: Transaction, actor: SignedIn, input: ItemInput) {
  const access = await editableTask(tx, actor, input);
  const [item] = await tx
    .select()
    .from(checklistItems)
    .where(and(eq(checklistItems.publicId, input.itemId), eq(checklistItems.taskId, access.task.id)));
  if (!item) throw new NotFoundError("Checklist item");
  return { access, item };
}

function itemsOf(tx: Transaction, taskId: string) {
  return tx
    .select()
    .from(checklistItems)
    .where(eq(checklistItems.taskId, taskId))
    .orderBy(asc(checklistItems.position), asc(checklistItems.id));
}

type ChecklistChange = Omit<EventData<"task.checklist_changed">, "key" | "title">;

function changed(access: TaskAccess, change: ChecklistChange) {
  return {
    verb: "task.checklist_changed" as const,
    ...taskSubject(access),
    data: { ...taskDescription(access), ...change },
  };
}

/** A task's checklist in order, for its page. */
export async function taskChecklist(taskId: string) {
  return db()
    .select({ id: checklistItems.publicId, title: checklistItems.title, done: checklistItems.done })
    .from(checklistItems)
    .where(eq(checklistItems.taskId, taskId))
    .orderBy(asc(checklistItems.position), asc(checklistItems.id))
    .limit(CHECKLIST_MAX);
}
