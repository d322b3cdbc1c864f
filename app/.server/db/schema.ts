import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { STATUS_CATEGORIES } from "../../validation/status-fields";
import { TASK_PRIORITIES } from "../../validation/task-fields";
import { CODE_HOSTS as CODE_HOST_PROVIDERS } from "../../utils/code-hosts";
import { RELATION_KINDS } from "../../validation/task-relations";

/**
 * The application's tables. Authentication keeps its own tables in the `auth` schema;
 * `profiles.id` is the auth user's id, as in a Supabase project.
 */
export const profiles = pgTable("profiles", {
  id: uuid("id").primaryKey(),
  email: text("email").notNull(),
  fullName: text("full_name"),
  avatarUrl: text("avatar_url"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const id = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/**
 * The log of everything that changed, written in the same transaction as the change. It is
 * the Activity Log view, the source of notifications and automations, and the replay
 * buffer of the real-time stream (its sequence is the event id). Public-site events have
 * no workspace.
 */
export const activity = pgTable(
  "activity",
  {
    sequence: bigserial("sequence", { mode: "number" }).primaryKey(),
    workspaceId: uuid("workspace_id"),
    projectId: uuid("project_id"),
    actorId: uuid("actor_id"),
    verb: text("verb").notNull(),
    subjectType: text("subject_type").notNull(),
    subjectId: text("subject_id").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("activity_workspace_idx").on(t.workspaceId, t.sequence),
    index("activity_project_idx").on(t.projectId, t.sequence),
  ],
);

/** Public-site form submissions, answered by e-mail. */
export const contactMessages = pgTable("contact_messages", {
  id: id(),
  fullName: text("full_name").notNull(),
  email: text("email").notNull(),
  subject: text("subject").notNull(),
  message: text("message").notNull(),
  topic: text("topic"),
  ip: text("ip"),
  createdAt: createdAt(),
});

export const supportRequests = pgTable("support_requests", {
  id: id(),
  name: text("name").notNull(),
  email: text("email").notNull(),
  category: text("category").notNull(),
  message: text("message").notNull(),
  ip: text("ip"),
  createdAt: createdAt(),
});

export const demoRequests = pgTable("demo_requests", {
  id: id(),
  name: text("name").notNull(),
  workEmail: text("work_email").notNull(),
  company: text("company").notNull(),
  teamSize: text("team_size").notNull(),
  ip: text("ip"),
  createdAt: createdAt(),
});

/** Double opt-in: `pending` until the link in the confirmation mail is opened. */
export const newsletterSubscribers = pgTable(
  "newsletter_subscribers",
  {
    id: id(),
    email: text("email").notNull(),
    status: text("status", { enum: ["pending", "confirmed", "unsubscribed"] }).notNull(),
    confirmTokenHash: text("confirm_token_hash"),
    confirmTokenExpiresAt: timestamp("confirm_token_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    ip: text("ip"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("newsletter_subscribers_email_idx").on(sql`lower(${t.email})`),
    index("newsletter_subscribers_token_idx").on(t.confirmTokenHash),
  ],
);

/* ───────────────────────────── Workspaces and projects ───────────────────────────── */

export const ROLES = ["owner", "admin", "editor", "viewer"] as const;
export type Role = (typeof ROLES)[number];

export const PLANS = ["free", "pro", "business"] as const;
export type Plan = (typeof PLANS)[number];

const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/**
 * Per-user settings beside the profile (kept apart so the profile stays the spec's shape
 * and a sign-in's upsert never touches them). The plan is the account's: its limits count
 * the workspaces the user owns and the projects in them.
 */
export const userSettings = pgTable("user_settings", {
  userId: uuid("user_id").primaryKey(),
  theme: text("theme", { enum: ["light", "dark", "system"] })
    .notNull()
    .default("light"),
  emailNotifications: boolean("email_notifications").notNull().default(true),
  pushNotifications: boolean("push_notifications").notNull().default(false),
  aiSuggestions: boolean("ai_suggestions").notNull().default(true),
  plan: text("plan", { enum: PLANS }).notNull().default("free"),
  /** The workspace the team page and new projects default to. */
  currentWorkspaceId: uuid("current_workspace_id"),
  updatedAt: updatedAt(),
});

/**
 * A workspace groups projects and the people who work on them. Public ids (short, random)
 * go in URLs; the uuid never leaves the server.
 */
export const workspaces = pgTable(
  "workspaces",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    name: text("name").notNull(),
    /** The one created at a user's first sign-in. */
    personal: boolean("personal").notNull().default(false),
    /** Whether its members may use the AI assistant (owners and admins turn it off). */
    aiEnabled: boolean("ai_enabled").notNull().default(true),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("workspaces_public_id_idx").on(t.publicId)],
);

export const workspaceMembers = pgTable(
  "workspace_members",
  {
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.userId] }), index("workspace_members_user_idx").on(t.userId)],
);

/**
 * Projects are soft-deleted (`deleted_at`), so an undo stays possible; every query filters
 * them out through `liveProjects` in the projects module. The key (e.g. WEB) numbers the
 * project's tasks later, unique among the workspace's live projects.
 */
export const projects = pgTable(
  "projects",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    /** One of the palette's names (see app/utils/project-colors.ts). */
    color: text("color").notNull(),
    /** An uploaded cover under DATA_DIR/uploads, served at /uploads/…; null: a generated one. */
    coverPath: text("cover_path"),
    /** The last task number handed out (KEY-1, KEY-2…); raised in the task's transaction. */
    taskCounter: integer("task_counter").notNull().default(0),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    updatedBy: uuid("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("projects_public_id_idx").on(t.publicId),
    uniqueIndex("projects_workspace_key_idx")
      .on(t.workspaceId, t.key)
      .where(sql`${t.deletedAt} is null`),
    index("projects_workspace_idx").on(t.workspaceId, t.updatedAt),
  ],
);

export const projectStars = pgTable(
  "project_stars",
  {
    userId: uuid("user_id").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/** When each user last opened each project ("recently opened"). */
export const projectVisits = pgTable(
  "project_visits",
  {
    userId: uuid("user_id").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    lastOpenedAt: timestamp("last_opened_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.projectId] })],
);

/**
 * In-app notifications, one row per recipient. Written by event subscribers (never by
 * actions); `data` holds what the item says (title, link) at the time it was made.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: id(),
    userId: uuid("user_id").notNull(),
    kind: text("kind").notNull(),
    workspaceId: uuid("workspace_id"),
    actorId: uuid("actor_id"),
    title: text("title").notNull(),
    body: text("body").notNull().default(""),
    link: text("link"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp("read_at", { withTimezone: true }),
    /** When the e-mail (alone or in a digest) went out; null while it waits or is not wanted. */
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    /** One notification per user and key, e.g. `due:<task>:<date>` for the scheduled reminders. */
    dedupeKey: text("dedupe_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_idx").on(t.userId, t.createdAt),
    uniqueIndex("notifications_dedupe_idx")
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
  ],
);

/**
 * Invitations to a workspace by e-mail. The link's token is random and signed; only its
 * sha256 is stored. One open invitation per address and workspace; accepting, revoking or
 * expiring (7 days) closes it, and a resend replaces the token.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    /** Always lower-cased. */
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    invitedBy: uuid("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedBy: uuid("accepted_by"),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("invitations_public_id_idx").on(t.publicId),
    uniqueIndex("invitations_token_hash_idx").on(t.tokenHash),
    uniqueIndex("invitations_open_email_idx")
      .on(t.workspaceId, t.email)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
  ],
);

/* ──────────────────────────────── Tasks ──────────────────────────────── */

/**
 * A fractional-index key (the `fractional-indexing` package): ordered byte by byte, which
 * only the "C" collation guarantees (a locale collation would sort "a0" and "Zz" otherwise).
 */
const positionKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

export { STATUS_CATEGORIES, type StatusCategory } from "../../validation/status-fields";

/** A project's columns: To Do, In Progress, Review, Done by default; each has a category. */
export const statuses = pgTable(
  "statuses",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    category: text("category", { enum: STATUS_CATEGORIES }).notNull(),
    position: positionKey("position").notNull(),
    /**
     * Its live top-level tasks (the board column's count), kept by the database itself: the
     * deferred trigger `tasks_card_count` (migration 0025, decision 040) counts every insert,
     * move, archive, deletion and re-parenting, whichever command or import made it.
     */
    cardCount: integer("card_count").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("statuses_public_id_idx").on(t.publicId),
    uniqueIndex("statuses_project_name_idx").on(t.projectId, sql`lower(${t.name})`),
    index("statuses_project_idx").on(t.projectId, t.position),
  ],
);

export { TASK_PRIORITIES as PRIORITIES, type Priority } from "../../validation/task-fields";

/**
 * Tasks, soft-deleted like projects. `number` is per project (KEY-123); `position` orders a
 * status column, unique among its live tasks (ties cannot happen; a race retries). Subtasks
 * point at their parent. Dates are calendar days; the estimate is in minutes.
 */
export const tasks = pgTable(
  "tasks",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    statusId: uuid("status_id")
      .notNull()
      .references(() => statuses.id),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("none"),
    position: positionKey("position").notNull(),
    parentId: uuid("parent_id"),
    startDate: date("start_date"),
    dueDate: date("due_date"),
    estimateMinutes: integer("estimate_minutes"),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdBy: uuid("created_by"),
    updatedBy: uuid("updated_by"),
    /** Where an imported task came from (`csv:<its id>`): importing the same file again updates it. */
    importKey: text("import_key"),
    /** The repeating series this task is an occurrence of (task_series), and the occurrence's day. */
    seriesId: uuid("series_id").references((): AnyPgColumn => taskSeries.id, { onDelete: "set null" }),
    occurrenceOn: date("occurrence_on"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("tasks_public_id_idx").on(t.publicId),
    // One task per occurrence of a series: a job run twice cannot make it twice.
    uniqueIndex("tasks_series_occurrence_idx")
      .on(t.seriesId, t.occurrenceOn)
      .where(sql`${t.seriesId} is not null`),
    uniqueIndex("tasks_import_key_idx")
      .on(t.projectId, t.importKey)
      .where(sql`${t.importKey} is not null`),
    uniqueIndex("tasks_project_number_idx").on(t.projectId, t.number),
    uniqueIndex("tasks_status_position_idx")
      .on(t.statusId, t.position)
      .where(sql`${t.deletedAt} is null`),
    index("tasks_project_idx").on(t.projectId, t.statusId, t.position),
    // A board column's cards in order and its count, read without the rest of the project.
    index("tasks_column_page_idx")
      .on(t.statusId, t.position)
      .where(sql`${t.deletedAt} is null and ${t.archivedAt} is null and ${t.parentId} is null`),
    index("tasks_parent_idx").on(t.parentId),
    index("tasks_due_idx").on(t.projectId, t.dueDate),
    // The calendar's tasks without a due date, open ones first, in number order, and their count.
    index("tasks_undated_idx")
      .on(t.projectId, sql`(${t.completedAt} is not null)`, t.number)
      .where(
        sql`${t.dueDate} is null and ${t.deletedAt} is null and ${t.archivedAt} is null and ${t.parentId} is null`,
      ),
    foreignKey({ columns: [t.parentId], foreignColumns: [t.id], name: "tasks_parent_fk" }).onDelete("cascade"),
  ],
);

/**
 * A repeating task (docs/decisions/034-recurring-tasks.md): the rule (an RFC 5545 RRULE read
 * in `time_zone`, from `anchor_on`), the template each occurrence is made from, with its dates
 * as offsets in days from the occurrence's day, and the next occurrence the scheduler makes
 * (`next_at`, the start of its day in the zone). `owner_id` is the member whose rights the
 * series acts with: whoever last set its rule or template.
 */
export const taskSeries = pgTable(
  "task_series",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    ownerId: uuid("owner_id").notNull(),
    rule: text("rule").notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    mode: text("mode", { enum: ["schedule", "after_completion"] }).notNull(),
    anchorOn: date("anchor_on").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    priority: text("priority", { enum: TASK_PRIORITIES }).notNull().default("none"),
    checklist: jsonb("checklist").$type<string[]>().notNull().default([]),
    labelIds: jsonb("label_ids").$type<string[]>().notNull().default([]),
    assigneeIds: jsonb("assignee_ids").$type<string[]>().notNull().default([]),
    startOffset: integer("start_offset"),
    dueOffset: integer("due_offset"),
    /** The newest occurrence (a task id, no foreign key: a deleted task leaves the series be). */
    currentTaskId: uuid("current_task_id"),
    currentOn: date("current_on"),
    nextOn: date("next_on"),
    nextAt: timestamp("next_at", { withTimezone: true }),
    stoppedAt: timestamp("stopped_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("task_series_public_id_idx").on(t.publicId),
    // The scheduler's question: which live series are due.
    index("task_series_due_idx")
      .on(t.nextAt)
      .where(sql`${t.stoppedAt} is null and ${t.nextAt} is not null`),
  ],
);

export const taskAssignees = pgTable(
  "task_assignees",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("task_assignees_user_idx").on(t.userId)],
);

/** Labels belong to the workspace, so every project in it shares them. */
export const labels = pgTable(
  "labels",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("labels_public_id_idx").on(t.publicId),
    uniqueIndex("labels_workspace_name_idx").on(t.workspaceId, sql`lower(${t.name})`),
  ],
);

export const taskLabels = pgTable(
  "task_labels",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    labelId: uuid("label_id")
      .notNull()
      .references(() => labels.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.labelId] }), index("task_labels_label_idx").on(t.labelId)],
);

export const checklistItems = pgTable(
  "checklist_items",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    done: boolean("done").notNull().default(false),
    position: positionKey("position").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("checklist_items_public_id_idx").on(t.publicId), index("checklist_items_task_idx").on(t.taskId)],
);

/** Comments on a task (Markdown); the author edits or deletes their own. */
export const comments = pgTable(
  "comments",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").notNull(),
    body: text("body").notNull(),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("comments_public_id_idx").on(t.publicId), index("comments_task_idx").on(t.taskId, t.createdAt)],
);

/**
 * A project's chat channel (the Chat view). Markdown bodies; `mentions` holds the user ids
 * of the members @named in it (for notifications); the author edits or deletes their own,
 * a deleted message stays as "deleted" so the thread keeps its shape.
 */
export const messages = pgTable(
  "messages",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").notNull(),
    body: text("body").notNull(),
    mentions: jsonb("mentions").$type<string[]>().notNull().default([]),
    editedAt: timestamp("edited_at", { withTimezone: true }),
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("messages_public_id_idx").on(t.publicId),
    index("messages_project_idx").on(t.projectId, t.createdAt),
  ],
);

/**
 * Files attached to a task (up to 25 MB), stored under DATA_DIR/uploads/attachments with a
 * random name and served only to members of the task's workspace; `fileName` is what the
 * uploader called it, shown and used for the download's name.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    uploadedBy: uuid("uploaded_by").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    storagePath: text("storage_path").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("attachments_public_id_idx").on(t.publicId),
    index("attachments_task_idx").on(t.taskId, t.createdAt),
  ],
);

/**
 * Who follows a task: its creator, assignees and commenters automatically, anyone by the
 * Follow button. Followers hear about status changes and new comments.
 */
export const taskFollowers = pgTable(
  "task_followers",
  {
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.taskId, t.userId] }), index("task_followers_user_idx").on(t.userId)],
);

/**
 * Relations between two tasks of one workspace (issue 34): `from` blocks, relates to or
 * duplicates `to` (app/validation/task-relations.ts). One row per pair and kind; the
 * "blocks" rows form no loop (app/.server/tasks/relations.ts refuses one). Gone with either
 * task; `task_relations_to_idx` finds a task's blockers (the Blocked badge's EXISTS), the
 * pair index its own rows from the `from` end.
 */
export const taskRelations = pgTable(
  "task_relations",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    fromTaskId: uuid("from_task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    toTaskId: uuid("to_task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: RELATION_KINDS }).notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("task_relations_public_id_idx").on(t.publicId),
    uniqueIndex("task_relations_pair_idx").on(t.fromTaskId, t.toTaskId, t.kind),
    index("task_relations_to_idx").on(t.toTaskId, t.kind, t.fromTaskId),
    check("task_relations_not_self", sql`${t.fromTaskId} <> ${t.toTaskId}`),
    check("task_relations_kind", sql`${t.kind} in ('blocks', 'relates', 'duplicates')`),
  ],
);

/** A browser's Web Push subscription (only used when VAPID keys are configured). */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: id(),
    userId: uuid("user_id").notNull(),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint),
    index("push_subscriptions_user_idx").on(t.userId),
  ],
);

/**
 * Personal API tokens: a member's key to the public API (`/api/v1`), for one workspace,
 * read-only or read-write, acting with the member's own role there. Only the SHA-256 of the
 * token is kept (the token is shown once); `prefix` is its first characters, to tell tokens
 * apart in Settings. Revoked and expired tokens are refused on their next request.
 */
export const apiTokens = pgTable(
  "api_tokens",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    userId: uuid("user_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    scope: text("scope", { enum: ["read", "write"] }).notNull(),
    tokenHash: text("token_hash").notNull(),
    prefix: text("prefix").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("api_tokens_hash_idx").on(t.tokenHash),
    uniqueIndex("api_tokens_public_id_idx").on(t.publicId),
    index("api_tokens_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * What a POST with an `Idempotency-Key` answered, per token and key, for 24 hours: the same
 * request sent again (a retry after a lost answer) gets the same answer and changes nothing.
 */
export const apiIdempotencyKeys = pgTable(
  "api_idempotency_keys",
  {
    tokenId: uuid("token_id")
      .notNull()
      .references(() => apiTokens.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    request: text("request").notNull(),
    status: integer("status"),
    body: jsonb("body"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tokenId, t.key] })],
);

/**
 * The durable jobs table: an outbox written in the same transaction as the change that
 * needs the side effect (mail, notifications, reminders, later webhooks), claimed by
 * workers with `FOR UPDATE SKIP LOCKED`, retried with backoff. A job is pending while
 * neither `done_at` nor `failed_at` is set; `locked_until` is its lease while it runs.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default({}),
    /** At most one waiting job per key (e.g. one digest per user); null for most jobs. */
    dedupeKey: text("dedupe_key"),
    runAt: timestamp("run_at", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer("attempts").notNull().default(0),
    maxAttempts: integer("max_attempts").notNull().default(8),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lockedBy: text("locked_by"),
    lastError: text("last_error"),
    doneAt: timestamp("done_at", { withTimezone: true }),
    failedAt: timestamp("failed_at", { withTimezone: true }),
    /**
     * Side effects an attempt completed, recorded the moment they happened (the Message-ID of
     * each mail the SMTP server accepted): a retry after a crash skips them instead of
     * repeating them.
     */
    effectsDone: text("effects_done")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
  },
  (t) => [
    index("jobs_due_idx")
      .on(t.runAt)
      .where(sql`${t.doneAt} is null and ${t.failedAt} is null`),
    uniqueIndex("jobs_waiting_dedupe_idx")
      .on(t.dedupeKey)
      .where(
        sql`${t.dedupeKey} is not null and ${t.doneAt} is null and ${t.failedAt} is null and ${t.lockedUntil} is null`,
      ),
  ],
);

/**
 * One row per running job worker (in an app process or `npm run worker`), refreshed every
 * 15 s and deleted when it stops: `/healthz` says "jobs not running" when no row is fresh
 * while due jobs wait. A worker killed outright leaves its row to go stale (pruned later).
 */
export const workerHeartbeats = pgTable("worker_heartbeats", {
  workerId: text("worker_id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull().defaultNow(),
});

/* ──────────────────────────── Templates and the team calendar ──────────────────────────── */

/**
 * Project templates. The built-in ones (`builtin_key` set, no workspace) are upserted from
 * code after every migration; the others are saved from a project by a member and shared
 * within its workspace. `structure` is the project's shape without its people or comments
 * (statuses, labels, tasks with subtasks and checklists, dates as days after the start);
 * the templates module validates it on the way in and out.
 *
 * Templates, projects, tasks and comments also have a `search` tsvector with a
 * GIN index (migration 0009): written in SQL only, so that no ORM select ever reads it.
 */
export const templates = pgTable(
  "templates",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    builtinKey: text("builtin_key"),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    category: text("category").notNull(),
    /** One of the template icons' names (app/utils/template-icons.ts). */
    icon: text("icon").notNull(),
    /** One of the palette's names, as for projects. */
    color: text("color").notNull(),
    structure: jsonb("structure").$type<Record<string, unknown>>().notNull(),
    createdBy: uuid("created_by"),
    updatedBy: uuid("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("templates_public_id_idx").on(t.publicId),
    uniqueIndex("templates_builtin_key_idx")
      .on(t.builtinKey)
      .where(sql`${t.builtinKey} is not null`),
    index("templates_workspace_idx").on(t.workspaceId, t.updatedAt),
  ],
);

/**
 * The team calendar's events, in a workspace, optionally about one of its projects. Times
 * are instants; an all-day event runs from midnight UTC of its first day to midnight UTC
 * after its last (an exclusive end), so its days read the same in every time zone.
 * `time_zone` is the IANA zone its times were entered in, for editing them back.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    description: text("description").notNull().default(""),
    allDay: boolean("all_day").notNull().default(false),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    timeZone: text("time_zone").notNull().default("UTC"),
    /**
     * The `UID` of the iCalendar event it was imported from (an `.ics` file), so importing the
     * same file again finds it instead of adding it twice; null for events made in Plotline.
     */
    externalUid: text("external_uid"),
    createdBy: uuid("created_by"),
    updatedBy: uuid("updated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calendar_events_public_id_idx").on(t.publicId),
    uniqueIndex("calendar_events_external_uid_idx")
      .on(t.workspaceId, t.externalUid)
      .where(sql`${t.externalUid} is not null`),
    index("calendar_events_workspace_idx").on(t.workspaceId, t.startsAt),
    index("calendar_events_project_idx").on(t.projectId),
    check("calendar_events_ends_after_start", sql`${t.endsAt} >= ${t.startsAt}`),
  ],
);

/** Who an event invites: members of its workspace, notified when added. */
export const calendarEventAttendees = pgTable(
  "calendar_event_attendees",
  {
    eventId: uuid("event_id")
      .notNull()
      .references(() => calendarEvents.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.userId] }), index("calendar_event_attendees_user_idx").on(t.userId)],
);

/**
 * The AI assistant's conversations: each is its user's alone (never shown to anyone else),
 * held in the workspace it was started in, about one of its projects or the whole workspace.
 */
export const aiConversations = pgTable(
  "ai_conversations",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    userId: uuid("user_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ai_conversations_public_id_idx").on(t.publicId),
    index("ai_conversations_user_idx").on(t.userId, t.updatedAt),
  ],
);

export const AI_MESSAGE_ROLES = ["user", "assistant"] as const;
export const AI_PROPOSAL_STATES = ["pending", "applied", "dismissed"] as const;

/**
 * A conversation's messages in order. An assistant message names the engine that wrote it
 * and may carry a proposal (changes to apply only when its user clicks Apply) or an error.
 */
export const aiMessages = pgTable(
  "ai_messages",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => aiConversations.id, { onDelete: "cascade" }),
    sequence: bigserial("sequence", { mode: "number" }).notNull(),
    role: text("role", { enum: AI_MESSAGE_ROLES }).notNull(),
    content: text("content").notNull(),
    engine: text("engine"),
    proposal: jsonb("proposal").$type<Record<string, unknown>>(),
    proposalState: text("proposal_state", { enum: AI_PROPOSAL_STATES }),
    /** Set when the answer failed or was stopped: what the chat says about it. */
    error: text("error"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("ai_messages_public_id_idx").on(t.publicId),
    index("ai_messages_conversation_idx").on(t.conversationId, t.sequence),
  ],
);

/**
 * Outgoing webhooks (issue 32): a workspace's owners and admins point chosen events at a URL.
 * The secret (`whsec_` + base64) is kept as it is, since it signs every delivery; it is shown
 * once and never logged. `consecutive_failures` counts failed attempts since the last success;
 * at 20, or on a 410, the endpoint is disabled with a reason.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** Event verbs (`task.created`), or `*` for every event of the workspace. */
    events: text("events").array().notNull(),
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_endpoints_public_id_idx").on(t.publicId),
    index("webhook_endpoints_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/** One row per attempt to deliver a message to an endpoint: the delivery log. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** `msg_…`, the `webhook-id` header: the same for every attempt of one event at one endpoint. */
    messageId: text("message_id").notNull(),
    verb: text("verb").notNull(),
    /** The JSON body sent (a redelivery sends it again as it was). */
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    attempt: integer("attempt").notNull(),
    /** The receiver's HTTP status; null when none came (refused, timed out, unreachable). */
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    /** The first 500 characters of the receiver's answer. */
    responseExcerpt: text("response_excerpt"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("webhook_deliveries_public_id_idx").on(t.publicId),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.createdAt),
    index("webhook_deliveries_message_idx").on(t.endpointId, t.messageId),
  ],
);

/**
 * A project's chat channel (issue 33): where its task news is posted, in the receiving
 * tool's format (Slack, Mattermost, Discord, Teams, ntfy or plain JSON). The URL is the
 * receiver's credential (an incoming-webhook URL holds its token), so it is shown masked.
 */
export const chatChannels = pgTable(
  "chat_channels",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    format: text("format").notNull(),
    url: text("url").notNull(),
    /** The kinds of news it wants (utils/chat-channels.ts: created, completed, assigned…). */
    events: text("events").array().notNull(),
    enabled: boolean("enabled").notNull().default(true),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    /** When the current run of failures began (null: the last attempt went through). */
    failingSince: timestamp("failing_since", { withTimezone: true }),
    lastError: text("last_error"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    disabledReason: text("disabled_reason"),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chat_channels_public_id_idx").on(t.publicId),
    index("chat_channels_workspace_idx").on(t.workspaceId, t.createdAt),
    index("chat_channels_project_idx").on(t.projectId),
  ],
);

/** One row per attempt to post a message to a chat channel: its delivery log. */
export const chatDeliveries = pgTable(
  "chat_deliveries",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    channelId: uuid("channel_id")
      .notNull()
      .references(() => chatChannels.id, { onDelete: "cascade" }),
    /** The same for every attempt of one message (the event's sequence, or `test:…`). */
    messageKey: text("message_key").notNull(),
    /** What the message was about: `task.completed`, `test`… */
    kind: text("kind").notNull(),
    /** The message's one-line text, as the log shows it. */
    summary: text("summary").notNull(),
    /** The request body sent (a retry sends it again as it was). */
    body: text("body").notNull(),
    attempt: integer("attempt").notNull(),
    statusCode: integer("status_code"),
    error: text("error"),
    durationMs: integer("duration_ms").notNull(),
    responseExcerpt: text("response_excerpt"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("chat_deliveries_public_id_idx").on(t.publicId),
    index("chat_deliveries_channel_idx").on(t.channelId, t.createdAt),
    index("chat_deliveries_message_idx").on(t.channelId, t.messageKey),
  ],
);

/**
 * Secret iCalendar feeds (`/calendar/feed/<token>.ics`): a member's own (the tasks assigned to
 * them and the events they attend or created, across their workspaces; `project_id` null) or
 * their own feed of one project (its dated tasks and its events). Only the SHA-256 of the
 * token is kept. The token is an HMAC of the row's public id and `salt` under a key derived
 * from the server's session secret, so the server can show its owner the URL again while the
 * database alone cannot make it. Regenerating draws a new salt; revoking deletes the row. A
 * feed answers only while its owner may still see what it shows (read on every request).
 */
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** The project's feed; null: the member's own feed. */
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    salt: text("salt").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** When a calendar app last fetched it (written at most once an hour). */
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("calendar_feeds_public_id_idx").on(t.publicId),
    uniqueIndex("calendar_feeds_token_hash_idx").on(t.tokenHash),
    uniqueIndex("calendar_feeds_user_idx")
      .on(t.userId)
      .where(sql`${t.projectId} is null`),
    uniqueIndex("calendar_feeds_user_project_idx")
      .on(t.userId, t.projectId)
      .where(sql`${t.projectId} is not null`),
  ],
);

/**
 * A file imported into a project (issue 33): uploaded, mapped, checked (a dry run), then run
 * as a job with its progress here. The file is kept under DATA_DIR/uploads/imports until the
 * import is done or a day old.
 */
export const imports = pgTable(
  "imports",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id")
      .notNull()
      .references(() => projects.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    /** `csv` (Trello's JSON comes later). */
    kind: text("kind").notNull(),
    fileName: text("file_name").notNull(),
    /** Under DATA_DIR/uploads; null once removed. */
    storagePath: text("storage_path"),
    sizeBytes: integer("size_bytes").notNull(),
    /** The file's column names, as its first line has them. */
    columns: text("columns").array().notNull(),
    /** Plotline field → column index. */
    mapping: jsonb("mapping").$type<Record<string, number>>().notNull().default({}),
    /** A Trello board's open lists and its cards, read once at upload for the page. */
    board: jsonb("board").$type<{ lists: string[]; cards: number; archived: number }>(),
    /** uploaded → checking | running → checked | done | failed. */
    state: text("state").notNull(),
    dryRun: boolean("dry_run").notNull().default(false),
    totalRows: integer("total_rows"),
    processedRows: integer("processed_rows").notNull().default(0),
    created: integer("created").notNull().default(0),
    updated: integer("updated").notNull().default(0),
    unchanged: integer("unchanged").notNull().default(0),
    /** What was found wrong or changed on the way, by row: `[{ row, message, level }]`. */
    problems: jsonb("problems")
      .$type<{ row: number; message: string; level: "error" | "warning" }[]>()
      .notNull()
      .default([]),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("imports_public_id_idx").on(t.publicId),
    index("imports_project_idx").on(t.projectId, t.createdAt),
  ],
);

/**
 * Inbound code-host connections (issue 33): a workspace's owners and admins point a GitHub,
 * GitLab or Gitea/Forgejo webhook at `/hooks/code/<public id>`. The secret is kept as it is,
 * since it checks every delivery's signature (GitHub's and Gitea's HMAC, GitLab's token); it
 * is shown when made and never logged. Changes a delivery makes act as `created_by` (the
 * member who set it up). What the page shows of its health: the last delivery taken, and
 * refused or failed ones since (a wrong secret shows here).
 */
export { CODE_HOSTS as CODE_HOST_PROVIDERS, type CodeHost as CodeHostProvider } from "../../utils/code-hosts";

export const codeHostConnections = pgTable(
  "code_host_connections",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: CODE_HOST_PROVIDERS }).notNull(),
    /** A name to tell connections apart ("acme/web"); may be empty. */
    label: text("label").notNull().default(""),
    secret: text("secret").notNull(),
    createdBy: uuid("created_by").notNull(),
    lastDeliveryAt: timestamp("last_delivery_at", { withTimezone: true }),
    /** What the last delivery taken was and did ("pull_request: linked WEB-4"). */
    lastDeliveryResult: text("last_delivery_result"),
    /** Deliveries refused (bad signature) or failed since the last one taken. */
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
    lastFailure: text("last_failure"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("code_host_connections_public_id_idx").on(t.publicId),
    index("code_host_connections_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * The deliveries a connection has taken, by the host's delivery id: a delivery sent again
 * (a host's retry, a redelivery from its log) is recognised and acts once. Kept 30 days.
 */
export const codeHostDeliveries = pgTable(
  "code_host_deliveries",
  {
    connectionId: uuid("connection_id")
      .notNull()
      .references(() => codeHostConnections.id, { onDelete: "cascade" }),
    deliveryId: text("delivery_id").notNull(),
    event: text("event").notNull(),
    result: text("result").notNull().default(""),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.connectionId, t.deliveryId] }),
    index("code_host_deliveries_received_idx").on(t.connectionId, t.receivedAt),
  ],
);

export const TASK_LINK_KINDS = ["pr", "commit"] as const;
export const TASK_LINK_STATES = ["open", "draft", "merged", "closed"] as const;
export type TaskLinkState = (typeof TASK_LINK_STATES)[number];

/**
 * A pull (merge) request or a commit that names a task (its key in a branch, title, body or
 * message), one row per task and thing: `external_id` is `owner/repo#12` for a pull request,
 * the commit's SHA for a commit. A later event about it updates the row (title, state,
 * branch). A pull request has a state; a commit has none, only the branch it was last seen on.
 * The connection may be deleted later: the link stays with the task.
 */
export const taskLinks = pgTable(
  "task_links",
  {
    id: id(),
    taskId: uuid("task_id")
      .notNull()
      .references(() => tasks.id, { onDelete: "cascade" }),
    connectionId: uuid("connection_id").references(() => codeHostConnections.id, { onDelete: "set null" }),
    provider: text("provider", { enum: CODE_HOST_PROVIDERS }).notNull(),
    kind: text("kind", { enum: TASK_LINK_KINDS }).notNull(),
    externalId: text("external_id").notNull(),
    repository: text("repository").notNull(),
    url: text("url").notNull(),
    title: text("title").notNull(),
    /** A pull request's number (GitLab's iid); null for a commit. */
    number: integer("number"),
    state: text("state", { enum: TASK_LINK_STATES }),
    branch: text("branch"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("task_links_task_thing_idx").on(t.taskId, t.provider, t.externalId),
    index("task_links_thing_idx").on(t.provider, t.externalId),
  ],
);

/**
 * A workspace's export (issue 33, decision 035): a zip of JSON Lines per entity and the
 * attachment files, written by a job under DATA_DIR/uploads/exports and downloaded by the
 * owners until `expires_at` (a pruning removes the file and, later, the row).
 */
export const workspaceExports = pgTable(
  "workspace_exports",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    userId: uuid("user_id").notNull(),
    /** queued → running → done | failed. */
    state: text("state").notNull(),
    /** Rows written so far (all entities), for the progress. */
    processedRows: integer("processed_rows").notNull().default(0),
    /** Under DATA_DIR/uploads; null until done, and once removed. */
    storagePath: text("storage_path"),
    sizeBytes: bigint("size_bytes", { mode: "number" }),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("workspace_exports_public_id_idx").on(t.publicId),
    index("workspace_exports_workspace_idx").on(t.workspaceId, t.createdAt),
  ],
);

/**
 * A workspace export uploaded to be imported as a new workspace: kept under
 * DATA_DIR/uploads/workspace-imports until the job is done (or a day old). `workspace_id` is
 * the workspace it made, once made.
 */
export const workspaceImports = pgTable(
  "workspace_imports",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    userId: uuid("user_id").notNull(),
    workspaceId: uuid("workspace_id").references(() => workspaces.id, { onDelete: "set null" }),
    fileName: text("file_name").notNull(),
    storagePath: text("storage_path"),
    sizeBytes: bigint("size_bytes", { mode: "number" }).notNull(),
    /** queued → checking → running → done | failed. */
    state: text("state").notNull(),
    totalRows: integer("total_rows"),
    processedRows: integer("processed_rows").notNull().default(0),
    counts: jsonb("counts").$type<Record<string, number>>().notNull().default({}),
    /** The exported members with no account here (by e-mail): not added, their assignments dropped. */
    unmatched: text("unmatched")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: text("error"),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("workspace_imports_public_id_idx").on(t.publicId),
    index("workspace_imports_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * A project's automation rule (issue 34): when its trigger fires on a task and its
 * conditions hold, its actions run in order in one unit of work, acting as the member who
 * saved it (re-checked at each run). The definition is versioned JSON that
 * utils/automations.ts validates; a rule without a project applies to its workspace's projects.
 */
export const automationRules = pgTable(
  "automation_rules",
  {
    id: id(),
    publicId: text("public_id").notNull(),
    workspaceId: uuid("workspace_id")
      .notNull()
      .references(() => workspaces.id, { onDelete: "cascade" }),
    projectId: uuid("project_id").references(() => projects.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** `{ version, trigger, conditions, actions }` (utils/automations.ts). */
    definition: jsonb("definition").$type<Record<string, unknown>>().notNull(),
    /** The trigger's type, kept beside the JSON so the planner reads only the rules that can fire. */
    triggerType: text("trigger_type").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    /** Why a rule stopped by itself (its rate cap); null when it was turned off by hand or is on. */
    pausedReason: text("paused_reason"),
    /** The member it acts as: who saved it last. */
    actorId: uuid("actor_id").notNull(),
    createdBy: uuid("created_by"),
    createdAt: createdAt(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automation_rules_public_id_idx").on(t.publicId),
    index("automation_rules_project_idx").on(t.projectId, t.enabled),
    index("automation_rules_workspace_idx").on(t.workspaceId, t.enabled),
  ],
);

/** One row per time a rule was set off: its run log (the last 1,000 per rule are kept). */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: id(),
    ruleId: uuid("rule_id")
      .notNull()
      .references(() => automationRules.id, { onDelete: "cascade" }),
    /** What set it off, once per rule: `event:<sequence>:<task>`, `due_soon:<task>:<date>`… */
    runKey: text("run_key").notNull(),
    /** done, skipped (conditions not met), loop_stopped, refused, paused, failed. */
    outcome: text("outcome").notNull(),
    taskId: text("task_id"),
    taskKey: text("task_key"),
    /** What set it off, in words ("status changed to Done"). */
    cause: text("cause").notNull(),
    /** What it changed, one line each. */
    changes: text("changes")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    error: text("error"),
    depth: integer("depth").notNull().default(1),
    durationMs: integer("duration_ms"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("automation_runs_key_idx").on(t.ruleId, t.runKey),
    index("automation_runs_rule_idx").on(t.ruleId, t.createdAt),
  ],
);
