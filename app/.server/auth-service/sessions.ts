import { and, eq, ne } from "drizzle-orm";

import { db } from "../db";
import { ACCESS_TOKEN_SECONDS, REFRESH_TOKEN_REUSE_SECONDS } from "./config";
import { AuthError, validationFailed } from "./errors";
import { signAccessToken } from "./jwt";
import { hashToken, newRefreshToken } from "./one-time-tokens";
import { identities, refreshTokens, sessions, type SessionRow, type UserRow } from "./schema";
import { findUserById, isBanned, updateUser, userIdentities, userJson, type Db } from "./users";

/**
 * Sessions and their refresh-token chain. A refresh token is opaque, stored as a hash, and
 * replaced on every use; presenting a spent one again is either a benign race (two tabs,
 * inside the reuse window) or theft, which ends the whole session.
 */
export type ClientInfo = { ip: string | null; userAgent: string | null };

export type SessionResponse = {
  access_token: string;
  token_type: "bearer";
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: ReturnType<typeof userJson>;
};

/** Signs the user in: a new session with its first refresh token. `method` becomes the `amr` entry. */
export async function startSession(tx: Db, user: UserRow, method: string, client: ClientInfo) {
  const now = new Date();
  const [session] = await tx
    .insert(sessions)
    .values({
      userId: user.id,
      amr: [{ method, timestamp: Math.floor(now.getTime() / 1000) }],
      ip: client.ip,
      userAgent: client.userAgent,
    })
    .returning();
  if (!session) throw new Error("session insert returned no row");
  const signedIn = await updateUser(tx, user.id, { lastSignInAt: now });
  await tx
    .update(identities)
    .set({ lastSignInAt: now })
    .where(and(eq(identities.userId, user.id), eq(identities.provider, "email")));
  const refresh = await addRefreshToken(tx, session, null);
  return sessionResponse(tx, signedIn, session, refresh);
}

async function addRefreshToken(tx: Db, session: SessionRow, parent: string | null) {
  const { token, hash } = newRefreshToken();
  await tx.insert(refreshTokens).values({ token: hash, userId: session.userId, sessionId: session.id, parent });
  return token;
}

async function sessionResponse(
  tx: Db,
  user: UserRow,
  session: SessionRow,
  refreshToken: string,
): Promise<SessionResponse> {
  const { token, expiresAt } = await signAccessToken(user, session);
  return {
    access_token: token,
    token_type: "bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: expiresAt,
    refresh_token: refreshToken,
    user: userJson(user, await userIdentities(tx, user.id)),
  };
}

const notFound = () => new AuthError(400, "refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found");
const alreadyUsed = () => new AuthError(400, "refresh_token_already_used", "Invalid Refresh Token: Already Used");

/** `grant_type=refresh_token`: rotates the token, or detects its reuse. */
export async function refreshSession(rawToken: string) {
  if (rawToken.length < 12) throw validationFailed("Refresh token is not valid");
  const outcome = await db().transaction(async (tx) => {
    // The row lock serialises concurrent refreshes of the same token.
    const [row] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.token, hashToken(rawToken)))
      .for("update");
    if (!row) throw notFound();
    const [session] = await tx.select().from(sessions).where(eq(sessions.id, row.sessionId));
    const user = session && (await findUserById(tx, session.userId));
    if (!session || !user) {
      throw new AuthError(400, "session_not_found", "Invalid Refresh Token: No Valid Session Found");
    }
    if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
    if (row.revoked) {
      const spentForMs = Date.now() - row.updatedAt.getTime();
      // Outside the window a spent token means someone else holds the chain: end the session.
      if (spentForMs > REFRESH_TOKEN_REUSE_SECONDS * 1000) return { reusedIn: session.id } as const;
      // Inside it (a second tab, a lost answer): a sibling token in the same session.
      // The raw current token cannot be answered again because only its hash is stored.
    } else {
      await tx.update(refreshTokens).set({ revoked: true, updatedAt: new Date() }).where(eq(refreshTokens.id, row.id));
    }
    await tx
      .update(sessions)
      .set({ refreshedAt: new Date(), updatedAt: new Date() })
      .where(eq(sessions.id, session.id));
    const next = await addRefreshToken(tx, session, row.token);
    return { response: await sessionResponse(tx, user, session, next) } as const;
  });
  if ("response" in outcome) return outcome.response;
  // Committed on its own: the request fails, the revocation must stay.
  await db().delete(sessions).where(eq(sessions.id, outcome.reusedIn));
  throw alreadyUsed();
}

/** Deleting a session deletes its refresh tokens (cascade) and voids its access tokens at once. */
export type LogoutScope = "global" | "local" | "others";

export async function endSessions(tx: Db, userId: string, currentSessionId: string, scope: LogoutScope) {
  if (scope === "local") return tx.delete(sessions).where(eq(sessions.id, currentSessionId));
  if (scope === "others") {
    return tx.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)));
  }
  return tx.delete(sessions).where(eq(sessions.userId, userId));
}
