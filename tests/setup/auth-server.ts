import http from "node:http";
import type { AddressInfo } from "node:net";

import { createClient } from "@supabase/supabase-js";
import ws from "ws";

/**
 * The auth service on a real HTTP server (node:http, converted to and from fetch's
 * Request/Response), so tests drive it with the unmodified supabase-js client. The service
 * is imported on the first request: the app's logger reads env() when it loads, and the
 * test must set APP_URL (this server's origin) and SMTP_URL before that.
 */
export async function startAuthServer() {
  const paths: string[] = [];
  const server = http.createServer((req, res) => {
    void respond(req, res, paths);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    /** Every path requested so far, e.g. to prove a call needed no round trip. */
    paths,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function respond(req: http.IncomingMessage, res: http.ServerResponse, paths: string[]) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else value?.forEach((item) => headers.append(name, item));
  }
  const method = req.method ?? "GET";
  const request = new Request(`http://${req.headers.host}${req.url}`, {
    method,
    headers,
    body: method === "GET" || method === "HEAD" ? undefined : Buffer.concat(chunks),
  });
  paths.push(new URL(request.url).pathname);
  const { handleAuthRequest } = await import("~/.server/auth-service");
  const response = await handleAuthRequest(request, req.socket.remoteAddress ?? null);
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

/** An unmodified supabase-js client; Node 20 needs the `ws` transport (stack notes, pitfall 17). */
export function supabaseClient(url: string, flowType: "pkce" | "implicit" = "implicit") {
  return createClient(url, "anon-key", {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false, flowType },
    realtime: { transport: ws as unknown as typeof WebSocket },
  });
}

type Mail = { to: string[]; subject: string; text: string };

/**
 * Runs the mail jobs that are due, as the server's worker would right after the commit, so
 * a mailbox read sees every mail the requests so far have caused. Imported late: the logger
 * reads the configuration (SMTP_URL) when it loads.
 */
async function sendPendingMail() {
  const { runDueJobs } = await import("~/.server/jobs/worker");
  await runDueJobs();
}

/** The newest mail to `to` (optionally with a subject), waiting briefly for it to land. */
export async function latestMail(mailboxApi: string, to: string, subject?: string): Promise<Mail> {
  await sendPendingMail();
  for (let attempt = 0; attempt < 40; attempt++) {
    const response = await fetch(`${mailboxApi}/messages?to=${encodeURIComponent(to)}`);
    const mails = ((await response.json()) as Mail[]).filter((mail) => !subject || mail.subject === subject);
    const mail = mails.at(-1);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no mail to ${to}${subject ? ` with subject "${subject}"` : ""}`);
}

export async function mailCount(mailboxApi: string, to: string) {
  await sendPendingMail();
  const response = await fetch(`${mailboxApi}/messages?to=${encodeURIComponent(to)}`);
  return ((await response.json()) as Mail[]).length;
}

/** The /auth/v1/verify link in a mail. */
export function verifyLinkIn(mail: Mail) {
  const match = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.text);
  if (!match) throw new Error(`no verify link in: ${mail.text}`);
  return new URL(match[0]);
}

/** Opens a mailed link like a browser would, but stops at the redirect and reads it. */
export async function openLink(link: URL) {
  const response = await fetch(link, { redirect: "manual" });
  const location = new URL(response.headers.get("Location") ?? "");
  return {
    status: response.status,
    location,
    query: location.searchParams,
    fragment: new URLSearchParams(location.hash.slice(1)),
  };
}

export function jwtPayload(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}

export function jwtHeader(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split(".")[0] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
}
