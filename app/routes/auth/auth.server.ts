import type { User } from "@supabase/supabase-js";
import { redirectDocument, type RouterContextProvider } from "react-router";

import { handleAuthRequest } from "~/.server/auth-service";
import { supabaseFor } from "~/.server/auth/session";
import { env } from "~/.server/env";
import { logger } from "~/.server/logger";
import { userSettingsOf } from "~/.server/profiles/settings";
import { syncProfile } from "~/.server/profiles/sync-profile";
import { themeCookie } from "~/.server/theme/theme-cookie";
import { clientIpContext } from "~/.server/request-context";
import { redirectWithToast } from "~/.server/toast";
import type { Toast } from "~/utils/toast";
import { OAUTH_PROVIDERS, PROVIDER_TOAST_NAMES, type OAuthProvider } from "~/validation/auth";

/**
 * What the auth screens' loaders and actions share: the app's public origin for the
 * links the service mails, finishing a sign-in (profile sync, then the redirect with the
 * success toast) and the OAuth buttons' action.
 */
type Context = Readonly<RouterContextProvider>;

export const FALLBACK_ERROR = "An unexpected error occurred. Please try again.";

export const SIGNED_IN_TOAST: Toast = {
  title: "Signed in successfully!",
  description: "Welcome back to the product.",
  variant: "success",
};

const PROFILE_SYNC_TOAST: Toast = {
  title: "Profile Sync Error",
  description: "Could not sync your profile data. Some features might be limited.",
  variant: "error",
};

/** The configured APP_URL: links in mails must point at the public address, never at the request's Host. */
export function appOrigin() {
  return env().appUrl;
}

export function callbackUrl(next?: string) {
  const url = `${appOrigin()}/auth/callback`;
  return next ? `${url}?next=${encodeURIComponent(next)}` : url;
}

/**
 * Syncs the profile, then redirects with `toast`. A failed sync does not undo the sign-in:
 * it is logged and the next page says so instead (spec section 8).
 */
export async function finishSignIn(
  { request, context }: { request: Request; context: Context },
  user: User,
  to: string,
  toast: Toast = SIGNED_IN_TOAST,
) {
  let shown = toast;
  try {
    await syncProfile(user, context.get(clientIpContext), { joining: invitationTokenIn(to) });
  } catch (error) {
    logger.error({ err: error, userId: user.id }, "profile sync failed after sign-in");
    shown = PROFILE_SYNC_TOAST;
  }
  // The theme saved in the user's settings follows them to this browser.
  const { theme } = await userSettingsOf(user.id).catch(() => ({ theme: null }));
  const secure = new URL(request.url).protocol === "https:";
  const headers = theme ? { "Set-Cookie": themeCookie(theme, secure) } : undefined;
  return redirectWithToast(to, shown, request, { headers });
}

/** The token of an invitation page (`/invite/<token>`) the sign-in goes on to, if it does. */
function invitationTokenIn(path: string) {
  const match = /^\/invite\/([^/?#]+)$/.exec(path);
  return match?.[1] ?? null;
}

export function isOAuthProvider(value: unknown): value is OAuthProvider {
  return typeof value === "string" && (OAUTH_PROVIDERS as readonly string[]).includes(value);
}

/**
 * "Continue with Google/GitHub": the service's authorize URL, opened as a full page load
 * (it leaves the app's routes). Failures come back to `back` with the spec's toast.
 */
export async function startOAuth(
  { request, context }: { request: Request; context: Context },
  provider: unknown,
  verb: "Sign in" | "Sign up",
  back: string,
) {
  if (!isOAuthProvider(provider)) {
    return redirectWithToast(back, { title: `${verb} failed`, description: FALLBACK_ERROR, variant: "error" }, request);
  }
  const enabled = await builtInProviderEnabled(provider, context);
  const { data, error } = enabled
    ? await supabaseFor(context).auth.signInWithOAuth({ provider, options: { redirectTo: callbackUrl() } })
    : { data: { url: null }, error: null };
  if (error || !data.url) {
    return redirectWithToast(
      back,
      {
        title: `${verb} with ${PROVIDER_TOAST_NAMES[provider]} failed`,
        description: error?.message || (enabled ? FALLBACK_ERROR : notSetUp(provider)),
        variant: "error",
      },
      request,
    );
  }
  return redirectDocument(data.url);
}

/** What a fresh install (no client id for the provider) says under the spec's failure title. */
export function notSetUp(provider: OAuthProvider) {
  return `${PROVIDER_NAMES[provider]} sign-in is not set up on this server. Use your e-mail address instead.`;
}

const PROVIDER_NAMES: Record<OAuthProvider, string> = { google: "Google", github: "GitHub" };

/**
 * signInWithOAuth only builds a URL. A hosted Supabase project answers a disabled provider
 * by redirecting to /auth/callback with an error; the built-in service has no provider
 * sign-in yet, so ask its settings first rather than send the visitor to a dead end.
 */
async function builtInProviderEnabled(provider: OAuthProvider, context: Context) {
  if (env().supabase) return true;
  const response = await handleAuthRequest(
    new Request(`${appOrigin()}/auth/v1/settings`),
    context.get(clientIpContext),
  );
  if (!response.ok) return false;
  const settings = (await response.json()) as { external?: Record<string, boolean> };
  return settings.external?.[provider] === true;
}

/**
 * The page's own path and query, to come back to after a failure: from the route's `url`
 * (React Router's, without the `.data` of a script's submission), never `request.url`, which
 * with `v8_passThroughRequests` is `/auth/signin.data`: a redirect there is a 404, which sent
 * the visitor on to the landing page.
 */
export function samePage(url: URL) {
  return url.pathname + url.search;
}
