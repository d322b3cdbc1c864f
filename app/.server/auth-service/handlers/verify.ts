import { db } from "../../db";
import { authSettings } from "../config";
import { AuthError, validationFailed } from "../errors";
import { json, optionalString, readJson, redirectTo } from "../http";
import { isPkceToken, isVerifyType, redeemToken } from "../mail-tokens";
import { issueAuthCode } from "../pkce";
import { limitByIp } from "../rate-limits";
import { requestedRedirect } from "../redirects";
import { startSession, type ClientInfo } from "../sessions";

/**
 * POST /verify: the token_hash from a mail (e.g. an app's /auth/confirm route) for a session.
 * Only for links of implicit flows: a PKCE link (`pkce_…`) proves nothing without the
 * verifier of the browser that asked for it, so it is refused here, unspent, whatever its
 * type (Supabase accepts it; anyone holding the link would be signed in, and a visitor could
 * be signed in to someone else's account). It is redeemed by opening it (GET /verify), which
 * answers a code for `grant_type=pkce`.
 */
export async function verifyPost(request: Request, client: ClientInfo) {
  await limitByIp("verify", client.ip);
  const body = await readJson(request);
  const type = body.type;
  if (!isVerifyType(type)) throw validationFailed("Verify requires a verification type");
  const tokenHash = optionalString(body, "token_hash");
  if (!tokenHash) {
    // Six-digit codes are not mailed by this server; its links carry the token itself.
    throw validationFailed("Verify requires a token_hash");
  }
  if (body.email || body.phone || body.token) {
    throw validationFailed("Only the token_hash and type should be provided");
  }
  if (isPkceToken(tokenHash)) throw pkceLinkNeedsVerifier();
  const session = await db().transaction(async (tx) => {
    const { user } = await redeemToken(tx, type, tokenHash);
    return startSession(tx, user, "otp", client);
  });
  return json(session);
}

/**
 * GET /verify: the link in the mail. Redirects to the app with a PKCE code in the query,
 * or with the session in the fragment (never sent to servers); failures redirect too.
 */
export async function verifyGet(request: Request, client: ClientInfo) {
  const query = new URL(request.url).searchParams;
  const token = query.get("token") ?? "";
  const type = query.get("type");
  const target = requestedRedirect(request) ?? authSettings().appUrl;
  const pkce = isPkceToken(token);
  try {
    await limitByIp("verify", client.ip);
    if (!isVerifyType(type)) throw validationFailed("Verify requires a verification type");
    if (pkce) {
      const code = await db().transaction(async (tx) => {
        const { user, flowMethod } = await redeemToken(tx, type, token);
        return issueAuthCode(tx, user.id, flowMethod);
      });
      return redirectTo(withQuery(target, { code }));
    }
    const session = await db().transaction(async (tx) => {
      const { user } = await redeemToken(tx, type, token);
      return startSession(tx, user, "otp", client);
    });
    return redirectTo(
      withFragment(target, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
        type,
      }),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const params = { error: oauthError(error.status), error_code: error.code, error_description: error.message };
    return redirectTo(withFragment(pkce ? withQuery(target, params) : target, params));
  }
}

const pkceLinkNeedsVerifier = () =>
  new AuthError(
    403,
    "otp_expired",
    "This sign-in link only works in the browser that asked for it: open the link there, or request a new one.",
  );

export function withQuery(target: string, params: Record<string, string>) {
  const url = new URL(target);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function withFragment(target: string, params: Record<string, string>) {
  const url = new URL(target);
  url.hash = new URLSearchParams(params).toString();
  return url.toString();
}

/** The OAuth error name Supabase pairs with each status in redirects. */
export function oauthError(status: number) {
  if (status === 401) return "unauthorized_client";
  if (status === 403) return "access_denied";
  if (status === 503) return "temporarily_unavailable";
  if (status >= 500) return "server_error";
  return "invalid_request";
}
