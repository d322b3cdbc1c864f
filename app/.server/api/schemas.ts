import { z } from "zod";

import { PROJECT_COLOR_NAMES, PROJECT_KEY_PATTERN, type ProjectColor } from "~/utils/projects";
import { isTimeZone } from "~/utils/time-zones";
import { MESSAGE_MAX_LENGTH } from "~/validation/chat-fields";
import { CHECKLIST_MAX, CHECKLIST_TITLE_MAX } from "~/validation/checklist";
import { MAX_LABEL_NAME } from "~/validation/labels";
import { STATUS_CATEGORIES } from "~/validation/status-fields";
import { TASK_PRIORITIES } from "~/validation/task-fields";
import { RELATION_SIDES } from "~/validation/task-relations";
import { workspaceName } from "~/validation/workspace";
import { EVENT_ATTENDEES_MAX, EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX } from "~/validation/team-calendar";

/**
 * The public API's bodies, once: the router parses requests with them and the OpenAPI
 * document (openapi.ts) is generated from them, so the two cannot drift.
 */
/** The named schemas, the OpenAPI document's components. */
export const apiSchemas = z.registry<{ id: string }>();

const day = z.iso.date().describe("A calendar day, YYYY-MM-DD");
/** Projects, statuses and labels take a colour of the app's palette. */
const paletteColor = z.enum(PROJECT_COLOR_NAMES as [ProjectColor, ...ProjectColor[]]);
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

const relationKind = z
  .enum(RELATION_SIDES)
  .describe(
    "As this task sees it: blocked_by (the other task blocks this one), blocks, relates, duplicated_by (the other task is a duplicate of this one), duplicates (this one is a duplicate of the other)",
  );

export const taskRelationSchema = z
  .object({
    id: z.string(),
    kind: relationKind,
    task: z.object({
      id: z.string(),
      key: z.string(),
      title: z.string(),
      projectId: z.string(),
      status: z.object({ name: z.string(), category: z.string() }),
    }),
  })
  .register(apiSchemas, { id: "TaskRelation" });

export const taskRelationListSchema = z
  .object({ items: z.array(taskRelationSchema) })
  .register(apiSchemas, { id: "TaskRelationList" });

/** A task read alone (GET, and the answer to a create or change): with its relations. */
export const taskWithRelationsSchema = taskSchema
  .extend({
    relations: z
      .array(taskRelationSchema)
      .describe("Its relations to live tasks of the workspace's other (or same) projects, by kind"),
  })
  .register(apiSchemas, { id: "TaskWithRelations" });

export const createTaskRelationSchema = z
  .strictObject({
    kind: relationKind,
    task: z.string().trim().min(1).max(40).describe("The other task: its key (WEB-12) or id, in this workspace"),
  })
  .register(apiSchemas, { id: "CreateTaskRelation" });

export const taskPageSchema = z
  .object({
    items: z.array(taskSchema),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for the next page; null on the last"),
  })
  .register(apiSchemas, { id: "TaskPage" });

export const taskListSchema = z.object({ items: z.array(taskSchema) }).register(apiSchemas, { id: "TaskList" });

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
    parentId: publicId
      .nullable()
      .optional()
      .describe("Makes it a subtask of this task of the project; null makes it top-level"),
    ...editable,
  })
  .register(apiSchemas, { id: "UpdateTask" });

const role = z.enum(["owner", "admin", "editor", "viewer"]);

export const memberSchema = z
  .object({ id: z.string(), name: z.string(), email: z.string(), role, joinedAt: z.iso.datetime() })
  .register(apiSchemas, { id: "Member" });

export const memberListSchema = z.object({ items: z.array(memberSchema) }).register(apiSchemas, { id: "MemberList" });

export const updateMemberSchema = z
  .strictObject({ role: role.describe("Making someone an owner takes an owner") })
  .register(apiSchemas, { id: "UpdateMember" });

export const labelSchema = z
  .object({ id: z.string(), name: z.string(), color: z.string() })
  .register(apiSchemas, { id: "Label" });

export const labelListSchema = z.object({ items: z.array(labelSchema) }).register(apiSchemas, { id: "LabelList" });

export const createLabelSchema = z
  .strictObject({
    name: z.string().trim().min(1).max(MAX_LABEL_NAME),
    color: paletteColor.optional().describe("The palette's least used colour when left out"),
  })
  .register(apiSchemas, { id: "CreateLabel" });

export const updateLabelSchema = z
  .strictObject({ name: z.string().trim().min(1).max(MAX_LABEL_NAME).optional(), color: paletteColor.optional() })
  .register(apiSchemas, { id: "UpdateLabel" });

const projectFields = {
  name: z.string().trim().min(1).max(80),
  description: z.string().trim().max(2000),
  key: z
    .string()
    .trim()
    .toUpperCase()
    .regex(PROJECT_KEY_PATTERN)
    .describe("2–10 capital letters or digits, starting with a letter: the prefix of its tasks' keys"),
  color: paletteColor,
};

export const createProjectSchema = z
  .strictObject({
    name: projectFields.name,
    description: projectFields.description.optional(),
    key: projectFields.key.optional().describe("Derived from the name when left out"),
    color: projectFields.color.optional(),
  })
  .register(apiSchemas, { id: "CreateProject" });

export const updateProjectSchema = z
  .strictObject({
    name: projectFields.name.optional(),
    description: projectFields.description.optional(),
    key: projectFields.key.optional(),
    color: projectFields.color.optional(),
    archived: z.boolean().optional().describe("Archives it (read-only) or restores it"),
  })
  .register(apiSchemas, { id: "UpdateProject" });

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

const person = z.object({ id: z.string(), name: z.string() });

export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    personal: z.boolean(),
    role: role.describe("The token's member's role here"),
    createdAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: "Workspace" });

export const updateWorkspaceSchema = z
  .strictObject({ name: workspaceName })
  .register(apiSchemas, { id: "UpdateWorkspace" });

export const workspaceListSchema = z
  .object({ items: z.array(workspaceSchema).describe("The token's workspace: a token acts in one") })
  .register(apiSchemas, { id: "WorkspaceList" });

const statusFields = {
  name: z.string().trim().min(1).max(40),
  color: paletteColor,
  category: z.enum(STATUS_CATEGORIES).describe("Tasks in a done status count as completed"),
};

export const statusSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string(),
    category: z.enum(STATUS_CATEGORIES),
    tasks: z.number().int().describe("Live tasks in this status"),
  })
  .register(apiSchemas, { id: "Status" });

export const statusListSchema = z
  .object({ items: z.array(statusSchema).describe("In column order") })
  .register(apiSchemas, { id: "StatusList" });

export const createStatusSchema = z
  .strictObject({ ...statusFields, color: statusFields.color.default("slate") })
  .register(apiSchemas, { id: "CreateStatus" });

export const updateStatusSchema = z
  .strictObject({
    name: statusFields.name.optional(),
    color: statusFields.color.optional(),
    category: statusFields.category.optional(),
    move: z.enum(["left", "right"]).optional().describe("Moves the column one place"),
  })
  .register(apiSchemas, { id: "UpdateStatus" });

export const deleteStatusQuerySchema = z.object({
  moveTasksTo: publicId.optional().describe("The status that takes the deleted one's tasks"),
});

export const checklistItemSchema = z
  .object({ id: z.string(), taskId: z.string(), title: z.string(), done: z.boolean() })
  .register(apiSchemas, { id: "ChecklistItem" });

export const checklistSchema = z
  .object({ items: z.array(checklistItemSchema).describe("In the checklist's order") })
  .register(apiSchemas, { id: "Checklist" });

export const createChecklistItemSchema = z
  .strictObject({ title: z.string().trim().min(1).max(CHECKLIST_TITLE_MAX) })
  .register(apiSchemas, { id: "CreateChecklistItem" });

export const updateChecklistItemSchema = z
  .strictObject({
    title: z.string().trim().min(1).max(CHECKLIST_TITLE_MAX).optional(),
    done: z.boolean().optional(),
    position: z.number().int().min(0).max(CHECKLIST_MAX).optional().describe("Its place, from 0 (the top)"),
  })
  .register(apiSchemas, { id: "UpdateChecklistItem" });

export const attachmentSchema = z
  .object({
    id: z.string(),
    taskId: z.string(),
    fileName: z.string(),
    sizeBytes: z.number().int(),
    image: z.boolean().describe("Shown inline by the download"),
    uploader: z.string(),
    createdAt: z.iso.datetime(),
    contentUrl: z.string().describe("GET it (with the token) for the file"),
  })
  .register(apiSchemas, { id: "Attachment" });

export const attachmentListSchema = z
  .object({ items: z.array(attachmentSchema).describe("Newest first") })
  .register(apiSchemas, { id: "AttachmentList" });

export const messageSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    author: person,
    body: z.string().nullable().describe("Markdown; null once deleted"),
    mentions: z.array(z.string()).describe("The user ids it mentions"),
    edited: z.boolean(),
    deleted: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: "Message" });

export const messagePageSchema = z
  .object({
    items: z.array(messageSchema).describe("Newest first"),
    nextCursor: z.string().nullable().describe("Pass as `cursor` for older messages; null on the last page"),
  })
  .register(apiSchemas, { id: "MessagePage" });

export const messageBodySchema = z
  .strictObject({ body: z.string().trim().min(1).max(MESSAGE_MAX_LENGTH) })
  .register(apiSchemas, { id: "MessageBody" });

const time = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/)
  .describe("A wall-clock time, HH:MM, in timeZone");
const zone = z.string().max(64).refine(isTimeZone, { error: "Unknown time zone" }).describe("An IANA zone");

export const eventSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    allDay: z.boolean(),
    startsAt: z.iso.datetime().describe("An all-day event starts at midnight UTC of its first day"),
    endsAt: z.iso.datetime().describe("Exclusive; an all-day event ends at midnight UTC after its last day"),
    startDate: day,
    startTime: time.nullable(),
    endDate: day,
    endTime: time.nullable(),
    timeZone: z.string().describe("The zone its times were given in"),
    projectId: z.string().nullable(),
    attendees: z.array(person),
    createdBy: z.string().nullable(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .register(apiSchemas, { id: "Event" });

export const eventPageSchema = z
  .object({ items: z.array(eventSchema).describe("By start"), nextCursor: z.string().nullable() })
  .register(apiSchemas, { id: "EventPage" });

const eventFields = {
  title: z.string().trim().min(1).max(EVENT_TITLE_MAX),
  description: z.string().trim().max(EVENT_DESCRIPTION_MAX),
  allDay: z.boolean(),
  startDate: day,
  startTime: time,
  endDate: day.describe("The start date when left out"),
  endTime: time,
  timeZone: zone.describe("The zone the times are in; UTC when left out"),
  projectId: publicId.nullable().describe("A live project of the workspace, or null"),
  attendeeIds: z.array(z.uuid()).max(EVENT_ATTENDEES_MAX).describe("Members of the workspace"),
};

export const createEventSchema = z
  .strictObject({
    ...eventFields,
    description: eventFields.description.optional(),
    allDay: eventFields.allDay.default(false),
    startTime: time.optional().describe("Needed unless allDay"),
    endDate: eventFields.endDate.optional(),
    endTime: time.optional().describe("Needed unless allDay"),
    timeZone: eventFields.timeZone.optional(),
    projectId: eventFields.projectId.optional(),
    attendeeIds: eventFields.attendeeIds.optional(),
  })
  .register(apiSchemas, { id: "CreateEvent" });

export const updateEventSchema = z
  .strictObject({
    title: eventFields.title.optional(),
    description: eventFields.description.optional(),
    allDay: eventFields.allDay.optional(),
    startDate: day.optional(),
    startTime: time.nullable().optional(),
    endDate: day.optional(),
    endTime: time.nullable().optional(),
    timeZone: eventFields.timeZone.optional(),
    projectId: eventFields.projectId.optional(),
    attendeeIds: eventFields.attendeeIds.optional().describe("Exactly these members"),
  })
  .register(apiSchemas, { id: "UpdateEvent" });

export const eventListQuerySchema = z.object({
  from: day.optional().describe("Events ending after the start of this day (UTC)"),
  to: day.optional().describe("Events starting before the end of this day (UTC)"),
  projectId: publicId.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
  cursor: z.string().max(120).optional(),
});
