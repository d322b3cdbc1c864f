import type { SupabaseClient, User } from "@supabase/supabase-js";
import { createContext, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { clientIpContext } from "../request-context";
import { createAuthClient } from "./client";

/**
 * Every request gets a Supabase server client (root middleware); the signed-in user is
 * looked up once, on first use. Cookies the client writes (a refreshed or cleared session)
 * are added to whatever response the request ends with.
 */
type AuthState = { supabase: SupabaseClient; user: () => Promise<User | null> };

export const authContext = createContext<AuthState | null>(null);

export const authMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const { supabase, cookies } = createAuthClient(request, context.get(clientIpContext));
  let lookup: Promise<User | null> | undefined;
  context.set(authContext, {
    supabase,
    // getUser asks the auth service, so a signed-out or revoked session stops at once.
    user: () => (lookup ??= supabase.auth.getUser().then(({ data }) => data.user ?? null)),
  });
  const response = await next();
  for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
  return response;
};

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
