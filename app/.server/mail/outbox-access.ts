import { timingSafeEqual } from "node:crypto";

import { parse as parseCookies } from "cookie";

/**
 * Who may read the local outbox (/dev/mail), which holds every sign-in link sent while no
 * SMTP_URL is set. By default only a browser on this machine talking to the server
 * directly (`isDirectLocalRequest`): a fresh `npm start` works on localhost, while a
 * request through a reverse proxy on the same host does not count as local. With
 * DEV_MAIL_TOKEN set, whoever presents the token (`?token=`, then a cookie) and nobody
 * else; with MAIL_OUTBOX_PUBLIC=true, everyone.
 */
export const OUTBOX_COOKIE = "plotline-dev-mail";

export type OutboxAccessSettings = { public: boolean; token?: string };

export function mayReadOutbox(
  settings: OutboxAccessSettings,
  request: { directLocal: boolean; presentedToken?: string | null },
) {
  if (settings.public) return true;
  if (settings.token) return sameToken(request.presentedToken ?? "", settings.token);
  return request.directLocal;
}

/** The token from `?token=` or, after a first visit with it, the cookie. */
export function presentedToken(request: Request) {
  const fromQuery = new URL(request.url).searchParams.get("token");
  if (fromQuery) return { token: fromQuery, fromQuery: true };
  const fromCookie = parseCookies(request.headers.get("Cookie") ?? "")[OUTBOX_COOKIE];
  return { token: fromCookie ?? null, fromQuery: false };
}

function sameToken(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
