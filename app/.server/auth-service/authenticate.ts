import { and, eq, isNull, sql } from "drizzle-orm";

import { prepared } from "../db/prepared";
import { AuthError } from "./errors";
import { verifyAccessToken } from "./jwt";
import { sessions, users, type UserRow } from "./schema";
import { isBanned, USER_JSON_COLUMNS } from "./users";

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
  const user = checked(claims, row?.session.userId, row?.user);
  return { user, session: row!.session };
}

/**
 * The same checks for the app's session check in this process, reading only the user's
 * columns GET /user answers: it runs on every signed-in page, and the session's other
 * columns and the password hash were read for nothing.
 */
export async function authenticatedUser(token: string) {
  const claims = await verifyAccessToken(token);
  const [row] = await sessionUser().execute({ sessionId: claims.session_id });
  return checked(claims, row?.sessionUserId, row?.user);
}

/** The session must still exist and be the token's user's; the user must exist and not be banned. */
function checked<User extends Pick<UserRow, "bannedUntil">>(
  claims: { sub: string },
  sessionUserId: string | undefined,
  user: User | null | undefined,
): User {
  if (!sessionUserId || sessionUserId !== claims.sub) {
    throw new AuthError(403, "session_not_found", "Session from session_id claim in JWT does not exist");
  }
  if (!user) throw new AuthError(403, "user_not_found", "User from sub claim in JWT does not exist");
  if (isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
  return user;
}

const sessionWithUser = prepared((database) =>
  database
    .select({ session: sessions, user: users })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare("session_with_user"),
);

/** Every signed-in page asks this: the session's user, in one statement. */
const sessionUser = prepared((database) =>
  database
    .select({ sessionUserId: sessions.userId, user: USER_JSON_COLUMNS })
    .from(sessions)
    .leftJoin(users, and(eq(users.id, sessions.userId), isNull(users.deletedAt)))
    .where(eq(sessions.id, sql.placeholder("sessionId")))
    .prepare("session_user"),
);
