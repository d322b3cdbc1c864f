import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

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
    createdAt: createdAt(),
  },
  (t) => [index("notifications_user_idx").on(t.userId, t.createdAt)],
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
