import { createHash, timingSafeEqual } from "node:crypto";

import type { Request, RequestHandler } from "express";
import type { ServerBuild } from "react-router";

import { routes as apiRoutes } from "~/.server/api/router";
import { isDirectLocalRequest } from "~/.server/http/local-request";
import { metrics } from "~/.server/metrics/registry";

/**
 * Prometheus metrics: every request the app answers is counted and timed under its route
 * pattern (`/app/projects/:projectId`, never the URL itself, so the number of series stays
 * bounded whatever clients ask for), and `/metrics` serves the registry
 * (app/.server/metrics/registry.ts; docs/operations.md lists what it holds).
 */

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Counts and times each request when its answer is done (or the client went away). */
export function measureRequests(routeOf: (path: string) => string): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint();
    res.once("close", () => {
      const labels = {
        method: METHODS.has(req.method) ? req.method : "other",
        route: routeOf(req.originalUrl.split("?")[0] ?? "/"),
        status: String(res.statusCode),
      };
      const { httpRequests, httpDuration } = metrics();
      httpRequests.inc(labels);
      // A stream's time is how long the tab stayed open, not how fast it was answered.
      if (String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) return;
      httpDuration.observe(labels, Number(process.hrtime.bigint() - started) / 1e9);
    });
    next();
  };
}

/**
 * The route pattern a path matches: the REST API's endpoint templates, else React Router's
 * routes (a data request, `/x.data`, counts as its page). `unmatched` for anything else.
 */
export function routePatterns(manifest: ServerBuild["routes"]) {
  const pages = pagePatterns(manifest);
  return (path: string) => {
    if (path === "/metrics") return path;
    if (path.startsWith("/hooks/code/")) return "/hooks/code/:connectionId";
    if (path.startsWith("/api/v1/")) {
      const endpoint = path.slice("/api/v1".length).replace(/\/$/, "");
      if (endpoint === "/openapi.json") return path;
      const route = apiRoutes.find((candidate) => candidate.pattern.test(endpoint));
      return route ? `/api/v1${route.template}` : "unmatched";
    }
    const page = path === "/_root.data" ? "/" : path.replace(/\.data$/, "");
    return pages.find((pattern) => pattern.regex.test(page))?.label ?? "unmatched";
  };
}

type PagePattern = { label: string; regex: RegExp; score: number };

/**
 * Every route's full path as a regular expression, most specific first by React Router's
 * own ranking (a static segment 10, a parameter 3, a splat -2, an index +2), so the first
 * that matches is the route React Router picks. Made once: React Router's `matchRoutes`
 * flattens and ranks the whole tree on every call (0.7–0.8 ms a path for our 70 routes).
 */
function pagePatterns(manifest: ServerBuild["routes"]) {
  const routes = Object.values(manifest).flatMap((route) => (route ? [route] : []));
  const fullPath = (id: string | undefined): string[] => {
    const route = id === undefined ? undefined : manifest[id];
    if (!route) return [];
    return [...fullPath(route.parentId), ...(route.path?.split("/").filter(Boolean) ?? [])];
  };
  const patterns = routes.map((route): PagePattern => {
    const segments = fullPath(route.id);
    const splat = segments.at(-1) === "*";
    const score = segments.reduce(
      (total, segment) => total + (segment === "*" ? -2 : segment.startsWith(":") ? 3 : 10),
      segments.length + (route.index ? 2 : 0),
    );
    const body = segments.map((segment) =>
      segment === "*"
        ? "(?:/.*)?"
        : segment.startsWith(":")
          ? segment.endsWith("?")
            ? "(?:/[^/]+)?"
            : "/[^/]+"
          : `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`,
    );
    const flags = route.caseSensitive ? "" : "i";
    return {
      label: `/${segments.join("/")}`,
      regex: new RegExp(`^${body.join("")}${splat ? "" : "/?"}$`, flags),
      score,
    };
  });
  // A stable sort: equal scores keep the manifest's order, as React Router does.
  return patterns.sort((a, b) => b.score - a.score);
}

/**
 * `/metrics` in Prometheus's text format. With METRICS_TOKEN set it asks everyone for the
 * token (`Authorization: Bearer`), as /dev/mail does; unset, it answers only a request
 * straight from this machine (app/.server/http/local-request.ts) and is a 404 to others.
 */
export function metricsEndpoint(token: () => string | undefined): RequestHandler {
  return async (req, res, next) => {
    const expected = token();
    if (expected ? !bearerMatches(req, expected) : !isDirectLocal(req)) {
      if (expected) res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').end();
      else res.status(404).end();
      return;
    }
    try {
      const { registry } = metrics();
      res.set("Content-Type", registry.contentType).set("Cache-Control", "no-store");
      res.end(await registry.metrics());
    } catch (error) {
      next(error);
    }
  };
}

function isDirectLocal(req: Request) {
  return isDirectLocalRequest({
    remoteAddress: req.socket.remoteAddress,
    httpVersion: req.httpVersion,
    headers: req.headers,
  });
}

/** Compared as hashes: equal lengths for timingSafeEqual, and no early exit on the first wrong character. */
function bearerMatches(req: Request, expected: string) {
  const given = /^Bearer (.+)$/.exec(req.get("Authorization") ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
