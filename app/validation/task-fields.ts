import { z } from "zod";

/** A task's fields as every form that edits them checks them (browser and server). */
export const TASK_PRIORITIES = ["none", "low", "medium", "high", "urgent"] as const;
export type Priority = (typeof TASK_PRIORITIES)[number];

/** Public ids: letters and digits, as newPublicId makes them. */
const publicId = z.string().regex(/^[A-Za-z0-9]{6,20}$/, { error: "Unknown item" });

export const taskTitle = z
  .string({ error: "Enter a task title" })
  .trim()
  .min(1, { error: "Enter a task title" })
  .max(200, { error: "Keep the title under 200 characters" });

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-31" })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: "Use a real date" });

/** Conform reads an empty field as undefined: for a date, that clears it. */
const optionalDay = isoDay.optional();

export const quickAddSchema = z.object({
  intent: z.literal("create-task"),
  statusId: publicId,
  title: taskTitle,
});

export const moveTaskSchema = z.object({
  intent: z.literal("move-task"),
  taskId: publicId,
  statusId: publicId,
});

export const taskFieldsSchema = z.object({
  intent: z.literal("update-task"),
  title: taskTitle,
  description: z.string().trim().max(20_000, { error: "Keep the description under 20,000 characters" }).optional(),
  priority: z.enum(TASK_PRIORITIES, { error: "Pick a priority" }),
  startDate: optionalDay,
  dueDate: optionalDay,
  /** Hours (e.g. 1.5); stored as whole minutes. Empty clears it. */
  estimateHours: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: "Enter the estimate in hours, like 1.5" })
    .optional(),
});

/** The List view's bulk bar: the selected tasks and what to do to them (empty selects change nothing). */
export const bulkEditSchema = z.object({
  intent: z.literal("bulk-edit"),
  taskIds: z
    .array(publicId)
    .min(1, { error: "Select at least one task." })
    .max(500, { error: "Select at most 500 tasks at a time." }),
  statusId: publicId.optional(),
  priority: z.enum(TASK_PRIORITIES, { error: "Pick a priority" }).optional(),
  assignee: z.uuid({ error: "Assign only members of this workspace." }).optional(),
  labelId: publicId.optional(),
  op: z.enum(["apply", "delete"]).default("apply"),
});
