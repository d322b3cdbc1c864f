import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/**
 * Paths written to by other servers that prove who they are by a signature over the body, not
 * by a cookie (code hosts' deliveries, app/.server/code-hosts/inbound.ts): a forged
 * cross-site post has no signature, and no session to ride.
 */
const SIGNED_WRITES = /^\/hooks\/code\//;

/**
 * CSRF defence for every form and fetch: a browser always sends `Origin` (and
 * `Sec-Fetch-Site`) with a cross-site POST, so a write whose origin is neither ours nor the
 * request's own host is refused. Clients without those headers (curl, server to server)
 * are not browsers riding a user's cookies, and pass.
 */
export function rejectCrossSiteWrites(appUrl: () => string): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method) || SIGNED_WRITES.test(req.path)) return next();
    const origin = req.headers.origin;
    const site = req.headers["sec-fetch-site"];
    const ownOrigins = [appUrl(), `${req.protocol}://${req.headers.host}`];
    const crossSite =
      site === "cross-site" || (origin !== undefined && origin !== "null" && !ownOrigins.includes(origin));
    if (origin === "null" || crossSite) {
      res.status(403).type("text/plain").send("Cross-site form submissions are not allowed.");
      return;
    }
    next();
  };
}
