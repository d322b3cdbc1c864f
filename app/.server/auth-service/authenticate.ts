import { and, eq, isNull, sql } from "drizzle-orm";

import { prepared } from "../db/prepared";
import { AuthError } from "./errors";
import { verifyAccessToken } from "./jwt";
import { sessions, users } from "./schema";
import { isBanned } from "./users";

/**
 * The Bearer access token of a user-scoped request. Beyond the signature, the session row
 * must still exist: that is what makes sign-out and revocation take effect before `exp`.
 */
export async function authenticate(request: Request) {
  const header = request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw new AuthError(401, "no_authorization", "This endpoint requires a valid Bearer token");
  return authenticateToken(match[1]);
}

/** An access token's user and session, checked as `authenticate` checks a request's. */
export async function authenticateToken(token: string) {
  const claims = await verifyAccessToken(token);
  const [row] = await sessionWithUser().execute({ sessionId: claims.session_id });
  const session = row?.session;
  if (!session || session.userId !== claims.sub) {
    throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  }
  const user = row.user;
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  if (isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
  return { user, session };
}

/** Every signed-in page asks this: the session and its user in one statement. */
const sessionWithUser = prepared((database) =>
  database
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare("session_with_user"),
);
