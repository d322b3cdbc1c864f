import { z } from "zod";

import { TASK_PRIORITIES } from "~/validation/priorities";
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

export const moveTaskInput = z.object({ ...taskRef, statusId: id, placement: placementInput });
export const setAssigneesInput = z.object({ ...taskRef, userIds: z.array(userId).max(100) });
export const taskRefInput = z.object(taskRef);
