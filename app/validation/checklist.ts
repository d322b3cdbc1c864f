import { z } from "zod";

import { publicId } from "./task-fields";

/** A checklist item's fields, as the task page's forms and its action check them. */
export const CHECKLIST_TITLE_MAX = 200;

/** A checklist is a list to tick off, not a task tracker of its own. */
export const CHECKLIST_MAX = 100;

export const checklistTitle = z
  .string({ error: "Name the item" })
  .trim()
  .min(1, { error: "Name the item" })
  .max(CHECKLIST_TITLE_MAX, { error: "Keep the item under 200 characters" });

export const addChecklistItemSchema = z.object({ intent: z.literal("add-checklist-item"), title: checklistTitle });

export const renameChecklistItemSchema = z.object({
  intent: z.literal("rename-checklist-item"),
  itemId: publicId,
  title: checklistTitle,
});

/** A ticked box sends `done=on`; an unticked one sends nothing. */
export const toggleChecklistItemSchema = z.object({
  intent: z.literal("toggle-checklist-item"),
  itemId: publicId,
  done: z.literal("on").optional(),
});

/**
 * One place up or down (the buttons without JavaScript, Alt+arrows), or to the place it
 * ends at, counted from 0 (a drag): one of the two.
 */
export const moveChecklistItemSchema = z
  .object({
    intent: z.literal("move-checklist-item"),
    itemId: publicId,
    direction: z.enum(["up", "down"], { error: "Move the item up or down" }).optional(),
    toIndex: z.coerce
      .number({ error: "Move the item to one of the checklist's places" })
      .int({ error: "Move the item to one of the checklist's places" })
      .min(0, { error: "Move the item to one of the checklist's places" })
      .max(CHECKLIST_MAX - 1, { error: "Move the item to one of the checklist's places" })
      .optional(),
  })
  .refine((move) => (move.direction === undefined) !== (move.toIndex === undefined), {
    error: "Move the item up or down, or to one place",
  });

export const deleteChecklistItemSchema = z.object({
  intent: z.literal("delete-checklist-item"),
  itemId: publicId,
});
