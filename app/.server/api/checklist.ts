import { and, eq, isNull } from "drizzle-orm";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { db } from "../db";
import { checklistItems, projects, tasks } from "../db/schema";
import {
  addChecklistItem,
  deleteChecklistItem,
  moveChecklistItem,
  renameChecklistItem,
  setChecklistItemDone,
  taskChecklist,
} from "../tasks/checklist";
import { existingTask, found, route, taskUuid, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { createChecklistItemSchema, updateChecklistItemSchema } from "./schemas";

/** A task's checklist, through the task page's use cases (editors change it). */
export const checklistRoutes = [
  route("GET", "/tasks/{taskId}/checklist", listChecklist),
  route("POST", "/tasks/{taskId}/checklist", postChecklistItem),
  route("PATCH", "/checklist-items/{itemId}", patchChecklistItem),
  route("DELETE", "/checklist-items/{itemId}", removeChecklistItem),
];

async function checklistOf(principal: TokenPrincipal, taskPublicId: string) {
  const items = await taskChecklist(await taskUuid(principal, taskPublicId));
  return items.map((item) => ({ ...item, taskId: taskPublicId }));
}

/** An item of a live task of a live project of the token's workspace. */
async function existingItem(principal: TokenPrincipal, publicId: string) {
  const [row] = await db()
    .select({ id: checklistItems.publicId, taskId: tasks.publicId, projectId: projects.publicId })
    .from(checklistItems)
    .innerJoin(tasks, eq(tasks.id, checklistItems.taskId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(checklistItems.publicId, publicId),
        eq(tasks.workspaceId, principal.workspaceId),
        isNull(tasks.deletedAt),
        isNull(projects.deletedAt),
      ),
    );
  return found(row, "Checklist item");
}

async function itemOf(principal: TokenPrincipal, taskPublicId: string, itemId: string) {
  const items = await checklistOf(principal, taskPublicId);
  return found(
    items.find((item) => item.id === itemId),
    "Checklist item",
  );
}

async function listChecklist({ principal }: Context, params: Params) {
  const task = await existingTask(principal, params[0]!);
  return json({ items: await checklistOf(principal, task.id) });
}

async function postChecklistItem(context: Context, params: Params) {
  const { principal, actor, request } = context;
  const task = await existingTask(principal, params[0]!);
  const { title } = createChecklistItemSchema.parse(await jsonBody(request));
  return idempotent(context, JSON.stringify({ task: task.id, title }), async () => {
    const { id } = await addChecklistItem(actor, { taskId: task.id, projectId: task.projectId, title });
    return json(await itemOf(principal, task.id, id), 201);
  });
}

/** Renames, ticks and moves an item, each through its own use case, in that order. */
async function patchChecklistItem({ principal, actor, request }: Context, params: Params) {
  const item = await existingItem(principal, params[0]!);
  const { title, done, position } = updateChecklistItemSchema.parse(await jsonBody(request));
  const target = { taskId: item.taskId, projectId: item.projectId, itemId: item.id };
  if (title !== undefined) await renameChecklistItem(actor, { ...target, title });
  if (done !== undefined) await setChecklistItemDone(actor, { ...target, done });
  if (position !== undefined) await moveChecklistItem(actor, { ...target, toIndex: position });
  return json(await itemOf(principal, item.taskId, item.id));
}

async function removeChecklistItem({ principal, actor }: Context, params: Params) {
  const item = await existingItem(principal, params[0]!);
  await deleteChecklistItem(actor, { taskId: item.taskId, projectId: item.projectId, itemId: item.id });
  return json(null, 204);
}
