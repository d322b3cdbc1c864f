import { writeWithActivity } from "../../activity/use-case";
import { db } from "../../db";
import { authSettings } from "../config";
import { AuthError, validationFailed } from "../errors";
import { json, normalizeEmail, optionalObject, optionalString, readJson, type JsonBody } from "../http";
import { storeMailToken, type MailRequest } from "../mail-tokens";
import { readPkceParams } from "../pkce";
import { limitByIp, limitMail } from "../rate-limits";
import { requestedRedirect } from "../redirects";
import type { ClientInfo } from "../sessions";
import { mergeUserMetadata } from "../user-metadata";
import { createEmailUser, findUserByEmail } from "../users";

/**
 * The endpoints that only send a mail: /otp (magic link), /recover, /resend. Each answers
 * `{}` whether or not the address has an account, so none of them can be used to probe.
 */

function requireEmail(body: JsonBody, message: string) {
  const raw = optionalString(body, "email");
  if (optionalString(body, "phone")) {
    throw new AuthError(422, "phone_provider_disabled", "Unsupported phone provider");
  }
  if (!raw) throw validationFailed(message);
  return normalizeEmail(raw);
}

function send(client: ClientInfo, userId: string | null, request: MailRequest) {
  return writeWithActivity({ userId, ip: client.ip }, (tx, record) => storeMailToken(tx, record, request));
}

/** POST /otp: a magic link; an unknown address gets an account first unless `create_user` is false. */
export async function otp(request: Request, client: ClientInfo) {
  await limitByIp("email", client.ip);
  const body = await readJson(request);
  const email = requireEmail(body, "An email address or phone number is required");
  const pkce = readPkceParams(body);
  const data = mergeUserMetadata({}, optionalObject(body, "data") ?? {});
  const createUser = body.create_user !== false;
  const redirectTo = requestedRedirect(request, body);
  await limitMail("magiclink", email);

  const existing = await findUserByEmail(db(), email);
  if (!existing && !createUser) return json({});
  const { autoconfirm } = authSettings();
  await writeWithActivity({ userId: existing?.id ?? null, ip: client.ip }, async (tx, record) => {
    const user = existing ?? (await createEmailUser(tx, { email, passwordHash: null, data, confirmed: autoconfirm }));
    // An address nobody has confirmed yet gets the sign-up confirmation, which signs in too.
    const kind = user.emailConfirmedAt ? "magiclink" : "confirmation";
    await storeMailToken(tx, record, { kind, user, to: email, redirectTo, pkce });
  });
  return json({});
}

/** POST /recover: a password recovery link. */
export async function recover(request: Request, client: ClientInfo) {
  await limitByIp("email", client.ip);
  const body = await readJson(request);
  const email = requireEmail(body, "Password recovery requires an email");
  const pkce = readPkceParams(body);
  await limitMail("recovery", email);
  const user = await findUserByEmail(db(), email);
  if (user)
    await send(client, user.id, {
      kind: "recovery",
      user,
      to: email,
      redirectTo: requestedRedirect(request, body),
      pkce,
    });
  return json({});
}

/** POST /resend: the sign-up confirmation or the pending e-mail change, again. */
export async function resend(request: Request, client: ClientInfo) {
  await limitByIp("email", client.ip);
  const body = await readJson(request);
  const type = body.type;
  if (type !== "signup" && type !== "email_change") {
    throw validationFailed("Missing one of these types: signup, email_change, sms, phone_change");
  }
  const email = requireEmail(body, "An email address is required");
  const pkce = readPkceParams(body);
  const redirectTo = requestedRedirect(request, body);
  if (type === "signup") {
    await limitMail("confirmation", email);
    const user = await findUserByEmail(db(), email);
    if (user && !user.emailConfirmedAt) {
      await send(client, user.id, { kind: "confirmation", user, to: email, redirectTo, pkce });
    }
    return json({});
  }
  const user = await findUserByEmail(db(), email);
  if (user?.emailChange) {
    await limitMail("email_change", user.emailChange);
    await send(client, user.id, { kind: "email_change", user, to: user.emailChange, redirectTo, pkce });
  }
  return json({});
}
