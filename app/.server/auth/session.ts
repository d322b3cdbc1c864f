import { parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import { isAuthRetryableFetchError, type SupabaseClient, type User } from "@supabase/supabase-js";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import type { Toast } from "~/utils/toast";
import { clientIpContext } from "../request-context";
import { toastHeader } from "../toast";
import { createAuthClient, currentUser, type AuthClient } from "./client";

/**
 * Every request can get a Supabase server client (root middleware, made on first use); the
 * signed-in user is looked up once, on first use. Cookies the client writes (a refreshed or
 * cleared session) are added to whatever response the request ends with.
 */
type AuthState = {
  supabase: SupabaseClient;
  user: () => Promise<User | null>;
  /** True once the lookup found session cookies that no longer work (expired refresh, revoked). */
  sessionEnded: boolean;
};

export const SESSION_ENDED_TOAST: Toast = {
  title: "Your session has ended",
  description: "Please sign in again to continue.",
  variant: "info",
};

const SESSION_COOKIE = /(?:^|;\s*)sb-[^=]+-auth-token(?:\.\d+)?=/;

export const authContext = createContext<AuthState | null>(null);

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  // Made on first use: a visitor without session cookies is known to be signed out, and a
  // public page then needs no client (about 0.1 ms each).
  let client: AuthClient | undefined;
  const auth = () => (client ??= createAuthClient(request, context.get(clientIpContext)));
  let lookup: Promise<User | null> | undefined;
  const hadSession = SESSION_COOKIE.test(request.headers.get("Cookie") ?? "");
  const state: AuthState = {
    get supabase() {
      return auth().supabase;
    },
    sessionEnded: false,
    // The auth service checks the session (currentUser), so a signed-out or revoked session
    // stops at once. An expired access token is refreshed on the way (the new cookies go out
    // with the response); a refresh token that no longer works ends the session and clears them.
    user: () =>
      (lookup ??= !hadSession
        ? Promise.resolve(null)
        : currentUser(auth().supabase).then(({ data, error }) => {
            // A service that is briefly unreachable must not sign anyone out.
            if (data.user || isAuthRetryableFetchError(error)) return data.user ?? null;
            state.sessionEnded = true;
            auth().cookies.push(...expireSessionCookies(request));
            return null;
          })),
  };
  context.set(authContext, state);
  const response = await next();
  for (const cookie of client?.cookies ?? []) response.headers.append("Set-Cookie", cookie);
  // A page shows the notice itself (root loader); a redirect carries it to the next page.
  if (state.sessionEnded && response.status >= 300 && response.status < 400) {
    response.headers.append("Set-Cookie", await toastHeader(SESSION_ENDED_TOAST, request));
  }
  return response;
};

/** Set-Cookie headers that delete every Supabase session cookie the request carried (chunks too). */
function expireSessionCookies(request: Request) {
  return parseCookieHeader(request.headers.get("Cookie") ?? "")
    .filter(({ name }) => /^sb-[^=]+-auth-token(\.\d+)?$/.test(name))
    .map(({ name }) => serializeCookieHeader(name, "", { path: "/", maxAge: 0, httpOnly: true, sameSite: "lax" }));
}

function auth(context: Readonly<RouterContextProvider>) {
  const state = context.get(authContext);
  if (!state) throw new Error("authMiddleware did not run for this request");
  return state;
}

export function supabaseFor(context: Readonly<RouterContextProvider>) {
  return auth(context).supabase;
}

export function optionalUser(context: Readonly<RouterContextProvider>) {
  return auth(context).user();
}

/** Whether this request arrived with a session that had stopped working (for a "signed out" notice). */
export function sessionEnded(context: Readonly<RouterContextProvider>) {
  return auth(context).sessionEnded;
}

/** The signed-in user, or a redirect to sign-in that brings them back here afterwards. */
export async function requireUser(request: Request, context: Readonly<RouterContextProvider>) {
  const user = await optionalUser(context);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(`/auth/signin?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return user;
}

/** Sign-in and sign-up are for visitors: a signed-in user goes to the dashboard. */
export async function redirectSignedIn(context: Readonly<RouterContextProvider>) {
  if (await optionalUser(context)) throw redirect("/app/dashboard");
}
