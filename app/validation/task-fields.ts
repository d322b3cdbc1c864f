import { z } from "zod";

import { isCalendarDay } from "~/utils/calendar-month";
import { MAX_QUICK_ADD_LENGTH } from "~/utils/quick-add-syntax";
import { TASK_PRIORITIES } from "./priorities";

/** A task's fields as every form that edits them checks them (browser and server). */
export { TASK_PRIORITIES, type Priority } from "./priorities";

/** Public ids: letters and digits, as newPublicId makes them. */
export const publicId = z.string().regex(/^[A-Za-z0-9]{6,20}$/, { error: "Unknown item" });

export const MAX_TITLE_LENGTH = 200;

export const taskTitle = z
  .string({ error: "Enter a task title" })
  .trim()
  .min(1, { error: "Enter a task title" })
  .max(MAX_TITLE_LENGTH, { error: `Keep the title under ${MAX_TITLE_LENGTH} characters` });

const isoDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-31" })
  // Date.parse takes 2026-02-31 (as March 3), which PostgreSQL's date refuses.
  .refine(isCalendarDay, { error: "Use a real date" });

/** Conform reads an empty field as undefined: for a date, that clears it. */
const optionalDay = isoDay.optional();

export const quickAddSchema = z.object({
  intent: z.literal("create-task"),
  statusId: publicId,
  /** The raw line; the server parses it (app/.server/tasks/quick-add.ts), which checks the title left. */
  title: z
    .string({ error: "Enter a task title" })
    .trim()
    .min(1, { error: "Enter a task title" })
    .max(MAX_QUICK_ADD_LENGTH, { error: `Keep it under ${MAX_QUICK_ADD_LENGTH} characters` }),
  /** "fetcher": answer with data (a refusal too), not a redirect or an error page. */
  via: z.literal("fetcher").optional(),
});

/** The Mind Map's "add a child": a top-level task under the project (no parent) or a subtask. */
export const addChildSchema = z.object({
  intent: z.literal("add-child"),
  parentId: publicId.optional(),
  title: taskTitle,
});

export const moveTaskSchema = z.object({
  intent: z.literal("move-task"),
  taskId: publicId,
  statusId: publicId,
  /** The board's drag and drop: the cards the task was dropped between (none: the end). */
  beforeId: publicId.optional(),
  afterId: publicId.optional(),
  /** "fetcher": answer with data (a refusal too), not a redirect or an error page. */
  via: z.literal("fetcher").optional(),
});

/** Where a move puts the task: before the card that follows it, else after the one before it, else at the end. */
export function placementOf({ beforeId, afterId }: { beforeId?: string; afterId?: string }) {
  return beforeId ? { before: beforeId } : afterId ? { after: afterId } : ({ at: "end" } as const);
}

/** A task's description: Markdown, trimmed, as it is saved and as its preview renders it. */
export const descriptionText = z.string().trim().max(20_000, { error: "Keep the description under 20,000 characters" });

/**
 * A task's own fields as the task page's forms send them: each form sends only the fields
 * it edits (the title in place, one property, the description), and a field that is absent
 * stays as it is; one that is sent empty is cleared (`taskPatchOf`).
 */
export const taskFieldsSchema = z.object({
  intent: z.literal("update-task"),
  title: taskTitle.optional(),
  description: descriptionText.optional(),
  priority: z.enum(TASK_PRIORITIES, { error: "Pick a priority" }).optional(),
  startDate: optionalDay,
  dueDate: optionalDay,
  /** Hours (e.g. 1.5); stored as whole minutes. Empty clears it. */
  estimateHours: z
    .string()
    .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: "Enter the estimate in hours, like 1.5" })
    .optional(),
  /** "fetcher": answer with data (a refusal too), not a redirect or an error page. */
  via: z.literal("fetcher").optional(),
});

export const TASK_FIELDS = ["title", "description", "priority", "startDate", "dueDate", "estimateHours"] as const;
export type TaskField = (typeof TASK_FIELDS)[number];

/**
 * The change a parsed `update-task` form asks for: only the fields the form holds. A title
 * sent empty is refused by the schema; other fields sent empty are cleared.
 */
export function taskPatchOf(formData: FormData, value: z.infer<typeof taskFieldsSchema>) {
  const sent = (field: TaskField) => formData.has(field);
  return {
    ...(sent("title") && value.title !== undefined ? { title: value.title } : {}),
    ...(sent("description") ? { description: value.description ?? "" } : {}),
    ...(sent("priority") && value.priority !== undefined ? { priority: value.priority } : {}),
    ...(sent("startDate") ? { startDate: value.startDate ?? null } : {}),
    ...(sent("dueDate") ? { dueDate: value.dueDate ?? null } : {}),
    ...(sent("estimateHours")
      ? { estimateMinutes: value.estimateHours === undefined ? null : Math.round(Number(value.estimateHours) * 60) }
      : {}),
  };
}

/** A new due date for a task (the Calendar view's drag or its small form); empty clears it. */
export const rescheduleTaskSchema = z.object({
  intent: z.literal("reschedule-task"),
  taskId: publicId,
  dueDate: optionalDay,
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
