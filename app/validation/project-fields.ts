import { z } from "zod";

import { PROJECT_COLOR_NAMES, PROJECT_KEY_PATTERN } from "~/utils/projects";

/**
 * A project's fields as every form that edits them checks them (browser and server), and
 * the create form built from them.
 */
export const projectName = z
  .string({ error: "Enter a project name" })
  .trim()
  .min(1, { error: "Enter a project name" })
  .max(80, { error: "Keep the name under 80 characters" });

export const projectDescription = z
  .string()
  .trim()
  .max(2000, { error: "Keep the description under 2000 characters" })
  .optional();

export const projectKey = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PROJECT_KEY_PATTERN, { error: "Use 2–10 capital letters or digits, starting with a letter" });

export const projectColor = z.enum(PROJECT_COLOR_NAMES as [string, ...string[]], { error: "Pick a colour" });

export const createProjectSchema = z.object({
  name: projectName,
  workspaceId: z.string({ error: "Choose a workspace" }).min(1, { error: "Choose a workspace" }),
  description: projectDescription,
  key: projectKey.optional(),
  color: projectColor.optional(),
});

export const projectSettingsSchema = z.object({
  intent: z.literal("update"),
  name: projectName,
  description: projectDescription,
  key: projectKey,
  color: projectColor,
});

export const deleteProjectSchema = z.object({
  intent: z.literal("delete"),
  confirmName: z
    .string({ error: "Type the project name to confirm" })
    .min(1, { error: "Type the project name to confirm" }),
});

export const PROJECT_VIEWS = [
  "list",
  "board",
  "mindmap",
  "calendar",
  "chat",
  "activity",
  "settings",
  "sharing",
] as const;
export type ProjectView = (typeof PROJECT_VIEWS)[number];
