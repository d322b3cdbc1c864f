import type { Request, Response } from "express";

import { problemBody } from "~/.server/api/http";
import { API_VERSION, API_VERSION_HEADER } from "~/.server/auth-service/errors";

/**
 * Answers a request the server will not process (too large, too many) before anything
 * has read its body, and then stops reading it: the connection is closed once the client
 * has had a moment to read the answer, so whatever it is still sending is thrown away,
 * never kept. The auth service's clients get its JSON error shape, the REST API's a
 * problem+json; everyone else a small page in the words of the app's error page.
 */
export type Refusal = {
  status: 413 | 429;
  /** The page title, as the error page words them ("Request Too Large"). */
  title: string;
  message: string;
  /** The auth service's error code (`request_entity_too_large`, `over_request_rate_limit`). */
  authCode: string;
  /** The auth service's message, as Supabase Auth words it. */
  authMessage: string;
  retryAfterSeconds?: number;
};

/** How long a refused upload may keep sending (discarded) so the client sees the answer. */
const LINGER_MS = 2_000;

export function refuse(req: Request, res: Response, refusal: Refusal) {
  stopReading(req, res);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.status(refusal.status);
  if (refusal.retryAfterSeconds !== undefined) res.setHeader("Retry-After", String(refusal.retryAfterSeconds));
  res.setHeader("Cache-Control", "no-store");
  if (req.path.startsWith("/auth/v1/") || req.path === "/auth/v1") {
    const modern = (req.get(API_VERSION_HEADER) ?? "") >= API_VERSION;
    res.setHeader(API_VERSION_HEADER, API_VERSION);
    res.setHeader("x-sb-error-code", refusal.authCode);
    res.json(
      modern
        ? { code: refusal.authCode, message: refusal.authMessage }
        : { code: refusal.status, error_code: refusal.authCode, msg: refusal.authMessage },
    );
    return;
  }
  if (req.path.startsWith("/api/v1/")) {
    res
      .type("application/problem+json")
      .send(JSON.stringify(problemBody(refusal.status, refusal.title, refusal.message)));
    return;
  }
  if (!req.accepts("html")) {
    res.type("text/plain").send(`${refusal.title}: ${refusal.message}`);
    return;
  }
  res.type("html").send(errorPage(refusal, String(res.locals.cspNonce ?? "")));
}

/**
 * The body is not wanted: nobody gets its bytes any more and the request stops being read.
 * The client keeps LINGER_MS to read the answer (closing at once can make it lose the
 * answer, RFC 9112 §9.6), then the socket is destroyed. A client that had already sent
 * everything keeps its connection.
 */
function stopReading(req: Request, res: Response) {
  req.removeAllListeners("data");
  if (req.complete) return;
  req.pause();
  // A client that asked for `Connection: close` would otherwise have its socket destroyed
  // as soon as the answer is written, and the reset can reach it before it has read the
  // answer. Node then neither announces nor acts on closing; the timer below closes.
  res.shouldKeepAlive = true;
  res.removeHeader("Connection");
  const socket = req.socket;
  const timer = setTimeout(() => socket.destroy(), LINGER_MS);
  timer.unref();
  req.once("end", () => clearTimeout(timer));
  socket.once("close", () => clearTimeout(timer));
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** A self-contained page (no scripts, one nonce'd style) shaped like the app's error page. */
export function errorPage(refusal: Pick<Refusal, "status" | "title" | "message">, nonce: string) {
  const title = escape(refusal.title);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title} · Plotline</title>
<style${nonce ? ` nonce="${escape(nonce)}"` : ""}>
:root { color-scheme: light dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; padding: 4rem 1rem; box-sizing: border-box; text-align: center; }
main { max-width: 36rem; }
.status { color: #4f46e5; font-weight: 700; letter-spacing: 0.08em; font-size: 1rem; margin: 0; }
h1 { font-size: 2.5rem; margin: 0.25rem 0 1rem; }
p.message { opacity: 0.75; margin: 0 0 2rem; line-height: 1.5; }
a { display: inline-block; background: #4f46e5; color: #fff; padding: 0.75rem 1.5rem; border-radius: 8px; text-decoration: none; font-weight: 600; }
</style>
</head>
<body>
<main>
<p class="status">${refusal.status}</p>
<h1>${title}</h1>
<p class="message">${escape(refusal.message)}</p>
<a href="/">Back to home</a>
</main>
</body>
</html>
`;
}
