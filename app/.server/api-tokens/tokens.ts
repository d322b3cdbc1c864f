import { randomBytes } from "node:crypto";

import { and, desc, eq, isNull, lt, or, sql } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import { prepared } from "../db/prepared";
import { apiTokens, workspaceMembers, workspaces, type Role } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { hashToken } from "../security/tokens";
import { workspaceForMember } from "../workspaces/membership";
import { API_TOKEN_NAME_MAX, API_TOKEN_SCOPES } from "~/validation/api-tokens";

/**
 * Personal API tokens (issue 32): a member makes one in Settings → Integrations for one of
 * their workspaces, read-only or read-write, with an optional expiry; it is shown once and
 * kept as its SHA-256. A request with it acts as that member, with their role in that
 * workspace as it is at the time of the request (a member who left has no token left).
 */
export const TOKEN_PREFIX = "plt_";
// The form's limits are the command's: one source, in validation/ (the browser reads it too).
export { API_TOKEN_NAME_MAX as TOKEN_NAME_MAX, API_TOKEN_EXPIRIES as TOKEN_EXPIRIES } from "~/validation/api-tokens";
export const TOKENS_PER_USER = 50;
export type TokenScope = (typeof API_TOKEN_SCOPES)[number];
type NewToken = { workspaceId: string; name: string; scope: TokenScope; expiresInDays: number | null };

/** The token commands' inputs: bounds only; the name's own checks are the command's. */
const createApiTokenInput = z.object({
  workspaceId: z.string().min(1).max(40),
  name: z.string().max(API_TOKEN_NAME_MAX * 2),
  scope: z.enum(API_TOKEN_SCOPES, { error: "Choose read or read & write" }),
  expiresInDays: z.number().int().min(1).max(3650).nullable(),
});
const revokeApiTokenInput = z.object({ tokenId: z.string().min(1).max(40) });

/** How a token is given: the prefix and 40 base62-ish characters (240 bits). */
function newToken() {
  return `${TOKEN_PREFIX}${randomBytes(30).toString("base64url")}`;
}

export const createApiTokenCommand = defineCommand({
  name: "api_token.create",
  input: createApiTokenInput,
  policy: "workspace.read",
  async run({ tx, record, principal }, input: NewToken) {
    const actor = asMember(principal);
    const name = input.name.trim();
    if (!name) throw new FieldError("name", "Name the token, e.g. CI or Zapier.");
    if (name.length > API_TOKEN_NAME_MAX) throw new FieldError("name", `At most ${API_TOKEN_NAME_MAX} characters.`);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.read");
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, actor.userId), isNull(apiTokens.revokedAt)));
    if (count >= TOKENS_PER_USER)
      throw new FieldError("name", `You have ${TOKENS_PER_USER} tokens already: revoke one first.`);
    const token = newToken();
    const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
    const [row] = await tx
      .insert(apiTokens)
      .values({
        publicId: newPublicId(),
        userId: actor.userId,
        workspaceId: workspace.id,
        name,
        scope: input.scope,
        tokenHash: hashToken(token),
        prefix: token.slice(0, TOKEN_PREFIX.length + 6),
        expiresAt,
      })
      .returning();
    await record({
      verb: "api_token.created",
      subjectType: "api_token",
      subjectId: row!.publicId,
      workspaceId: workspace.id,
      data: { name, scope: input.scope },
    });
    return { token, id: row!.publicId, name, scope: input.scope, expiresAt };
  },
});

export function createApiToken(actor: Actor, input: NewToken) {
  return execute(createApiTokenCommand, principalOf(actor), input);
}

/** Revokes one of the member's own tokens; its next request is refused. */
export const revokeApiTokenCommand = defineCommand({
  name: "api_token.revoke",
  input: revokeApiTokenInput,
  policy: null,
  async run({ tx, record, principal }, input: { tokenId: string }) {
    const actor = asMember(principal);
    const [row] = await tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(eq(apiTokens.publicId, input.tokenId), eq(apiTokens.userId, actor.userId), isNull(apiTokens.revokedAt)),
      )
      .returning();
    if (!row) throw new NotFoundError("Token");
    await record({
      verb: "api_token.revoked",
      subjectType: "api_token",
      subjectId: row.publicId,
      workspaceId: row.workspaceId,
      data: { name: row.name },
    });
    return { name: row.name };
  },
});

export function revokeApiToken(actor: Actor, input: { tokenId: string }) {
  return execute(revokeApiTokenCommand, principalOf(actor), input);
}

/** The member's live tokens (not revoked), newest first, for Settings. */
export async function listApiTokens(userId: string) {
  const rows = await db()
    .select({
      id: apiTokens.publicId,
      name: apiTokens.name,
      scope: apiTokens.scope,
      prefix: apiTokens.prefix,
      workspace: workspaces.name,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      createdAt: apiTokens.createdAt,
    })
    .from(apiTokens)
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .orderBy(desc(apiTokens.createdAt))
    .limit(TOKENS_PER_USER);
  return rows.map((row) => ({
    ...row,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= Date.now(),
  }));
}

/** Who a request's token acts as: the member, their role in the token's workspace, its scope. */
export type TokenPrincipal = {
  kind: "token";
  tokenId: string;
  /** The token row's internal id (idempotency keys hang on it). */
  tokenUuid: string;
  name: string;
  userId: string;
  workspaceId: string;
  workspacePublicId: string;
  role: Role;
  scope: TokenScope;
};

/**
 * The principal of `Authorization: Bearer plt_…`, or why not (every reason is a 401 to the
 * caller, told apart only in words). Read on every request: a revoked or expired token, or a
 * member who left the workspace, is refused at once. `last_used_at` is written at most once a minute.
 */
export async function authenticateToken(
  raw: string,
): Promise<{ ok: true; principal: TokenPrincipal } | { ok: false; reason: string }> {
  if (!raw.startsWith(TOKEN_PREFIX) || raw.length > 100) return { ok: false, reason: "The token is not valid." };
  const [row] = await tokenStatement().execute({ hash: hashToken(raw) });
  if (!row) return { ok: false, reason: "The token is not valid." };
  if (row.revokedAt) return { ok: false, reason: "The token was revoked." };
  if (row.expiresAt && row.expiresAt.getTime() <= Date.now()) return { ok: false, reason: "The token has expired." };
  if (!row.role) return { ok: false, reason: "The token's owner is no longer a member of its workspace." };
  // The row just read says when it was last marked: a write only when that is a minute old.
  if (!row.lastUsedAt || row.lastUsedAt.getTime() < Date.now() - LAST_USED_PRECISION_MS) await touch(row.id);
  return {
    ok: true,
    principal: {
      kind: "token",
      tokenId: row.publicId,
      tokenUuid: row.id,
      name: row.name,
      userId: row.userId,
      workspaceId: row.workspaceId,
      workspacePublicId: row.workspacePublicId,
      role: row.role,
      scope: row.scope,
    },
  };
}

const LAST_USED_PRECISION_MS = 60_000;

/**
 * Read on every API request, so prepared once: no cache in front of it, which is what makes
 * a revocation (or a member leaving) effective on the very next request.
 */
const tokenStatement = prepared((database) =>
  database
    .select({
      id: apiTokens.id,
      publicId: apiTokens.publicId,
      name: apiTokens.name,
      userId: apiTokens.userId,
      workspaceId: apiTokens.workspaceId,
      workspacePublicId: workspaces.publicId,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
      role: workspaceMembers.role,
    })
    .from(apiTokens)
    .innerJoin(workspaces, eq(workspaces.id, apiTokens.workspaceId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, apiTokens.workspaceId), eq(workspaceMembers.userId, apiTokens.userId)),
    )
    .where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
    .prepare("api_token_by_hash"),
);

async function touch(id: string) {
  await db()
    .update(apiTokens)
    .set({ lastUsedAt: new Date() })
    .where(
      and(
        eq(apiTokens.id, id),
        or(isNull(apiTokens.lastUsedAt), lt(apiTokens.lastUsedAt, new Date(Date.now() - LAST_USED_PRECISION_MS))),
      ),
    );
}
