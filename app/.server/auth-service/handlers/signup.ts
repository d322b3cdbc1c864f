import { writeWithActivity } from "../../activity/use-case";
import { db } from "../../db";
import { authSettings } from "../config";
import { AuthError, validationFailed } from "../errors";
import { json, normalizeEmail, optionalObject, optionalString, readJson } from "../http";
import { storeMailToken } from "../mail-tokens";
import { assertStrongPassword, hashPassword } from "../passwords";
import { readPkceParams } from "../pkce";
import { limitByIp, limitMail } from "../rate-limits";
import { requestedRedirect } from "../redirects";
import type { JsonObject } from "../schema";
import { startSession, type ClientInfo } from "../sessions";
import { assertMetadataSize, mergeUserMetadata } from "../user-metadata";
import { createEmailUser, findUserByEmail, loadUserJson, obfuscatedUser, updateUser } from "../users";

/** POST /signup: e-mail and password; a user to confirm by mail, or a session with autoconfirm. */
export async function signup(request: Request, client: ClientInfo) {
  await limitByIp("email", client.ip);
  const body = await readJson(request);
  const rawEmail = optionalString(body, "email");
  const phone = optionalString(body, "phone");
  const password = optionalString(body, "password");
  if ((!rawEmail && !phone) || !password) {
    throw validationFailed("You must provide either an email or phone number and a password");
  }
  if (rawEmail && phone) throw validationFailed("Only an email address or phone number should be provided on signup.");
  if (!rawEmail) throw new AuthError(422, "phone_provider_disabled", "Phone signups are disabled");
  assertStrongPassword(password);
  const pkce = readPkceParams(body);
  const email = normalizeEmail(rawEmail);
  const data = mergeUserMetadata({}, optionalObject(body, "data") ?? {});
  const { autoconfirm } = authSettings();

  // Counted before looking the address up, so the limit says nothing about whether it exists.
  if (!autoconfirm) await limitMail("confirmation", email);
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db(), email);
  if (autoconfirm) {
    if (existing) throw new AuthError(422, "user_already_exists", "User already registered");
    const session = await db().transaction(async (tx) => {
      const user = await createEmailUser(tx, { email, passwordHash, data, confirmed: true });
      return startSession(tx, user, "password", client);
    });
    return json(session);
  }
  if (existing?.emailConfirmedAt) return json(obfuscatedUser(email));

  const user = await writeWithActivity({ userId: null, ip: client.ip }, async (tx, record) => {
    // Signing up again before confirming takes the new password; only the mailbox owner can confirm.
    const pending = existing
      ? await updateUser(tx, existing.id, {
          encryptedPassword: passwordHash,
          rawUserMetaData: withinBounds({ ...data, ...existing.rawUserMetaData }),
        })
      : await createEmailUser(tx, { email, passwordHash, data, confirmed: false });
    return storeMailToken(tx, record, {
      kind: "confirmation",
      user: pending,
      to: email,
      redirectTo: requestedRedirect(request, body),
      pkce,
    });
  });
  return json(await loadUserJson(db(), user));
}

function withinBounds(metadata: JsonObject) {
  assertMetadataSize(metadata);
  return metadata;
}
