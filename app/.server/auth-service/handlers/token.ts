import { db } from "../../db";
import { AuthError, invalidCredentials, validationFailed } from "../errors";
import { json, optionalString, readJson, type JsonBody } from "../http";
import { verifyPassword } from "../passwords";
import { consumeFlowState } from "../pkce";
import { assertSignInAllowed, limitByIp, recordFailedSignIn, recordSuccessfulSignIn } from "../rate-limits";
import { refreshSession, startSession, type ClientInfo } from "../sessions";
import { findUserByEmail, findUserById, isBanned } from "../users";

/** POST /token?grant_type=password|refresh_token|pkce. */
export async function token(request: Request, client: ClientInfo) {
  await limitByIp("token", client.ip);
  const grantType = new URL(request.url).searchParams.get("grant_type");
  const body = await readJson(request);
  switch (grantType) {
    case "password":
      return json(await passwordGrant(body, client));
    case "refresh_token":
      return json(await refreshGrant(body));
    case "pkce":
      return json(await pkceGrant(body, client));
    default:
      throw new AuthError(400, "unsupported_grant_type", "unsupported_grant_type");
  }
}

/** Every way of getting it wrong answers the same, so the answer reveals no accounts. */
async function passwordGrant(body: JsonBody, client: ClientInfo) {
  const rawEmail = optionalString(body, "email");
  const phone = optionalString(body, "phone");
  const password = optionalString(body, "password") ?? "";
  if (rawEmail && phone) {
    throw validationFailed("Only an email address or phone number should be provided on login.");
  }
  const email = rawEmail?.trim().toLowerCase();
  if (!email) throw invalidCredentials();
  await assertSignInAllowed(email, client.ip);
  const user = await findUserByEmail(db(), email);
  if (!(await verifyPassword(password, user?.encryptedPassword)) || !user) {
    await recordFailedSignIn(email, client.ip);
    throw invalidCredentials();
  }
  await recordSuccessfulSignIn(email, client.ip);
  if (!user.emailConfirmedAt) throw new AuthError(400, "email_not_confirmed", "Email not confirmed");
  if (isBanned(user)) throw new AuthError(400, "user_banned", "User is banned");
  return db().transaction((tx) => startSession(tx, user, "password", client));
}

function refreshGrant(body: JsonBody) {
  const refreshToken = optionalString(body, "refresh_token");
  if (!refreshToken) throw validationFailed("Refresh token is not valid");
  return refreshSession(refreshToken);
}

async function pkceGrant(body: JsonBody, client: ClientInfo) {
  const authCode = optionalString(body, "auth_code");
  const codeVerifier = optionalString(body, "code_verifier");
  if (!authCode || !codeVerifier) {
    throw validationFailed("invalid request: both auth code and code verifier should be non-empty");
  }
  const flow = await consumeFlowState(authCode, codeVerifier);
  const user = flow.userId ? await findUserById(db(), flow.userId) : undefined;
  if (!user) throw new AuthError(404, "flow_state_not_found", "invalid flow state, no valid flow state found");
  return db().transaction((tx) => startSession(tx, user, flow.authenticationMethod, client));
}
