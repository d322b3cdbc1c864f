import { randomUUID } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";

import type { Database, Transaction } from "../db/client";
import { prepared } from "../db/prepared";
import { identities, users, type IdentityRow, type JsonObject, type UserRow } from "./schema";

/** Users and their e-mail identity, and the JSON shape Supabase gives them. */
export type Db = Database | Transaction;

const EMAIL_APP_METADATA = { provider: "email", providers: ["email"] };

export function userAppMetadata(user: Pick<UserRow, "rawAppMetaData">): JsonObject {
  return { ...EMAIL_APP_METADATA, ...user.rawAppMetaData };
}

export function userMetadata(user: Pick<UserRow, "rawUserMetaData">): JsonObject {
  return user.rawUserMetaData;
}

export async function findUserByEmail(db: Db, email: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)));
  return user;
}

export async function findUserById(db: Db, id: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return user;
}

export function userIdentities(db: Db, userId: string) {
  return identitiesQuery(db).execute({ userId });
}

function identitiesQuery(db: Db) {
  return db
    .select()
    .from(identities)
    .where(eq(identities.userId, sql.placeholder("userId")));
}

/** A new e-mail user with its identity; `user_metadata` starts as the identity data plus `data`. */
export async function createEmailUser(
  db: Db,
  input: { email: string; passwordHash: string | null; data: JsonObject; confirmed: boolean },
) {
  const id = randomUUID();
  const now = new Date();
  const identityData = { sub: id, email: input.email, email_verified: input.confirmed, phone_verified: false };
  const [user] = await db
    .insert(users)
    .values({
      id,
      email: input.email,
      encryptedPassword: input.passwordHash,
      emailConfirmedAt: input.confirmed ? now : null,
      rawAppMetaData: EMAIL_APP_METADATA,
      rawUserMetaData: { ...input.data, ...identityData },
    })
    .returning();
  await db.insert(identities).values({
    provider: "email",
    providerId: id,
    userId: id,
    identityData,
    email: input.email,
  });
  if (!user) throw new Error("user insert returned no row");
  return user;
}

export async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [user] = await db
    .update(users)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!user) throw new Error("user update returned no row");
  return user;
}

/** Marks the address verified on the user and on its e-mail identity (opening a mailed link proves it). */
export async function confirmEmail(db: Db, user: UserRow, email = user.email ?? "") {
  const confirmed = await updateUser(db, user.id, {
    email,
    emailConfirmedAt: user.emailConfirmedAt && email === user.email ? user.emailConfirmedAt : new Date(),
    rawUserMetaData: { ...user.rawUserMetaData, email, email_verified: true },
  });
  const [identity] = await db
    .select()
    .from(identities)
    .where(and(eq(identities.userId, user.id), eq(identities.provider, "email")));
  if (identity) {
    await db
      .update(identities)
      .set({
        email,
        identityData: { ...identity.identityData, email, email_verified: true },
        updatedAt: new Date(),
      })
      .where(eq(identities.id, identity.id));
  }
  return confirmed;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : undefined);

function identityJson(identity: IdentityRow) {
  return {
    identity_id: identity.id,
    // Supabase's historical naming: `id` is the provider's id for the user.
    id: identity.providerId,
    user_id: identity.userId,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: iso(identity.lastSignInAt),
    created_at: identity.createdAt.toISOString(),
    updated_at: identity.updatedAt.toISOString(),
    email: identity.email ?? undefined,
  };
}

/** The user's columns Supabase's User object is made of (`userJson`), for reads that need no more. */
export const USER_JSON_COLUMNS = {
  id: users.id,
  email: users.email,
  phone: users.phone,
  emailConfirmedAt: users.emailConfirmedAt,
  confirmationSentAt: users.confirmationSentAt,
  recoverySentAt: users.recoverySentAt,
  emailChange: users.emailChange,
  emailChangeSentAt: users.emailChangeSentAt,
  lastSignInAt: users.lastSignInAt,
  rawAppMetaData: users.rawAppMetaData,
  rawUserMetaData: users.rawUserMetaData,
  isAnonymous: users.isAnonymous,
  bannedUntil: users.bannedUntil,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};
export type UserJsonRow = Pick<UserRow, keyof typeof USER_JSON_COLUMNS>;

/**
 * Supabase's User object: strings never null, unset timestamps left out; `identities` only
 * when they were read (the field is optional in Supabase's type).
 */
export function userJson(user: UserJsonRow, userIdentityRows?: IdentityRow[]) {
  return {
    id: user.id,
    aud: "authenticated",
    role: "authenticated",
    email: user.email ?? "",
    email_confirmed_at: iso(user.emailConfirmedAt),
    phone: user.phone ?? "",
    confirmation_sent_at: iso(user.confirmationSentAt),
    confirmed_at: iso(user.emailConfirmedAt),
    recovery_sent_at: iso(user.recoverySentAt),
    new_email: user.emailChange ?? undefined,
    email_change_sent_at: iso(user.emailChangeSentAt),
    last_sign_in_at: iso(user.lastSignInAt),
    app_metadata: userAppMetadata(user),
    user_metadata: userMetadata(user),
    identities: userIdentityRows?.map(identityJson),
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
    banned_until: iso(user.bannedUntil),
    is_anonymous: user.isAnonymous,
  };
}

export async function loadUserJson(db: Db, user: UserRow) {
  return userJson(user, await userIdentities(db, user.id));
}

/** GET /user's answer, on every signed-in page: the identities by a prepared statement. */
export async function currentUserJson(user: UserRow) {
  return userJson(user, await identitiesOfUser().execute({ userId: user.id }));
}

const identitiesOfUser = prepared((database) => identitiesQuery(database).prepare("identities_of_user"));

/**
 * What signing up an already confirmed address answers when mail confirmation is on: a
 * plausible new user with no identities, so the answer does not reveal that the address
 * has an account (apps detect it by `identities.length === 0`).
 */
export function obfuscatedUser(email: string) {
  const now = new Date().toISOString();
  return {
    id: randomUUID(),
    aud: "authenticated",
    role: "authenticated",
    email,
    phone: "",
    confirmation_sent_at: now,
    app_metadata: EMAIL_APP_METADATA,
    user_metadata: {},
    identities: [],
    created_at: now,
    updated_at: now,
    is_anonymous: false,
  };
}

export function isBanned(user: Pick<UserRow, "bannedUntil">) {
  return Boolean(user.bannedUntil && user.bannedUntil > new Date());
}
