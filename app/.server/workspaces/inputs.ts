import { z } from "zod";

/**
 * The workspace commands' inputs, whoever calls: bounds and types only. The forms'
 * friendlier checks are in app/validation/workspace.ts.
 */
const id = z.string().min(1).max(40);
const name = z.string().trim().min(1, { error: "Enter a workspace name" }).max(60);

export const createWorkspaceInput = z.object({ name });
export const renameWorkspaceInput = z.object({ workspaceId: id, name });
export const deleteWorkspaceInput = z.object({ workspaceId: id, confirmName: z.string().max(200) });
