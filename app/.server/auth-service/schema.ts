import { sql } from "drizzle-orm";
import { bigserial, boolean, index, jsonb, pgSchema, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

/**
 * The built-in auth service's tables, in their own `auth` schema with Supabase's table and
 * column names, so an export can be moved to a hosted Supabase project and back.
 * Secrets never sit here in the clear: passwords are bcrypt hashes, refresh and one-time
 * tokens sha256 hashes.
 */
export const auth = pgSchema("auth");

const at = (name: string) => timestamp(name, { withTimezone: true });
const createdAt = () => at("created_at").notNull().defaultNow();
const updatedAt = () => at("updated_at").notNull().defaultNow();
const randomId = () =>
  uuid("id")
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export type JsonObject = Record<string, unknown>;
/** One entry of the JWT's `amr` claim: how and when the session was authenticated. */
export type AmrEntry = { method: string; timestamp: number };

export const users = auth.table(
  "users",
  {
    id: randomId(),
    /** Always stored lower-cased. */
    email: text("email"),
    phone: text("phone"),
    encryptedPassword: text("encrypted_password"),
    emailConfirmedAt: at("email_confirmed_at"),
    confirmationSentAt: at("confirmation_sent_at"),
    recoverySentAt: at("recovery_sent_at"),
    /** The address an e-mail change waits to confirm (Supabase's `email_change`). */
    emailChange: text("email_change"),
    emailChangeSentAt: at("email_change_sent_at"),
    lastSignInAt: at("last_sign_in_at"),
    rawAppMetaData: jsonb("raw_app_meta_data").$type<JsonObject>().notNull().default({}),
    rawUserMetaData: jsonb("raw_user_meta_data").$type<JsonObject>().notNull().default({}),
    isAnonymous: boolean("is_anonymous").notNull().default(false),
    bannedUntil: at("banned_until"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at("deleted_at"),
  },
  (t) => [
    uniqueIndex("users_email_key")
      .on(t.email)
      .where(sql`${t.email} is not null`),
  ],
);

export const identities = auth.table(
  "identities",
  {
    id: randomId(),
    provider: text("provider").notNull(),
    /** The user's id at the provider; for the e-mail provider, the user's own id. */
    providerId: text("provider_id").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    identityData: jsonb("identity_data").$type<JsonObject>().notNull().default({}),
    email: text("email"),
    lastSignInAt: at("last_sign_in_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("identities_provider_id_provider_key").on(t.providerId, t.provider),
    index("identities_user_id_idx").on(t.userId),
  ],
);

export const sessions = auth.table(
  "sessions",
  {
    id: randomId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    aal: text("aal").notNull().default("aal1"),
    factorId: uuid("factor_id"),
    notAfter: at("not_after"),
    /** The sign-in methods behind this session, newest first; a refresh adds none. */
    amr: jsonb("amr").$type<AmrEntry[]>().notNull().default([]),
    userAgent: text("user_agent"),
    ip: text("ip"),
    refreshedAt: at("refreshed_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_id_idx").on(t.userId)],
);

export const refreshTokens = auth.table(
  "refresh_tokens",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** sha256 of the opaque token the client holds. */
    token: text("token").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    /** The hash of the token this one replaced. */
    parent: text("parent"),
    revoked: boolean("revoked").notNull().default(false),
    createdAt: createdAt(),
    /** When `revoked` turned true, this is when the token was spent. */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("refresh_tokens_token_key").on(t.token),
    index("refresh_tokens_session_id_idx").on(t.sessionId, t.revoked),
  ],
);

export const oneTimeTokenTypes = [
  "confirmation_token",
  "recovery_token",
  "email_change_token_new",
  "reauthentication_token",
] as const;
export type OneTimeTokenType = (typeof oneTimeTokenTypes)[number];

export const oneTimeTokens = auth.table(
  "one_time_tokens",
  {
    id: randomId(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenType: text("token_type", { enum: oneTimeTokenTypes }).notNull(),
    /** sha256 of the token in the mailed link. */
    tokenHash: text("token_hash").notNull(),
    /** The address the token was sent to. */
    relatesTo: text("relates_to").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("one_time_tokens_token_hash_key").on(t.tokenHash),
    index("one_time_tokens_user_id_idx").on(t.userId, t.tokenType),
  ],
);

export const flowState = auth.table(
  "flow_state",
  {
    id: randomId(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    authCode: text("auth_code").notNull(),
    /** Null for an OAuth sign-in of a client in implicit mode (its session goes in the fragment). */
    codeChallenge: text("code_challenge"),
    codeChallengeMethod: text("code_challenge_method", { enum: ["s256", "plain"] }),
    providerType: text("provider_type").notNull(),
    authenticationMethod: text("authentication_method").notNull(),
    /** OAuth: where the callback sends the browser (the checked `redirect_to`). */
    referrer: text("referrer"),
    /** OAuth: our own PKCE verifier towards the provider (Google), used once at the callback. */
    providerCodeVerifier: text("provider_code_verifier"),
    /** Set when the mailed link was opened and the code handed to the app. */
    authCodeIssuedAt: at("auth_code_issued_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("flow_state_auth_code_key").on(t.authCode),
    index("flow_state_user_id_idx").on(t.userId, t.authenticationMethod),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type IdentityRow = typeof identities.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type FlowStateRow = typeof flowState.$inferSelect;
