import { z } from "zod";

import { MAX_ATTACHMENT_BYTES } from "../http/limits";
import { currentApiRate } from "./limits";
import {
  apiSchemas,
  attachmentListSchema,
  attachmentSchema,
  checklistItemSchema,
  checklistSchema,
  createChecklistItemSchema,
  createEventSchema,
  createProjectSchema,
  memberSchema,
  updateMemberSchema,
  updateWorkspaceSchema,
  updateLabelSchema,
  updateProjectSchema,
  createStatusSchema,
  eventPageSchema,
  eventSchema,
  messageBodySchema,
  messagePageSchema,
  messageSchema,
  projectSchema,
  statusListSchema,
  statusSchema,
  taskListSchema,
  updateChecklistItemSchema,
  updateEventSchema,
  updateStatusSchema,
  workspaceListSchema,
  workspaceSchema,
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
  createTaskRelationSchema,
  taskRelationListSchema,
  taskRelationSchema,
  taskWithRelationsSchema,
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
const etag = { ETag: { description: "Its version, for If-Match (and If-None-Match)", schema: { type: "string" } } };
const ifMatch = {
  name: "If-Match",
  in: "header",
  schema: { type: "string" },
  description: "The ETag the change is based on: a change made since is refused with 409",
};
/** A thing read alone: its version in ETag, and 304 when If-None-Match has it. */
const readAlone = (description: string, schema: z.ZodType) => ({
  "200": answer(description, schema, etag),
  "304": { description: "Not modified (If-None-Match)" },
  ...refusals,
});
/** Its change: refused with 409 when If-Match names an older version. */
const changed = (description: string, schema: z.ZodType) => ({
  "200": answer(description, schema, etag),
  "409": refusal("It changed since the If-Match version"),
  ...writeRefusals,
});

/** The request bodies, described as sent rather than as parsed. */
const INPUT_SCHEMAS = [
  "CreateTask",
  "UpdateTask",
  "CreateLabel",
  "CommentBody",
  "CreateStatus",
  "UpdateStatus",
  "CreateChecklistItem",
  "UpdateChecklistItem",
  "MessageBody",
  "CreateEvent",
  "UpdateEvent",
  "UpdateLabel",
  "CreateProject",
  "UpdateProject",
  "UpdateMember",
  "UpdateWorkspace",
  "CreateTaskRelation",
];
const created = (description: string, schema: z.ZodType) => ({
  "201": answer(description, schema),
  "409": refusal("A request with this Idempotency-Key is still running"),
  ...writeRefusals,
});
const deleted = { "204": { description: "Deleted" }, ...writeRefusals };
const listed = (description: string, schema: z.ZodType) => ({ "200": answer(description, schema), ...refusals });
const paged = (description: string, schema: z.ZodType) => ({
  "200": answer(description, schema),
  "400": refusal("A cursor this API did not give"),
  ...refusals,
  "422": refusal("A query parameter is not valid"),
});

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
  for (const name of INPUT_SCHEMAS) schemas[name] = inputs.schemas[name]!;
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
        post: {
          operationId: "createProject",
          summary: "Creates a project with the default statuses (editors and above)",
          parameters: [idempotencyKey],
          requestBody: body(createProjectSchema),
          responses: { ...created("The project", projectSchema), "201": answer("The project", projectSchema, etag) },
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
            "201": answer("The task", taskWithRelationsSchema, { ...etag, Location: { schema: { type: "string" } } }),
            "409": refusal("A request with this Idempotency-Key is still running"),
            ...writeRefusals,
          },
        },
      },
      "/tasks/{taskId}": {
        parameters: [pathId("taskId", "The task's id")],
        get: {
          operationId: "getTask",
          summary: "One task, with its relations",
          responses: {
            "200": answer("The task", taskWithRelationsSchema, etag),
            "304": { description: "Not modified (If-None-Match)" },
            ...refusals,
          },
        },
        patch: {
          operationId: "updateTask",
          summary: "Changes a task's fields; statusId moves it to that column's end",
          parameters: [ifMatch],
          requestBody: body(updateTaskSchema),
          responses: {
            "200": answer("The task", taskWithRelationsSchema, etag),
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
      ...morePaths(),
    },
  };
}

/** The workspace, a project, statuses, a task's parts, chat messages and calendar events. */
function morePaths() {
  const projectId = pathId("projectId", "The project's id");
  const taskId = pathId("taskId", "The task's id");
  return {
    "/workspaces": {
      get: {
        operationId: "listWorkspaces",
        summary: "The token's workspace (a token acts in one)",
        responses: listed("The workspace", workspaceListSchema),
      },
    },
    "/workspaces/{workspaceId}": {
      parameters: [pathId("workspaceId", "The workspace's id")],
      get: {
        operationId: "getWorkspace",
        summary: "The token's workspace",
        responses: readAlone("It", workspaceSchema),
      },
      patch: {
        operationId: "updateWorkspace",
        summary: "Renames the workspace (owners and admins)",
        parameters: [ifMatch],
        requestBody: body(updateWorkspaceSchema),
        responses: changed("The workspace", workspaceSchema),
      },
    },
    "/members/{userId}": {
      parameters: [pathId("userId", "The member's user id")],
      patch: {
        operationId: "updateMember",
        summary: "Changes a member's role (owners and admins; a workspace keeps an owner)",
        requestBody: body(updateMemberSchema),
        responses: { "200": answer("The member", memberSchema), ...writeRefusals },
      },
      delete: {
        operationId: "removeMember",
        summary: "Removes a member from the workspace (owners and admins; not yourself)",
        responses: deleted,
      },
    },
    "/projects/{projectId}": {
      parameters: [projectId],
      get: { operationId: "getProject", summary: "One project", responses: readAlone("The project", projectSchema) },
      patch: {
        operationId: "updateProject",
        summary: "Changes a project's fields, archives or restores it",
        parameters: [ifMatch],
        requestBody: body(updateProjectSchema),
        responses: changed("The project", projectSchema),
      },
      delete: {
        operationId: "deleteProject",
        summary: "Deletes a project and its tasks (owners and admins)",
        responses: deleted,
      },
    },
    "/labels/{labelId}": {
      parameters: [pathId("labelId", "The label's id")],
      patch: {
        operationId: "updateLabel",
        summary: "Renames or recolours a label (editors and above)",
        requestBody: body(updateLabelSchema),
        responses: { "200": answer("The label", labelSchema), ...writeRefusals },
      },
      delete: {
        operationId: "deleteLabel",
        summary: "Deletes a label; it leaves every task that had it",
        responses: deleted,
      },
    },
    "/projects/{projectId}/statuses": {
      parameters: [projectId],
      get: {
        operationId: "listStatuses",
        summary: "The project's statuses in column order, with their task counts",
        responses: listed("The statuses", statusListSchema),
      },
      post: {
        operationId: "createStatus",
        summary: "Adds a status at the end (editors and above; at most 20)",
        parameters: [idempotencyKey],
        requestBody: body(createStatusSchema),
        responses: created("The status", statusSchema),
      },
    },
    "/statuses/{statusId}": {
      parameters: [pathId("statusId", "The status's id")],
      patch: {
        operationId: "updateStatus",
        summary: "Renames, recolours, recategorises or moves a status",
        requestBody: body(updateStatusSchema),
        responses: { "200": answer("The status", statusSchema), ...writeRefusals },
      },
      delete: {
        operationId: "deleteStatus",
        summary: "Deletes a status; its tasks go to the end of moveTasksTo",
        parameters: [
          {
            name: "moveTasksTo",
            in: "query",
            required: true,
            schema: { type: "string" },
            description: "Another status of the project",
          },
        ],
        responses: deleted,
      },
    },
    "/tasks/{taskId}/subtasks": {
      parameters: [taskId],
      get: {
        operationId: "listSubtasks",
        summary: "The task's subtasks (create one with POST …/tasks and parentId)",
        responses: listed("The subtasks", taskListSchema),
      },
    },
    "/tasks/{taskId}/checklist": {
      parameters: [taskId],
      get: { operationId: "listChecklist", summary: "The task's checklist", responses: listed("It", checklistSchema) },
      post: {
        operationId: "createChecklistItem",
        summary: "Adds an item at the end (at most 100)",
        parameters: [idempotencyKey],
        requestBody: body(createChecklistItemSchema),
        responses: created("The item", checklistItemSchema),
      },
    },
    "/tasks/{taskId}/relations": {
      parameters: [taskId],
      get: {
        operationId: "listTaskRelations",
        summary: "The task's relations to other tasks of the workspace, as it sees them",
        responses: listed("Its relations", taskRelationListSchema),
      },
      post: {
        operationId: "createTaskRelation",
        summary:
          "Relates the task to another of the workspace (editors and above): blocks, blocked by, relates, duplicates, duplicated by; a loop of blockers is refused (422). The API is never asked to confirm completing a blocked task.",
        parameters: [idempotencyKey],
        requestBody: body(createTaskRelationSchema),
        responses: created("The relation", taskRelationSchema),
      },
    },
    "/tasks/{taskId}/relations/{relationId}": {
      parameters: [taskId, pathId("relationId", "The relation's id")],
      delete: { operationId: "deleteTaskRelation", summary: "Removes one of the task's relations", responses: deleted },
    },
    "/checklist-items/{itemId}": {
      parameters: [pathId("itemId", "The checklist item's id")],
      patch: {
        operationId: "updateChecklistItem",
        summary: "Renames, ticks or moves an item",
        requestBody: body(updateChecklistItemSchema),
        responses: { "200": answer("The item", checklistItemSchema), ...writeRefusals },
      },
      delete: { operationId: "deleteChecklistItem", summary: "Deletes an item", responses: deleted },
    },
    "/tasks/{taskId}/attachments": {
      parameters: [taskId],
      get: {
        operationId: "listAttachments",
        summary: "The task's files, newest first",
        responses: listed("The files", attachmentListSchema),
      },
      post: {
        operationId: "createAttachment",
        summary: `Attaches a file (at most ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB; 100 a task)`,
        parameters: [idempotencyKey],
        requestBody: {
          required: true,
          content: {
            "multipart/form-data": {
              schema: {
                type: "object",
                required: ["file"],
                properties: { file: { type: "string", contentMediaType: "application/octet-stream" } },
              },
            },
          },
        },
        responses: {
          ...created("The file", attachmentSchema),
          "413": refusal("The file is larger than the limit"),
          "415": refusal("The body is not multipart/form-data"),
        },
      },
    },
    "/attachments/{attachmentId}/content": {
      parameters: [pathId("attachmentId", "The attachment's id")],
      get: {
        operationId: "downloadAttachment",
        summary: "The file (images inline, anything else as a download)",
        responses: {
          "200": {
            description: "The file's bytes, with its Content-Type and Content-Disposition",
            content: { "*/*": { schema: { type: "string", contentMediaType: "application/octet-stream" } } },
          },
          ...refusals,
        },
      },
    },
    "/attachments/{attachmentId}": {
      parameters: [pathId("attachmentId", "The attachment's id")],
      delete: { operationId: "deleteAttachment", summary: "Removes a file (editors and above)", responses: deleted },
    },
    "/projects/{projectId}/messages": {
      parameters: [projectId],
      get: {
        operationId: "listMessages",
        summary: "A page of the project's chat, newest first",
        parameters: pageParameters,
        responses: paged("A page of messages", messagePageSchema),
      },
      post: {
        operationId: "createMessage",
        summary: "Posts to the project's chat (any member; @mentions notify)",
        parameters: [idempotencyKey],
        requestBody: body(messageBodySchema),
        responses: created("The message", messageSchema),
      },
    },
    "/messages/{messageId}": {
      parameters: [pathId("messageId", "The message's id")],
      patch: {
        operationId: "updateMessage",
        summary: "Changes the text of one of the member's own messages",
        requestBody: body(messageBodySchema),
        responses: { "200": answer("The message", messageSchema), ...writeRefusals },
      },
      delete: {
        operationId: "deleteMessage",
        summary: "Deletes the member's own message (owners and admins: anyone's)",
        responses: deleted,
      },
    },
    "/calendar/events": {
      get: {
        operationId: "listEvents",
        summary: "A page of the team calendar's events overlapping from…to, by start",
        parameters: [
          ...pageParameters,
          { name: "from", in: "query", schema: { type: "string", format: "date" }, description: "First day (UTC)" },
          { name: "to", in: "query", schema: { type: "string", format: "date" }, description: "Last day (UTC)" },
          { name: "projectId", in: "query", schema: { type: "string" }, description: "Only this project's" },
        ],
        responses: paged("A page of events", eventPageSchema),
      },
      post: {
        operationId: "createEvent",
        summary: "Adds an event to the team calendar (editors and above)",
        parameters: [idempotencyKey],
        requestBody: body(createEventSchema),
        responses: { ...created("The event", eventSchema), "201": answer("The event", eventSchema, etag) },
      },
    },
    "/calendar/events/{eventId}": {
      parameters: [pathId("eventId", "The event's id")],
      get: { operationId: "getEvent", summary: "One event", responses: readAlone("The event", eventSchema) },
      patch: {
        operationId: "updateEvent",
        summary: "Changes an event (its creator, or an owner or admin)",
        parameters: [ifMatch],
        requestBody: body(updateEventSchema),
        responses: changed("The event", eventSchema),
      },
      delete: {
        operationId: "deleteEvent",
        summary: "Deletes an event (its creator, or an owner or admin); attendees are told",
        responses: deleted,
      },
    },
  };
}
