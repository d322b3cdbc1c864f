import { and, eq, inArray } from "drizzle-orm";

import { writeWithActivity } from "../../activity/use-case";
import { db } from "../../db";
import type { Transaction } from "../../db/client";
import { authenticate, authenticatedUser } from "../authenticate";
import { AuthError, validationFailed } from "../errors";
import { json, normalizeEmail, optionalObject, optionalString, readJson, type JsonBody } from "../http";
import { storeMailToken } from "../mail-tokens";
import { assertStrongPassword, hashPassword, verifyPassword } from "../passwords";
import { readPkceParams } from "../pkce";
import { limitMail } from "../rate-limits";
import { requestedRedirect } from "../redirects";
import { oneTimeTokens, type SessionRow, type UserRow } from "../schema";
import { endSessions, type ClientInfo } from "../sessions";
import { mergeUserMetadata } from "../user-metadata";
import { currentUserJson, findUserByEmail, loadUserJson, updateUser, userJson } from "../users";

/** GET /user: the signed-in user, checked against the database (unlike `getClaims`). */
export async function getUser(request: Request) {
  const { user } = await authenticate(request);
  return json(await currentUserJson(user));
}

/**
 * GET /user's answer for an access token, for the app's session check in this process: the
 * same checks and the same user, without an HTTP request and response to build and parse,
 * and without `identities`, which the app never reads (a statement less on every page).
 */
export async function userForAccessToken(token: string) {
  return userJson(await authenticatedUser(token));
}

/** PUT /user: metadata (`data`), password, and e-mail (confirmed by a mail to the new address). */
export async function putUser(request: Request, client: ClientInfo) {
  const { user, session } = await authenticate(request);
  const body = await readJson(request);
  const data = optionalObject(body, "data");
  const password = optionalString(body, "password");
  const email = optionalString(body, "email");
  if (body.app_metadata !== undefined && body.app_metadata !== null) {
    throw new AuthError(403, "not_admin", "User not allowed");
  }
  if (password !== undefined) assertStrongPassword(password);
  const pkce = readPkceParams(body);
  const metadata = data ? mergeUserMetadata(user.rawUserMetaData, data) : undefined;

  const updated = await writeWithActivity({ userId: user.id, ip: client.ip }, async (tx, record) => {
    let current = user;
    if (data) current = await updateUser(tx, current.id, { rawUserMetaData: metadata ?? {} });
    if (password !== undefined) current = await changePassword(tx, current, session, password);
    if (email !== undefined) {
      const newEmail = normalizeEmail(email);
      if (newEmail !== current.email) {
        if (await findUserByEmail(tx, newEmail)) {
          throw new AuthError(422, "email_exists", "A user with this email address has already been registered");
        }
        await limitMail("email_change", newEmail);
        current = await updateUser(tx, current.id, { emailChange: newEmail });
        current = await storeMailToken(tx, record, {
          kind: "email_change",
          user: current,
          to: newEmail,
          redirectTo: requestedRedirect(request, body as JsonBody),
          pkce,
        });
      }
    }
    return current;
  });
  return json(await loadUserJson(db(), updated));
}

/** A new password signs out every other session and voids pending confirmation and recovery links. */
async function changePassword(tx: Transaction, user: UserRow, session: SessionRow, password: string) {
  if (await verifyPassword(password, user.encryptedPassword)) {
    throw new AuthError(422, "same_password", "New password should be different from the old password.");
  }
  const changed = await updateUser(tx, user.id, { encryptedPassword: await hashPassword(password) });
  await endSessions(tx, user.id, session.id, "others");
  await tx
    .delete(oneTimeTokens)
    .where(
      and(
        eq(oneTimeTokens.userId, user.id),
        inArray(oneTimeTokens.tokenType, ["recovery_token", "confirmation_token"]),
      ),
    );
  return changed;
}

/** POST /logout?scope=global|local|others: 204; the sessions and their refresh tokens are gone. */
export async function logout(request: Request) {
  const scope = new URL(request.url).searchParams.get("scope") ?? "global";
  if (scope !== "global" && scope !== "local" && scope !== "others") {
    throw validationFailed(`Unsupported logout scope "${scope}"`);
  }
  const { user, session } = await authenticate(request);
  await endSessions(db(), user.id, session.id, scope);
  return new Response(null, { status: 204 });
}
