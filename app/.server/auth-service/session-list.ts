import { and, desc, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import { NotFoundError } from "../errors";
import { findUserById } from "./users";
import { verifyPassword } from "./passwords";
import { sessions } from "./schema";

/**
 * The built-in service's sessions, as Settings → Security shows them: one per signed-in
 * browser, with its device, address and last activity. Revoking deletes the session,
 * which ends its refresh tokens (cascade) and its access tokens at their next check.
 */
export async function listSessions(userId: string) {
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      refreshedAt: sessions.refreshedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt));
  return rows.map((row) => ({
    id: row.id,
    userAgent: row.userAgent,
    ip: row.ip,
    signedInAt: row.createdAt.toISOString(),
    lastSeenAt: (row.refreshedAt ?? row.createdAt).toISOString(),
  }));
}

/** Ends one of the actor's own sessions; another user's session id is "not found". */
export const revokeSessionCommand = defineCommand({
  name: "session.revoke",
  input: z.object({ sessionId: z.uuid({ error: "That session does not exist." }) }),
  policy: null,
  async run({ tx, record, principal }, input: { sessionId: string }) {
    const userId = memberIdOf(principal);
    const deleted = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, input.sessionId), eq(sessions.userId, userId)))
      .returning({ id: sessions.id, userAgent: sessions.userAgent });
    if (deleted.length === 0) throw new NotFoundError("Session");
    await record({
      verb: "session.revoked",
      subjectType: "user",
      subjectId: userId,
      data: { sessionId: input.sessionId },
    });
    return deleted[0]!;
  },
});

export function revokeSession(actor: Actor, sessionId: string) {
  return execute(revokeSessionCommand, principalOf(actor), { sessionId });
}

/** The session behind an access token issued by this service (its `session_id` claim). */
export function sessionIdOf(accessToken: string | null | undefined) {
  if (!accessToken) return null;
  try {
    const claim = decodeJwt(accessToken).session_id;
    return typeof claim === "string" ? claim : null;
  } catch {
    return null;
  }
}

/** Whether `password` is the user's current password in the built-in service. */
export async function isCurrentPassword(userId: string, password: string) {
  const user = await findUserById(db(), userId);
  return verifyPassword(password, user?.encryptedPassword);
}
