import { createServerClient, parseCookieHeader, serializeCookieHeader } from "@supabase/ssr";
import {
  AuthApiError,
  AuthSessionMissingError,
  type SupabaseClient,
  type User,
  type UserResponse,
} from "@supabase/supabase-js";
import ws from "ws";

import { AuthError, handleAuthRequest, userForAccessToken } from "../auth-service";
import { env } from "../env";

/**
 * The app signs people in exactly as it would against a hosted Supabase project: a
 * @supabase/ssr server client per request, its session in cookies. With SUPABASE_URL set
 * that is a real project; unset, the same client reaches the built-in service in-process
 * (a fetch handed to the client), without a network hop.
 */
const BUILT_IN_ANON_KEY = "plotline-built-in-anon-key";

export type AuthClient = { supabase: SupabaseClient; cookies: string[] };

export function createAuthClient(request: Request, clientIp: string | null): AuthClient {
  const config = env();
  const cookies: string[] = [];
  const secure = new URL(config.appUrl).protocol === "https:";
  const supabase = createServerClient(
    config.supabase?.url ?? config.appUrl,
    config.supabase?.anonKey ?? BUILT_IN_ANON_KEY,
    {
      global: config.supabase ? undefined : { fetch: inProcessFetch(clientIp, request.headers.get("User-Agent")) },
      // supabase-js needs a WebSocket on Node 20 even for auth only (stack notes, pitfall 17).
      realtime: { transport: ws as unknown as typeof WebSocket },
      // No browser code reads the session: the cookies are HttpOnly. Written as the session's
      // JSON, URL-encoded, not base64url: 8 % shorter, and read by the native decoder instead of
      // @supabase/ssr's JavaScript one, which cost a signed-in page 0.2 ms. Cookies written
      // base64url (their "base64-" prefix says so) are still read.
      cookieEncoding: "raw",
      cookieOptions: { httpOnly: true, sameSite: "lax", secure, path: "/" },
      cookies: {
        getAll: () =>
          parseCookieHeader(request.headers.get("Cookie") ?? "").map(({ name, value }) => ({
            name,
            value: value ?? "",
          })),
        setAll: (toSet) => {
          for (const { name, value, options } of toSet) {
            cookies.push(serializeCookieHeader(name, value, { ...options, httpOnly: true, secure }));
          }
        },
      },
    },
  );
  return { supabase, cookies };
}

/** Hands the client's requests straight to the built-in service, keeping the visitor's IP for its rate limits. */
function inProcessFetch(clientIp: string | null, userAgent: string | null): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    if (userAgent && !request.headers.has("User-Agent")) request.headers.set("User-Agent", userAgent);
    return handleAuthRequest(request, clientIp);
  };
}

/**
 * The signed-in user, checked by the auth service on every request (`getUser`), so a
 * signed-out or revoked session stops at once. The built-in service is asked in-process: the
 * session from the cookies as `getUser` reads it (an expired access token refreshed on the
 * way), then its token checked by the service directly, without an HTTP request and
 * response to build and parse for it (about half of the check's cost).
 */
export async function currentUser(supabase: SupabaseClient): Promise<UserResponse> {
  if (env().supabase) return supabase.auth.getUser();
  const { data, error } = await supabase.auth.getSession();
  if (error) return { data: { user: null }, error };
  if (!data.session) return { data: { user: null }, error: new AuthSessionMissingError() };
  try {
    return { data: { user: (await userForAccessToken(data.session.access_token)) as User }, error: null };
  } catch (failure) {
    if (!(failure instanceof AuthError)) throw failure;
    return { data: { user: null }, error: new AuthApiError(failure.message, failure.status, failure.code) };
  }
}
