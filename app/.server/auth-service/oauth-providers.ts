import { CodeChallengeMethod, generateCodeVerifier, OAuth2Client } from "arctic";

import { env } from "../env";
import { logger } from "../logger";
import { authSettings } from "./config";
import { AuthError } from "./errors";
import type { JsonObject } from "./schema";

/**
 * The external sign-in providers, Google (OpenID Connect) and GitHub, through arctic's
 * generic OAuth 2.0 client with explicit endpoints: `GOOGLE_BASE_URL` / `GITHUB_BASE_URL`
 * point them elsewhere (a test provider, GitHub Enterprise Server).
 */
export const OAUTH_PROVIDERS = ["google", "github"] as const;
export type OAuthProviderName = (typeof OAUTH_PROVIDERS)[number];

/** The provider's account: its id for the user, its address (if any) and the identity data to keep. */
export type ProviderProfile = { id: string; email: string | undefined; emailVerified: boolean; data: JsonObject };

export type OAuthProvider = {
  name: OAuthProviderName;
  /** A verifier to keep with the flow state when we use PKCE towards the provider; null otherwise. */
  newCodeVerifier(): string | null;
  authorizationUrl(state: string, codeVerifier: string | null): URL;
  profile(code: string, codeVerifier: string | null): Promise<ProviderProfile>;
};

const REQUEST_TIMEOUT_MS = 10_000;

export function isOAuthProviderName(name: string): name is OAuthProviderName {
  return (OAUTH_PROVIDERS as readonly string[]).includes(name);
}

/** Which providers have credentials configured (for /settings). */
export function enabledOAuthProviders(): Record<OAuthProviderName, boolean> {
  const { oauth } = env();
  return { google: Boolean(oauth.google), github: Boolean(oauth.github) };
}

/** The configured provider, or undefined when its client id and secret are not set. */
export function oauthProvider(name: OAuthProviderName): OAuthProvider | undefined {
  const { oauth } = env();
  const redirectUri = `${authSettings().issuer}/callback`;
  if (name === "google" && oauth.google) {
    return google(new OAuth2Client(oauth.google.clientId, oauth.google.clientSecret, redirectUri), oauth.googleBaseUrl);
  }
  if (name === "github" && oauth.github) {
    return github(new OAuth2Client(oauth.github.clientId, oauth.github.clientSecret, redirectUri), oauth.githubBaseUrl);
  }
  return undefined;
}

const trimSlash = (url: string) => url.replace(/\/+$/, "");

function google(client: OAuth2Client, baseUrl: string | undefined): OAuthProvider {
  const base = baseUrl && trimSlash(baseUrl);
  const endpoints = base
    ? { authorize: `${base}/authorize`, token: `${base}/token`, userinfo: `${base}/userinfo`, issuer: base }
    : {
        authorize: "https://accounts.google.com/o/oauth2/v2/auth",
        token: "https://oauth2.googleapis.com/token",
        userinfo: "https://openidconnect.googleapis.com/v1/userinfo",
        issuer: "https://accounts.google.com",
      };
  return {
    name: "google",
    newCodeVerifier: () => generateCodeVerifier(),
    authorizationUrl: (state, verifier) =>
      client.createAuthorizationURLWithPKCE(endpoints.authorize, state, CodeChallengeMethod.S256, verifier ?? "", [
        "openid",
        "email",
        "profile",
      ]),
    async profile(code, verifier) {
      const accessToken = await exchange("google", () =>
        client.validateAuthorizationCode(endpoints.token, code, verifier),
      );
      const info = await getJson("google", endpoints.userinfo, accessToken);
      const sub = stringClaim(info.sub);
      if (!sub) throw profileError("google");
      const email = stringClaim(info.email)?.toLowerCase();
      const emailVerified = Boolean(email) && (info.email_verified === true || info.email_verified === "true");
      const name = stringClaim(info.name);
      const picture = stringClaim(info.picture);
      return {
        id: sub,
        email,
        emailVerified,
        data: {
          iss: endpoints.issuer,
          sub,
          provider_id: sub,
          email,
          email_verified: emailVerified,
          phone_verified: false,
          name,
          full_name: name,
          picture,
          avatar_url: picture,
        },
      };
    },
  };
}

function github(client: OAuth2Client, baseUrl: string | undefined): OAuthProvider {
  const base = trimSlash(baseUrl ?? "https://github.com");
  // GitHub Enterprise Server serves its API under /api/v3 of its own host.
  const api = baseUrl ? `${base}/api/v3` : "https://api.github.com";
  return {
    name: "github",
    newCodeVerifier: () => null,
    authorizationUrl: (state) =>
      client.createAuthorizationURL(`${base}/login/oauth/authorize`, state, ["read:user", "user:email"]),
    async profile(code) {
      const accessToken = await exchange("github", () =>
        client.validateAuthorizationCode(`${base}/login/oauth/access_token`, code, null),
      );
      const user = await getJson("github", `${api}/user`, accessToken);
      const emails = await getJson("github", `${api}/user/emails`, accessToken);
      const id = typeof user.id === "number" || typeof user.id === "string" ? String(user.id) : undefined;
      if (!id) throw profileError("github");
      const list = Array.isArray(emails) ? (emails as unknown[]) : [];
      const primary = list.find(
        (entry): entry is { email: string } =>
          isObject(entry) && entry.primary === true && entry.verified === true && typeof entry.email === "string",
      );
      const email = primary?.email.toLowerCase();
      const name = stringClaim(user.name);
      const login = stringClaim(user.login);
      const avatar = stringClaim(user.avatar_url);
      return {
        id,
        email,
        emailVerified: Boolean(email),
        data: {
          iss: api,
          sub: id,
          provider_id: id,
          email,
          email_verified: Boolean(email),
          phone_verified: false,
          name: name ?? login,
          full_name: name,
          user_name: login,
          preferred_username: login,
          avatar_url: avatar,
        },
      };
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const stringClaim = (value: unknown) => (typeof value === "string" && value !== "" ? value : undefined);

const profileError = (provider: string) =>
  new AuthError(500, "unexpected_failure", `Error getting user profile from external provider ${provider}`);

async function exchange(provider: string, request: () => Promise<{ accessToken(): string }>) {
  try {
    return (await request()).accessToken();
  } catch (error) {
    logger.warn(
      { provider, error: error instanceof Error ? error.message : String(error) },
      "oauth code exchange failed",
    );
    throw new AuthError(500, "unexpected_failure", "Unable to exchange external code");
  }
}

async function getJson(provider: string, url: string, accessToken: string): Promise<Record<string, unknown>> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", "User-Agent": "plotline" },
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    logger.warn({ provider, error: error instanceof Error ? error.message : String(error) }, "oauth profile failed");
    throw profileError(provider);
  }
  const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
  if (!isObject(body)) {
    logger.warn({ provider, status: response.status }, "oauth profile request failed");
    throw profileError(provider);
  }
  return body;
}
