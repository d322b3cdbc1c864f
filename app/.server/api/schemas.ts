import { z } from "zod";

import { TASK_PRIORITIES } from "~/validation/task-fields";

/**
 * The public API's bodies, once: the router parses requests with them and the OpenAPI
 * document (openapi.ts) is generated from them, so the two cannot drift.
 */
/** The named schemas, the OpenAPI document's components. */
export const apiSchemas = z.registry<{ id: string }>();

const day = z.iso.date().describe("A calendar day, YYYY-MM-DD");
const publicId = z.string().min(1).max(40);

export const problemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .register(apiSchemas, { id: "Problem" });

export const projectSchema = z
  .object({
    id: z.string(),
    key: z.string(),
    name: z.string(),
    description: z.string(),
    color: z.string(),
    archived: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    statuses: z.array(z.object({ id: z.string(), name: z.string(), category: z.string() })),
  })
  .register(apiSchemas, { id: "Project" });

export const taskSchema = z
  .object({
    id: z.string(),
    key: z.string().describe("The project's key and the task's number, e.g. WEB-12"),
    projectId: z.string(),
    title: z.string(),
    description: z.string().describe("Markdown"),
    status: z.object({ id: z.string(), name: z.string(), category: z.string() }),
    priority: z.enum(TASK_PRIORITIES),
    startDate: day.nullable(),
    dueDate: day.nullable(),
    estimateMinutes: z.number().int().nullable(),
    parentId: z.string().nullable(),
    assignees: z.array(z.object({ id: z.string(), name: z.string() })),
    labels: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
    completedAt: z.iso.datetime().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    url: z.string(),
  })
  .register(apiSchemas, { id: "Task" });

export const taskPageSchema = z
  .object({
    items: z.array(taskSchema),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last"),
  })
  .register(apiSchemas, { id: "TaskPage" });

export const projectListSchema = z
  .object({ items: z.array(projectSchema) })
  .register(apiSchemas, { id: "ProjectList" });

const editable = {
  description: z.string().max(50_000).optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  startDate: day.nullable().optional(),
  dueDate: day.nullable().optional(),
  estimateMinutes: z.number().int().min(0).max(1_000_000).nullable().optional(),
};

export const createTaskSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(500),
    statusId: publicId.optional().describe("A status of the project; its first not-started status when left out"),
    parentId: publicId.optional().describe("Makes the task a subtask of this one"),
    assigneeIds: z.array(z.uuid()).max(20).optional(),
    labelIds: z.array(publicId).max(20).optional(),
    ...editable,
  })
  .register(apiSchemas, { id: "CreateTask" });

export const updateTaskSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(500).optional(),
    statusId: publicId.optional().describe("Moves the task to the end of this status's column"),
    assigneeIds: z.array(z.uuid()).max(20).optional().describe("The task's assignees, exactly these members"),
    labelIds: z.array(publicId).max(20).optional().describe("The task's labels, exactly these"),
    ...editable,
  })
  .register(apiSchemas, { id: "UpdateTask" });

export const memberListSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        email: z.string(),
        role: z.enum(["owner", "admin", "editor", "viewer"]),
        joinedAt: z.iso.datetime(),
      }),
    ),
  })
  .register(apiSchemas, { id: "MemberList" });

export const labelSchema = z
  .object({ id: z.string(), name: z.string(), color: z.string() })
  .register(apiSchemas, { id: "Label" });

export const labelListSchema = z.object({ items: z.array(labelSchema) }).register(apiSchemas, { id: "LabelList" });

export const createLabelSchema = z
  .strictObject({ name: z.string().trim().min(1).max(40), color: z.string().max(20).optional() })
  .register(apiSchemas, { id: "CreateLabel" });

export const commentSchema = z
  .object({
    id: z.string(),
    taskId: z.string(),
    author: z.object({ id: z.string(), name: z.string() }),
    body: z.string().describe("Markdown"),
    edited: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: "Comment" });

export const commentPageSchema = z
  .object({ items: z.array(commentSchema), nextCursor: z.string().nullable() })
  .register(apiSchemas, { id: "CommentPage" });

export const commentBodySchema = z
  .strictObject({ body: z.string().trim().min(1).max(10_000) })
  .register(apiSchemas, { id: "CommentBody" });

export const pageQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(80).optional(),
});

export const taskListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(40).optional(),
  status: publicId.optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
});
