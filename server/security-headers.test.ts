import express from "express";
import { describe, expect, it } from "vitest";

import { errorPage } from "./refuse";
import { contentSecurityPolicy, securityHeaders } from "./security-headers";

async function headersFrom(appUrl: string, development = false) {
  const app = express();
  app.use(securityHeaders(() => ({ appUrl, development })));
  app.use((_req, res) => res.send(String(res.locals.cspNonce)));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  try {
    const { port } = server.address() as { port: number };
    const response = await fetch(`http://127.0.0.1:${port}/`);
    return { headers: response.headers, nonce: await response.text() };
  } finally {
    server.close();
  }
}

describe("security headers", () => {
  it("send a strict CSP with a fresh nonce, nosniff, no framing and no referrer for other sites", async () => {
    const first = await headersFrom("http://localhost:3000");
    const second = await headersFrom("http://localhost:3000");
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.nonce).not.toBe(first.nonce);
    const csp = first.headers.get("Content-Security-Policy")!;
    expect(csp).toContain(`script-src 'self' 'nonce-${first.nonce}'`);
    expect(csp).toContain(`style-src-elem 'self' 'nonce-${first.nonce}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(first.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(first.headers.get("X-Frame-Options")).toBe("DENY");
    expect(first.headers.get("Referrer-Policy")).toBe("same-origin");
    expect(first.headers.get("Strict-Transport-Security")).toBeNull();
  });

  it("add HSTS when the app's URL is https", async () => {
    const { headers } = await headersFrom("https://plotline.example.com");
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=31536000");
  });

  it("relax scripts and styles for Vite in development only, with no nonce there", async () => {
    const { headers, nonce } = await headersFrom("http://localhost:3000", true);
    expect(nonce).toBe("undefined");
    expect(headers.get("Content-Security-Policy")).not.toContain("nonce-");
    expect(contentSecurityPolicy("n", { development: true })).toContain("script-src 'self' 'unsafe-inline'");
    expect(contentSecurityPolicy("n", { development: false })).toContain("script-src 'self' 'nonce-n'");
  });

  it("the refusal page's only style carries the nonce, and it has no script", () => {
    const page = errorPage({ status: 413, title: "Request Too Large", message: "<b>x</b>" }, "abc");
    expect(page).toContain('<style nonce="abc">');
    expect(page).not.toContain("<script");
    expect(page).toContain("&lt;b&gt;x&lt;/b&gt;");
  });
});
