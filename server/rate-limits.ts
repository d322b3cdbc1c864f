import { isIPv6 } from "node:net";

import type { Request, RequestHandler } from "express";

import { consume, type Limit } from "~/.server/security/rate-limit";
import { refuse } from "./refuse";

/**
 * Rate limits by tier, per client address, for every request that reaches the app (static
 * files are not counted): every request counts against `requests`; writes (any method but
 * GET, HEAD and OPTIONS) also against `writes`; expensive ones (uploads, creating a project
 * or a workspace, a search) also against `expensive`. The auth service, the public forms
 * and invitations keep their own, finer limits on top.
 */
export type RateLimitTiers = { requests: Limit; writes: Limit; expensive: Limit };
export type Tier = keyof RateLimitTiers;

const READS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Creating these costs rows, activity and events: POSTs to these paths are expensive. */
const EXPENSIVE_WRITES = new Set(["/app/projects/new", "/app/workspaces/new"]);
const SEARCH = "/app/search";

/** The tiers a request counts against, cheapest first. */
export function tiersOf(req: Pick<Request, "method" | "path" | "query"> & { get(name: string): string | undefined }) {
  const tiers: Tier[] = ["requests"];
  // React Router's data requests (client navigations, fetchers) ask for `<path>.data`.
  const path = req.path.replace(/\.data$/, "").replace(/\/+$/, "") || "/";
  const write = !READS.has(req.method);
  if (write) tiers.push("writes");
  const upload = write && (req.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
  const creation = write && EXPENSIVE_WRITES.has(path);
  const search =
    req.method === "GET" && path === SEARCH && typeof req.query.q === "string" && req.query.q.trim() !== "";
  if (upload || creation || search) tiers.push("expensive");
  return tiers;
}

/** The address a limit is counted for; an IPv6 client is its /64, as one host usually has a whole /64. */
export function clientKey(ip: string | undefined) {
  if (!ip) return "unknown";
  const address = ip.startsWith("::ffff:") ? ip.slice(7) : ip;
  if (!isIPv6(address)) return address;
  const [head = "", tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group || "0", 16).toString(16))
    .join(":")}::/64`;
}

const MESSAGES: Record<Tier, string> = {
  requests: "You are sending requests faster than we can answer them.",
  writes: "You are saving changes faster than we can take them.",
  expensive: "You have uploaded, searched or created a lot in a short time.",
};

export function rateLimitRequests(tiers: () => RateLimitTiers): RequestHandler {
  return async (req, res, next) => {
    const key = clientKey(req.ip);
    const limits = tiers();
    for (const tier of tiersOf(req)) {
      // The tier every request counts against stays in this process (no query per page view);
      // writes and expensive requests are counted where all processes share them.
      const outcome = await consume(`tier-${tier}`, limits[tier], key, tier === "requests" ? "process" : "shared");
      if (!outcome.allowed) {
        req.log?.warn({ tier }, "rate limit reached: refused");
        const wait = outcome.retryAfterSeconds;
        refuse(req, res, {
          status: 429,
          title: "Too Many Requests",
          message: `${MESSAGES[tier]} Please wait ${wait} second${wait === 1 ? "" : "s"} and try again.`,
          authCode: "over_request_rate_limit",
          authMessage: "Request rate limit reached",
          retryAfterSeconds: wait,
        });
        return;
      }
    }
    next();
  };
}
