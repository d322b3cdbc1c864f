import { beforeAll, describe, expect, it } from "vitest";

// The configuration is read once per process: set it before the service loads.
process.env.APP_URL = "https://plotline.example.com";
process.env.AUTH_REDIRECT_URLS = "https://docs.example.com/welcome, https://staging.example.com";

let isAllowedRedirect: (target: string) => boolean;
beforeAll(async () => {
  ({ isAllowedRedirect } = await import("./redirects"));
});

describe("isAllowedRedirect", () => {
  it("allows the app itself and the allow-list, by path prefix", () => {
    expect(isAllowedRedirect("https://plotline.example.com/auth/callback")).toBe(true);
    expect(isAllowedRedirect("https://docs.example.com/welcome")).toBe(true);
    expect(isAllowedRedirect("https://docs.example.com/welcome/back?x=1")).toBe(true);
    expect(isAllowedRedirect("https://staging.example.com/auth/callback")).toBe(true);
  });

  it.each([
    "https://evil.example/auth/callback",
    "https://docs.example.com/welcomes",
    "https://docs.example.com/other",
    "http://plotline.example.com/auth/callback",
    "https://user:pass@plotline.example.com/",
    "https://plotline.example.com.evil.example/",
    "javascript:alert(1)",
    "not a url",
  ])("refuses %s", (target) => {
    expect(isAllowedRedirect(target)).toBe(false);
  });
});
