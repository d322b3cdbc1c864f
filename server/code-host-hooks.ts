import type { Request as ExpressRequest, RequestHandler } from "express";

import { handleCodeHostDelivery } from "~/.server/code-hosts/inbound";

/**
 * Code hosts' deliveries (`/hooks/code/<connection>`), answered by
 * app/.server/code-hosts/inbound.ts straight from Express: JSON in, JSON out, no page and no
 * session, so neither React Router nor its form checks have anything to do with them.
 *
 * The body is read whole here (at most `BODY_LIMITS.codeHost`: `limitRequestBodies`, mounted
 * just before, counts it as it streams). A body that passes the cap half-way is refused by that
 * counter, which stops the stream: then nothing of it is handed on, and nothing is answered
 * twice. Mounted without a path, so the request log keeps the whole path.
 */
const HOOKS = /^\/hooks\/code(\/|$)/;

export function codeHostHooks(): RequestHandler {
  return async (req, res, next) => {
    if (!HOOKS.test(req.path)) return next();
    try {
      const hasBody = req.method !== "GET" && req.method !== "HEAD";
      const body = hasBody ? await wholeBody(req) : null;
      // Refused meanwhile (the body passed its cap): already answered.
      if (res.headersSent || (hasBody && body === null)) return;
      const headers = new Headers();
      for (const [name, value] of Object.entries(req.headers)) {
        if (Array.isArray(value)) value.forEach((one) => headers.append(name, one));
        else if (value !== undefined) headers.set(name, value);
      }
      const request = new Request(`${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`, {
        method: req.method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      });
      const response = await handleCodeHostDelivery(request);
      if (res.headersSent) return;
      res.status(response.status);
      response.headers.forEach((value, name) => res.setHeader(name, value));
      res.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      next(error);
    }
  };
}

/** The body once it has all arrived; null when the request stopped before its end (refused, or the client went away). */
function wholeBody(req: ExpressRequest) {
  return new Promise<Buffer | null>((resolve) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.once("end", () => resolve(Buffer.concat(chunks)));
    req.once("close", () => resolve(null));
    req.once("error", () => resolve(null));
    // limitRequestBodies paused it until a handler reads: this one does.
    req.resume();
  });
}
