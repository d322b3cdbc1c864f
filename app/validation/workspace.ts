import { z } from "zod";

/** A workspace's name, and the forms that use it. */
export const workspaceName = z
  .string({ error: "Enter a workspace name" })
  .trim()
  .min(1, { error: "Enter a workspace name" })
  .max(60, { error: "Keep the name under 60 characters" });

export const createWorkspaceSchema = z.object({ name: workspaceName });

export const renameWorkspaceSchema = z.object({ intent: z.literal("rename"), name: workspaceName });

export const deleteWorkspaceSchema = z.object({
  intent: z.literal("delete"),
  confirmName: z
    .string({ error: "Type the workspace name to confirm" })
    .min(1, { error: "Type the workspace name to confirm" }),
});
