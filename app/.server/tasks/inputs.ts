import { z } from "zod";

import { TASK_PRIORITIES } from "~/validation/priorities";
import { RELATION_SIDES } from "~/validation/task-relations";
import { isCalendarDay } from "~/utils/calendar-month";

/**
 * The task commands' inputs: what any entry point (a page's form, the API, the assistant,
 * an import) must hand them. Each form has its own friendlier schema in app/validation;
 * these are the last word, bounding what reaches the database whoever calls.
 */
export const id = z.string().min(1).max(40);
/** A user id (members are named by their auth id). */
export const userId = z.string().min(1).max(64);
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-31" })
  .refine(isCalendarDay, { error: "Use a real date" });
const title = z
  .string({ error: "Enter a task title" })
  .trim()
  .min(1, { error: "Enter a task title" })
  .max(500, { error: "Keep the title under 500 characters" });
const description = z.string().max(50_000, { error: "Keep the description under 50,000 characters" });
const priority = z.enum(TASK_PRIORITIES, { error: "Pick a priority" });
const estimate = z.number().int().min(0).max(1_000_000).nullable();

export const placementInput = z.union([
  z.object({ at: z.enum(["start", "end"]) }),
  z.object({ before: id }),
  z.object({ after: id }),
]);

export const createTaskInput = z.object({
  projectId: id,
  title,
  statusId: id.optional(),
  description: description.optional(),
  priority: priority.optional(),
  startDate: day.nullable().optional(),
  dueDate: day.nullable().optional(),
  estimateMinutes: estimate.optional(),
  parentId: id.optional(),
  assigneeIds: z.array(userId).max(100).optional(),
  labelIds: z.array(id).max(100).optional(),
  placement: placementInput.optional(),
});

/** A task named by its public id, and by its project's when the URL names both. */
const taskRef = { taskId: id, projectId: id.optional() };

export const updateTaskInput = z.object({
  ...taskRef,
  title: title.optional(),
  description: description.optional(),
  priority: priority.optional(),
  startDate: day.nullable().optional(),
  dueDate: day.nullable().optional(),
  estimateMinutes: estimate.optional(),
});

export const moveTaskInput = z.object({
  ...taskRef,
  statusId: id,
  placement: placementInput,
  /** A page's move: refuse to complete a task with open blockers (the page asks, then sends it without). */
  askIfBlocked: z.boolean().optional(),
});
export const setAssigneesInput = z.object({ ...taskRef, userIds: z.array(userId).max(100) });
export const taskRefInput = z.object(taskRef);

const name = z.string().max(200);
const color = z.string().max(40);
const text = z.string().max(50_000);

export const labelInput = z.object({ name, color: color.optional() });
export const createLabelInput = z.object({ workspaceId: id, ...labelInput.shape });
export const updateLabelInput = z.object({ workspaceId: id, labelId: id, name, color });
export const deleteLabelInput = z.object({ workspaceId: id, labelId: id });
export const setTaskLabelsInput = z.object({
  ...taskRef,
  labelIds: z.array(id).max(100),
  newLabel: labelInput.optional(),
});

/** A parent by key ("WEB-3") or public id; null or empty: none. */
export const setTaskParentInput = z.object({ ...taskRef, parent: z.string().max(100).nullable() });
export const followTaskInput = z.object({ ...taskRef, following: z.boolean() });
/** A relation as the task sees it, to another task by key ("WEB-12") or public id. */
export const addTaskRelationInput = z.object({
  ...taskRef,
  relation: z.enum(RELATION_SIDES),
  other: z.string().max(100),
});
export const removeTaskRelationInput = z.object({ ...taskRef, relationId: id });

export const addCommentInput = z.object({ ...taskRef, body: text });
export const editCommentInput = z.object({ ...taskRef, commentId: id, body: text });
export const deleteCommentInput = z.object({ ...taskRef, commentId: id });

export const addChecklistItemInput = z.object({ ...taskRef, title: name });
const itemRef = { ...taskRef, itemId: id };
export const checklistItemInput = z.object(itemRef);
export const renameChecklistItemInput = z.object({ ...itemRef, title: name });
export const toggleChecklistItemInput = z.object({ ...itemRef, done: z.boolean() });
export const moveChecklistItemInput = z.union([
  z.object({ ...itemRef, direction: z.enum(["up", "down"]) }),
  z.object({ ...itemRef, toIndex: z.number().int().min(0).max(10_000) }),
]);

const statusFields = { name, color, category: z.enum(["not_started", "active", "done"]) };
export const createStatusInput = z.object({ projectId: id, ...statusFields });
export const updateStatusInput = z.object({ projectId: id, statusId: id, ...statusFields });
export const moveStatusInput = z.object({ projectId: id, statusId: id, direction: z.enum(["left", "right"]) });
export const deleteStatusInput = z.object({ projectId: id, statusId: id, targetStatusId: id });

export const postMessageInput = z.object({ projectId: id, body: text });
export const editMessageInput = z.object({ projectId: id, messageId: id, body: text });
export const deleteMessageInput = z.object({ projectId: id, messageId: id });

export const addAttachmentInput = z.object({
  ...taskRef,
  file: z.instanceof(File, { error: "Choose a file to attach." }),
});
export const removeAttachmentInput = z.object({ ...taskRef, attachmentId: id });

/** Bounds only: the command says "select at most 500" itself, beside the selection. */
export const bulkEditInput = z.object({
  projectId: id,
  taskIds: z.array(id).max(10_000),
  statusId: id.optional(),
  priority: priority.optional(),
  assigneeId: userId.optional(),
  labelId: id.optional(),
  delete: z.boolean().optional(),
});
