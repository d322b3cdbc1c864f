import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
