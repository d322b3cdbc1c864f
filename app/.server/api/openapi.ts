import { z } from "zod";

import { currentApiRate } from "./limits";
import {
  apiSchemas,
  commentBodySchema,
  commentPageSchema,
  commentSchema,
  createLabelSchema,
  labelListSchema,
  labelSchema,
  memberListSchema,
  createTaskSchema,
  problemSchema,
  projectListSchema,
  taskPageSchema,
  taskSchema,
  updateTaskSchema,
} from "./schemas";

/**
 * The OpenAPI 3.1 document of `/api/v1`, generated from the zod schemas the router parses
 * and answers with (schemas.ts), so the document and the API cannot drift.
 */
const ref = (schema: z.ZodType) => ({ $ref: `#/components/schemas/${apiSchemas.get(schema)!.id}` });
const body = (schema: z.ZodType) => ({ required: true, content: { "application/json": { schema: ref(schema) } } });
const answer = (description: string, schema?: z.ZodType, headers?: Record<string, unknown>) => ({
  description,
  ...(schema ? { content: { "application/json": { schema: ref(schema) } } } : {}),
  ...(headers ? { headers } : {}),
});
const refusal = (description: string) => ({
  description,
  content: { "application/problem+json": { schema: ref(problemSchema) } },
});
const refusals = {
  "401": refusal("No token, or one that is not valid, revoked or expired"),
  "404": refusal("Not found in the token's workspace"),
  "429": refusal(`Over ${currentApiRate().points} requests a minute for this token; see Retry-After`),
};
const writeRefusals = {
  ...refusals,
  "403": refusal("A read-only token, or a role that may not do this (a viewer)"),
  "422": refusal("A field is not valid; `errors` names it"),
  "400": refusal("The body is not JSON, or holds a character that is not allowed (NUL)"),
  "415": refusal("The body is not application/json"),
};
const pathId = (name: string, description: string) => ({
  name,
  in: "path",
  required: true,
  description,
  schema: { type: "string" },
});
const idempotencyKey = {
  name: "Idempotency-Key",
  in: "header",
  schema: { type: "string", maxLength: 200 },
  description: "The same key and body again within 24 hours returns the first answer and creates nothing",
};
const pageParameters = [
  { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } },
  { name: "cursor", in: "query", schema: { type: "string" }, description: "The previous page's nextCursor" },
];
const etag = { ETag: { description: "The task's version, for If-Match", schema: { type: "string" } } };

let document: unknown;

export function openApiDocument() {
  document ??= build();
  return document;
}

function build() {
  const { schemas } = z.toJSONSchema(apiSchemas, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    io: "output",
  });
  // Request bodies describe what may be sent (input): defaults and optional fields as given.
  const inputs = z.toJSONSchema(apiSchemas, {
    target: "draft-2020-12",
    uri: (id) => `#/components/schemas/${id}`,
    io: "input",
  });
  for (const name of ["CreateTask", "UpdateTask", "CreateLabel", "CommentBody"]) schemas[name] = inputs.schemas[name]!;
  // Components are named by their key: no $schema or $id of their own.
  for (const schema of Object.values(schemas)) {
    delete (schema as { $schema?: string }).$schema;
    delete (schema as { $id?: string }).$id;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Plotline API",
      version: "1.0.0",
      description:
        "A personal token (Settings → Integrations) acts as you, in one workspace, with your role there. Send it as `Authorization: Bearer <token>`. Errors are RFC 9457 problem details.",
    },
    servers: [{ url: "/api/v1" }],
    security: [{ token: [] }],
    components: {
      securitySchemes: { token: { type: "http", scheme: "bearer", description: "A personal API token, plt_…" } },
      schemas,
    },
    paths: {
      "/projects": {
        get: {
          operationId: "listProjects",
          summary: "The workspace's projects, with their statuses",
          responses: { "200": answer("The projects", projectListSchema), ...refusals },
        },
      },
      "/projects/{projectId}/tasks": {
        parameters: [pathId("projectId", "The project's id")],
        get: {
          operationId: "listTasks",
          summary: "A page of the project's tasks, in number order",
          parameters: [
            { name: "limit", in: "query", schema: { type: "integer", minimum: 1, maximum: 100, default: 50 } },
            { name: "cursor", in: "query", schema: { type: "string" }, description: "The previous page's nextCursor" },
            { name: "status", in: "query", schema: { type: "string" }, description: "A status id" },
            { name: "priority", in: "query", schema: { type: "string", enum: taskSchema.shape.priority.options } },
          ],
          responses: {
            "200": answer("A page of tasks", taskPageSchema),
            "400": refusal("A cursor this API did not give"),
            ...refusals,
            "422": refusal("A query parameter is not valid"),
          },
        },
        post: {
          operationId: "createTask",
          summary: "Creates a task (or a subtask, with parentId)",
          parameters: [
            {
              name: "Idempotency-Key",
              in: "header",
              schema: { type: "string", maxLength: 200 },
              description: "The same key and body again within 24 hours returns the first answer and creates nothing",
            },
          ],
          requestBody: body(createTaskSchema),
          responses: {
            "201": answer("The task", taskSchema, { ...etag, Location: { schema: { type: "string" } } }),
            "409": refusal("A request with this Idempotency-Key is still running"),
            ...writeRefusals,
          },
        },
      },
      "/tasks/{taskId}": {
        parameters: [pathId("taskId", "The task's id")],
        get: {
          operationId: "getTask",
          summary: "One task",
          responses: {
            "200": answer("The task", taskSchema, etag),
            "304": { description: "Not modified (If-None-Match)" },
            ...refusals,
          },
        },
        patch: {
          operationId: "updateTask",
          summary: "Changes a task's fields; statusId moves it to that column's end",
          parameters: [
            {
              name: "If-Match",
              in: "header",
              schema: { type: "string" },
              description: "The ETag the change is based on",
            },
          ],
          requestBody: body(updateTaskSchema),
          responses: {
            "200": answer("The task", taskSchema, etag),
            "409": refusal("The task changed since the If-Match version"),
            ...writeRefusals,
          },
        },
        delete: {
          operationId: "deleteTask",
          summary: "Deletes a task and its subtasks",
          responses: { "204": { description: "Deleted" }, ...writeRefusals },
        },
      },
      "/tasks/{taskId}/comments": {
        parameters: [pathId("taskId", "The task's id")],
        get: {
          operationId: "listComments",
          summary: "A page of the task's comments, oldest first",
          parameters: pageParameters,
          responses: {
            "200": answer("A page of comments", commentPageSchema),
            "400": refusal("A cursor this API did not give"),
            ...refusals,
            "422": refusal("A query parameter is not valid"),
          },
        },
        post: {
          operationId: "createComment",
          summary: "Comments on the task as the token's member (@mentions notify)",
          parameters: [idempotencyKey],
          requestBody: body(commentBodySchema),
          responses: { "201": answer("The comment", commentSchema), "409": refusal("Still running"), ...writeRefusals },
        },
      },
      "/comments/{commentId}": {
        parameters: [pathId("commentId", "The comment's id")],
        patch: {
          operationId: "updateComment",
          summary: "Changes the text of one of the member's own comments",
          requestBody: body(commentBodySchema),
          responses: { "200": answer("The comment", commentSchema), ...writeRefusals },
        },
        delete: {
          operationId: "deleteComment",
          summary: "Deletes the member's own comment (owners and admins: anyone's)",
          responses: { "204": { description: "Deleted" }, ...writeRefusals },
        },
      },
      "/members": {
        get: {
          operationId: "listMembers",
          summary: "The workspace's members and their roles",
          responses: { "200": answer("The members", memberListSchema), ...refusals },
        },
      },
      "/labels": {
        get: {
          operationId: "listLabels",
          summary: "The workspace's labels",
          responses: { "200": answer("The labels", labelListSchema), ...refusals },
        },
        post: {
          operationId: "createLabel",
          summary: "Adds a label to the workspace (editors and above)",
          parameters: [idempotencyKey],
          requestBody: body(createLabelSchema),
          responses: { "201": answer("The label", labelSchema), "409": refusal("Still running"), ...writeRefusals },
        },
      },
    },
  };
}
