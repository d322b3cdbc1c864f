import { sql } from "drizzle-orm";
import { bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

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
