import { randomUUID } from "node:crypto";

import { and, eq } from "drizzle-orm";

import { db } from "../../db";
import { authSettings, FLOW_STATE_SECONDS } from "../config";
import { AuthError, validationFailed } from "../errors";
import { json, redirectTo } from "../http";
import { isOAuthProviderName, oauthProvider, type OAuthProviderName, type ProviderProfile } from "../oauth-providers";
import { readPkceParams } from "../pkce";
import { limitByIp } from "../rate-limits";
import { EXTERNAL_PROVIDERS } from "./meta";
import { requestedRedirect } from "../redirects";
import { flowState, identities, users, type FlowStateRow } from "../schema";
import { startSession, type ClientInfo } from "../sessions";
import { confirmEmail, findUserByEmail, findUserById, isBanned, updateUser, userAppMetadata, type Db } from "../users";
import { oauthError, withFragment, withQuery } from "./verify";

/**
 * GET /authorize: starts a sign-in with Google or GitHub. The flow state's id is the OAuth
 * `state`; it keeps the client's PKCE challenge, its checked `redirect_to` and our own
 * verifier towards the provider.
 */
export async function authorize(request: Request) {
  const query = new URL(request.url).searchParams;
  const name = query.get("provider") ?? "";
  // Supabase's other providers exist there, but are never enabled here.
  const known = EXTERNAL_PROVIDERS.includes(name) && name !== "anonymous_users" && name !== "phone";
  if (!isOAuthProviderName(name) && !known) {
    throw validationFailed(`Unsupported provider: Provider ${name} could not be found`);
  }
  const provider = isOAuthProviderName(name) ? oauthProvider(name) : undefined;
  if (!provider) throw new AuthError(400, "provider_disabled", "Unsupported provider: provider is not enabled");
  const pkce = readPkceParams({
    code_challenge: query.get("code_challenge"),
    code_challenge_method: query.get("code_challenge_method"),
  });
  const verifier = provider.newCodeVerifier();
  const [flow] = await db()
    .insert(flowState)
    .values({
      authCode: randomUUID(),
      codeChallenge: pkce?.codeChallenge ?? null,
      codeChallengeMethod: pkce?.codeChallengeMethod ?? null,
      providerType: name,
      authenticationMethod: "oauth",
      referrer: requestedRedirect(request) ?? authSettings().appUrl,
      providerCodeVerifier: verifier,
    })
    .returning({ id: flowState.id });
  if (!flow) throw new Error("flow state insert returned no row");
  const url = provider.authorizationUrl(flow.id, verifier).toString();
  if (query.get("skip_http_redirect") === "true") return json({ url });
  return found(url);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const badState = (message: string) => new AuthError(400, "bad_oauth_state", message);

/**
 * GET /callback: the provider sends the browser back with `code` and `state`. Signs the
 * provider's account in (its identity, or the user with the same verified address, or a new
 * user) and sends the browser to `redirect_to`: with `?code=` for PKCE clients, with the
 * session in the fragment otherwise. Failures redirect too, with `error` parameters.
 */
export async function callback(request: Request, client: ClientInfo) {
  const query = new URL(request.url).searchParams;
  let target = authSettings().appUrl;
  try {
    await limitByIp("verify", client.ip);
    const flow = await loadFlow(db(), query.get("state") ?? "");
    target = flow.referrer ?? target;
    assertUsable(flow);
    const providerError = query.get("error");
    if (providerError) {
      const description = query.get("error_description") ?? providerError;
      throw new AuthError(providerError === "access_denied" ? 403 : 400, providerError, description);
    }
    const code = query.get("code");
    if (!code) throw validationFailed("OAuth callback with missing authorization code missing");
    const provider = isOAuthProviderName(flow.providerType) ? oauthProvider(flow.providerType) : undefined;
    if (!provider) throw new AuthError(400, "provider_disabled", "Unsupported provider: provider is not enabled");
    const profile = await provider.profile(code, flow.providerCodeVerifier);
    const outcome = await db().transaction(async (tx) => {
      // Again, locked: two callbacks with the same state race here.
      const locked = assertUsable(await loadFlow(tx, flow.id, true));
      const user = await signInWithIdentity(tx, provider.name, profile);
      if (isBanned(user)) throw new AuthError(403, "user_banned", "User is banned");
      if (locked.codeChallenge) {
        const now = new Date();
        await tx
          .update(flowState)
          .set({ userId: user.id, authCodeIssuedAt: now, providerCodeVerifier: null, updatedAt: now })
          .where(eq(flowState.id, locked.id));
        return { code: locked.authCode, session: undefined };
      }
      await tx.delete(flowState).where(eq(flowState.id, locked.id));
      return { code: undefined, session: await startSession(tx, user, "oauth", client) };
    });
    const { code: authCode, session } = outcome;
    if (authCode !== undefined) return found(withQuery(target, { code: authCode }));
    return found(
      withFragment(target, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: "bearer",
      }),
    );
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    const error_ = error.code === "access_denied" || error.status === 403 ? "access_denied" : oauthError(error.status);
    const params = { error: error_, error_code: error.code, error_description: error.message };
    return redirectTo(withFragment(withQuery(target, params), params));
  }
}

/** An OAuth flow state by its id (the `state` parameter). */
async function loadFlow(tx: Db, id: string, lock = false): Promise<FlowStateRow> {
  if (!UUID.test(id)) throw badState("OAuth state parameter missing or invalid");
  const select = tx
    .select()
    .from(flowState)
    .where(and(eq(flowState.id, id), eq(flowState.authenticationMethod, "oauth")));
  const [flow] = lock ? await select.for("update") : await select;
  if (!flow) throw badState("OAuth state is invalid or has already been used");
  return flow;
}

/** Unexpired and not yet used. */
function assertUsable(flow: FlowStateRow) {
  if (flow.userId || flow.authCodeIssuedAt) {
    throw new AuthError(400, "flow_state_already_used", "State has already been used");
  }
  if (Date.now() - flow.createdAt.getTime() > FLOW_STATE_SECONDS * 1000) {
    throw new AuthError(422, "flow_state_expired", "OAuth state has expired");
  }
  return flow;
}

/**
 * The user behind a provider account: the one its identity belongs to; else the user with
 * the same address, if the provider verified it (the identity is linked); else a new,
 * confirmed user. An unverified address never links or creates anything.
 */
async function signInWithIdentity(tx: Db, provider: OAuthProviderName, profile: ProviderProfile) {
  const now = new Date();
  const [identity] = await tx
    .select()
    .from(identities)
    .where(and(eq(identities.provider, provider), eq(identities.providerId, profile.id)));
  if (identity) {
    await tx
      .update(identities)
      .set({ identityData: profile.data, email: profile.email ?? identity.email, lastSignInAt: now, updatedAt: now })
      .where(eq(identities.id, identity.id));
    const user = await findUserById(tx, identity.userId);
    if (!user) throw new AuthError(404, "user_not_found", "User not found");
    return updateUser(tx, user.id, { rawUserMetaData: { ...user.rawUserMetaData, ...profile.data } });
  }
  if (!profile.email || !profile.emailVerified) {
    throw new AuthError(
      422,
      "provider_email_needs_verification",
      `Unverified email with ${provider}. Verify the email with ${provider} in order to sign in`,
    );
  }
  const existing = await findUserByEmail(tx, profile.email);
  let user;
  if (existing) {
    // An unconfirmed sign-up was never proven to be this address's owner: the provider has
    // now proven it, so whoever chose that password must not get into the account.
    const confirmed = existing.emailConfirmedAt
      ? existing
      : await updateUser(tx, (await confirmEmail(tx, existing)).id, { encryptedPassword: null });
    const appMetadata = userAppMetadata(confirmed);
    const providers = Array.isArray(appMetadata.providers) ? (appMetadata.providers as unknown[]) : [];
    user = await updateUser(tx, confirmed.id, {
      rawAppMetaData: {
        ...confirmed.rawAppMetaData,
        provider: appMetadata.provider ?? provider,
        providers: [...new Set([...providers, provider])],
      },
      rawUserMetaData: { ...profile.data, ...confirmed.rawUserMetaData },
    });
  } else {
    const [created] = await tx
      .insert(users)
      .values({
        email: profile.email,
        emailConfirmedAt: now,
        rawAppMetaData: { provider, providers: [provider] },
        rawUserMetaData: profile.data,
      })
      .returning();
    if (!created) throw new Error("user insert returned no row");
    user = created;
  }
  await tx.insert(identities).values({
    provider,
    providerId: profile.id,
    userId: user.id,
    identityData: profile.data,
    email: profile.email,
    lastSignInAt: now,
  });
  return user;
}

function found(location: string) {
  return new Response(null, { status: 302, headers: { Location: location, "Cache-Control": "no-store" } });
}
