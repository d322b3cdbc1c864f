import type http from "node:http";
import type { AddressInfo } from "node:net";

import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closeRateLimitStore, openRateLimitStore } from "~/.server/security/rate-limit";
import { clientKey, rateLimitRequests, tiersOf, type RateLimitTiers } from "./rate-limits";

const request = (method: string, path: string, headers: Record<string, string> = {}, query = {}) => ({
  method,
  path,
  query,
  get: (name: string) => headers[name.toLowerCase()],
});

describe("rate-limit tiers", () => {
  it("counts every request, writes and expensive work in their own tiers", () => {
    expect(tiersOf(request("GET", "/app/dashboard"))).toEqual(["requests"]);
    expect(tiersOf(request("GET", "/app/dashboard.data"))).toEqual(["requests"]);
    expect(tiersOf(request("POST", "/app/settings"))).toEqual(["requests", "writes"]);
    expect(tiersOf(request("POST", "/auth/v1/token"))).toEqual(["requests", "writes"]);
    // Uploads, creations and searches are expensive.
    expect(tiersOf(request("POST", "/app/settings", { "content-type": "multipart/form-data; boundary=x" }))).toEqual([
      "requests",
      "writes",
      "expensive",
    ]);
    expect(tiersOf(request("POST", "/app/projects/new"))).toEqual(["requests", "writes", "expensive"]);
    expect(tiersOf(request("POST", "/app/workspaces/new.data"))).toEqual(["requests", "writes", "expensive"]);
    expect(tiersOf(request("GET", "/app/search", {}, { q: "roadmap" }))).toEqual(["requests", "expensive"]);
    expect(tiersOf(request("GET", "/app/search", {}, { q: " " }))).toEqual(["requests"]);
    expect(tiersOf(request("GET", "/app/projects/new"))).toEqual(["requests"]);
  });

  it("counts an IPv6 client by its /64 and an IPv4 one by its address", () => {
    expect(clientKey("2001:db8:1:2:3:4:5:6")).toBe("2001:db8:1:2::/64");
    expect(clientKey("2001:db8:1:2::9")).toBe(clientKey("2001:db8:1:2:aaaa::1"));
    expect(clientKey("::1")).toBe("0:0:0:0::/64");
    expect(clientKey("::ffff:192.0.2.7")).toBe("192.0.2.7");
    expect(clientKey(undefined)).toBe("unknown");
  });
});

describe("the rate-limit middleware", () => {
  const tiers: RateLimitTiers = {
    requests: { points: 6, durationSeconds: 60 },
    writes: { points: 3, durationSeconds: 60 },
    expensive: { points: 1, durationSeconds: 60 },
  };
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    await openRateLimitStore({});
    const app = express();
    app.use(rateLimitRequests(() => tiers));
    app.use((_req, res) => res.send("ok"));
    server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await closeRateLimitStore();
  });

  it("refuses over a tier with 429, Retry-After and a clear message; the auth API gets its JSON", async () => {
    const search = await fetch(`${base}/app/search?q=a`, { headers: { Accept: "text/html" } });
    expect(search.status).toBe(200);
    const again = await fetch(`${base}/app/search?q=b`, { headers: { Accept: "text/html" } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get("Retry-After"))).toBeGreaterThan(0);
    const page = await again.text();
    expect(page).toContain("<h1>Too Many Requests</h1>");
    expect(page).toMatch(/Please wait \d+ seconds? and try again/);

    // Writes: two more pass (3 in all), the next is refused.
    for (let i = 0; i < 3; i++) {
      const post = await fetch(`${base}/auth/v1/token`, { method: "POST", body: "{}" });
      expect(post.status).toBe(200);
    }
    const refused = await fetch(`${base}/auth/v1/token`, {
      method: "POST",
      body: "{}",
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ code: "over_request_rate_limit", message: "Request rate limit reached" });

    // Every one of those 6 requests counted in the general tier too: the 7th is over it.
    const read = await fetch(`${base}/pricing`, { headers: { Accept: "text/plain" } });
    expect(read.status).toBe(429);
    expect(await read.text()).toMatch(/^Too Many Requests: You are sending requests faster than we can answer them/);
  });
});
