import { authSettings } from "./config";
import type { JsonBody } from "./http";

/**
 * `redirect_to` must point back at this app: anything else would turn mailed links into an
 * open redirect carrying fresh tokens. Like Supabase, an invalid target is not an error;
 * it silently falls back to the app.
 */
const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]", "0.0.0.0"]);

export function isAllowedRedirect(target: string) {
  if (!URL.canParse(target)) return false;
  const url = new URL(target);
  const settings = authSettings();
  if (settings.redirectAllowList.some((allowed) => matchesPrefix(url, new URL(allowed)))) return true;
  const app = new URL(settings.appUrl);
  if (url.protocol !== app.protocol || url.hostname !== app.hostname) return false;
  if (url.username || url.password) return false;
  // As Supabase does, ports only matter away from loopback (dev servers move around).
  return url.port === app.port || LOOPBACK.has(url.hostname);
}

/** The client's redirect: the query string first, then the body (`redirect_to` or `options.redirectTo`). */
export function requestedRedirect(request: Request, body: JsonBody = {}) {
  const fromQuery = new URL(request.url).searchParams.get("redirect_to");
  const options = typeof body.options === "object" && body.options !== null ? (body.options as JsonBody) : {};
  const candidates = [fromQuery, body.redirect_to, options.redirectTo, options.emailRedirectTo];
  const raw = candidates.find((value): value is string => typeof value === "string" && value !== "");
  return raw && isAllowedRedirect(raw) ? raw : undefined;
}

/** Same origin, no credentials, and the path at or below the allowed one. */
function matchesPrefix(url: URL, allowed: URL) {
  if (url.origin !== allowed.origin || url.username || url.password) return false;
  const base = allowed.pathname.endsWith("/") ? allowed.pathname : `${allowed.pathname}/`;
  return url.pathname === allowed.pathname || url.pathname.startsWith(base);
}
