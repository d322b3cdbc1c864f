import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";

import { routePatterns } from "./metrics";

/** A route tree of the app's shapes: layouts with and without a path, index routes, parameters, a splat. */
const manifest = Object.fromEntries(
  [
    { id: "root", path: "" },
    { id: "marketing", parentId: "root" },
    { id: "home", parentId: "marketing", index: true },
    { id: "pricing", parentId: "marketing", path: "pricing" },
    { id: "docs", parentId: "marketing", path: "docs/*" },
    { id: "app", parentId: "root", path: "app" },
    { id: "dashboard", parentId: "app", path: "dashboard" },
    { id: "project", parentId: "app", path: "project/:projectId" },
    { id: "project-index", parentId: "project", index: true },
    { id: "board", parentId: "project", path: "board" },
    { id: "task", parentId: "project", path: "task/:taskId" },
    { id: "new-project", parentId: "app", path: "project/new" },
    { id: "events", parentId: "app", path: "events" },
    { id: "healthz", parentId: "root", path: "healthz" },
    { id: "not-found", parentId: "root", path: "*" },
  ].map((route) => [route.id, { ...route, module: {} }]),
) as unknown as ServerBuild["routes"];

/** React Router's own answer: the joined paths of the routes it matches. */
function reactRouterPattern(path: string) {
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(manifest).flatMap((route): RouteObject[] => {
      if (!route || route.parentId !== parentId) return [];
      return route.index
        ? [{ id: route.id, path: route.path, index: true }]
        : [{ id: route.id, path: route.path, children: tree(route.id) }];
    });
  const matches = matchRoutes(tree(undefined), path) ?? [];
  return `/${matches.flatMap((match) => match.route.path?.split("/").filter(Boolean) ?? []).join("/")}`;
}

describe("route patterns for metrics", () => {
  const routeOf = routePatterns(manifest);

  it("labels a page by the route React Router picks, never by its ids", () => {
    const paths = [
      "/",
      "/pricing",
      "/Pricing/",
      "/docs/guides/boards",
      "/app/dashboard",
      "/app/project/k3Jd9XpQ2a",
      "/app/project/new",
      "/app/project/k3Jd9XpQ2a/board",
      "/app/project/k3Jd9XpQ2a/task/Zq8mN2pL4x",
      "/app/events",
      "/healthz",
      "/wp-login.php",
      "/app/project/a/b/c/d",
    ];
    for (const path of paths) expect(routeOf(path), path).toBe(reactRouterPattern(path));
    expect(routeOf("/app/project/k3Jd9XpQ2a/task/Zq8mN2pL4x")).toBe("/app/project/:projectId/task/:taskId");
  });

  it("labels a data request as its page, and the REST API by its endpoint template", () => {
    expect(routeOf("/app/project/k3Jd9XpQ2a.data")).toBe("/app/project/:projectId");
    expect(routeOf("/_root.data")).toBe("/");
    expect(routeOf("/api/v1/tasks/Zq8mN2pL4x/comments")).toBe("/api/v1/tasks/{taskId}/comments");
    expect(routeOf("/api/v1/no/such/endpoint")).toBe("unmatched");
  });
});
