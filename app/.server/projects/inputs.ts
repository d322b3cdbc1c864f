import { z } from "zod";

/**
 * The project commands' inputs, whoever calls (a page, the API, a template's use): bounds
 * and types only. The forms' friendlier checks are in app/validation/projects.ts.
 */
const id = z.string().min(1).max(40);
const fields = {
  name: z.string().max(200),
  description: z.string().max(10_000).optional(),
  key: z.string().max(20).optional(),
  color: z.string().max(40).optional(),
};

export const createProjectInput = z.object({ workspaceId: id, ...fields });
export const updateProjectInput = z.object({ projectId: id, ...fields, name: fields.name.optional() });
export const projectCoverInput = z.object({ projectId: id, cover: z.instanceof(File).nullable() });
export const archiveProjectInput = z.object({ projectId: id, archived: z.boolean() });
export const deleteProjectInput = z.object({ projectId: id, confirmName: z.string().max(200).optional() });
export const starProjectInput = z.object({ projectId: id, starred: z.boolean() });
