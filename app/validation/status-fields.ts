import { z } from "zod";

import { PROJECT_COLOR_NAMES } from "../utils/projects";

/** A project status's fields as the Statuses settings check them (browser and server). */
export const STATUS_CATEGORIES = ["not_started", "active", "done"] as const;
export type StatusCategory = (typeof STATUS_CATEGORIES)[number];

export const STATUS_CATEGORY_LABELS: Record<StatusCategory, string> = {
  not_started: "Not started",
  active: "Active",
  done: "Done",
};

const publicId = z.string().regex(/^[A-Za-z0-9]{6,20}$/, { error: "Unknown status" });

export const statusFieldsSchema = z.object({
  name: z
    .string({ error: "Enter a status name" })
    .trim()
    .min(1, { error: "Enter a status name" })
    .max(40, { error: "Keep the name under 40 characters" }),
  color: z.enum(PROJECT_COLOR_NAMES as [string, ...string[]], { error: "Pick a colour" }),
  category: z.enum(STATUS_CATEGORIES, { error: "Pick a category" }),
});

export const statusIdSchema = z.object({ statusId: publicId });

export const moveStatusSchema = z.object({
  statusId: publicId,
  direction: z.enum(["left", "right"], { error: "Move left or right" }),
});

export const deleteStatusSchema = z.object({
  statusId: publicId,
  targetStatusId: publicId.or(z.literal("")).refine((value) => value !== "", {
    error: "Choose another status for its tasks.",
  }),
});
