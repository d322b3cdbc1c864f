import { expect, test } from "@playwright/test";

import { signUpWithRequests } from "./support/api-account";
import { createProjectByRequest } from "./support/projects";

/** Every path of the spec's route map, with what it must answer signed out. */
const PAGES = [
  "/",
  "/pricing",
  "/legal/terms",
  "/legal/privacy",
  "/resources/documentation",
  "/resources/guides",
  "/resources/support",
  "/resources/blog",
  "/company/about",
  "/company/careers",
  "/company/contact",
  "/auth/signin",
  "/auth/signup",
];

test.describe("server rendering", () => {
  test("a first visit is light, with the theme's stylesheet linked and emotion's critical CSS in the HTML", async ({
    request,
  }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="en" class="light">');
    // The theme's variables and baseline are one stylesheet, its URL versioned by content.
    const stylesheet = html.match(/<link rel="stylesheet" href="(\/theme\.css\?v=[\w-]+)"\/>/)?.[1];
    expect(stylesheet).toBeDefined();
    const css = await request.get(stylesheet!);
    expect(css.headers()["content-type"]).toBe("text/css; charset=utf-8");
    expect(css.headers()["cache-control"]).toContain("immutable");
    expect(await css.text()).toMatch(
      /--mui-palette-primary-main:#4F46E5.*\.dark\{[^}]*--mui-palette-primary-main:#818CF8/s,
    );
    expect(html).not.toContain("--mui-palette-primary-main:");
    // Each style tag carries the response's CSP nonce.
    // The button's class is defined in the critical CSS, so it is styled before any script.
    const buttonClass = html.match(/class="MuiButtonBase-root[^"]* (mui-[a-z0-9]+)"/)?.[1];
    expect(buttonClass).toBeDefined();
    expect(html).toMatch(new RegExp(`<style data-emotion="mui [^"]*${buttonClass?.slice(4)}[^"]*" nonce="[^"]+">`));
  });

  test("the dashboard and a project page carry no emotion styles: their elements are styled by the theme stylesheet", async ({
    request,
  }) => {
    await signUpWithRequests(request, "static");
    const project = await createProjectByRequest(request, "Static Styles");
    // The first view shows and clears the one-time "Project created" toast (an MUI alert).
    await request.get(project);
    for (const path of ["/app/dashboard", project]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(/<link rel="stylesheet" href="\/theme\.css\?v=[\w-]+"\/>/);
      expect(html, path).not.toContain("data-emotion");
      expect(html, path).not.toMatch(/class="[^"]*\bmui-[a-z0-9]+/);
    }
  });

  test("every page of the route map answers", async ({ request }) => {
    for (const path of PAGES) {
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
    }
  });

  test("redirects signed out: /app to sign-in, /contact to the contact page, unknown paths home", async ({
    request,
  }) => {
    const expectRedirect = async (path: string, location: string) => {
      const response = await request.get(path, { maxRedirects: 0 });
      expect([301, 302], path).toContain(response.status());
      expect(response.headers()["location"], path).toBe(location);
    };
    await expectRedirect("/app", "/auth/signin?redirectTo=%2Fapp");
    await expectRedirect("/app/settings?tab=profile", "/auth/signin?redirectTo=%2Fapp%2Fsettings%3Ftab%3Dprofile");
    await expectRedirect("/contact", "/company/contact?topic=sales");
    await expectRedirect("/no/such/page", "/");
  });

  test("/healthz reports the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", database: { status: "up", engine: "pglite" } });
    expect(response.headers()["x-request-id"]).toMatch(/^[\w-]{8,}$/);
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/action/set-theme", {
      form: { theme: "dark" },
      headers: { Origin: "https://evil.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(403);
  });

  test("a NUL character in a URL, a form field or an auth request answers 400, never 500", async ({
    request,
    baseURL,
  }) => {
    expect((await request.get("/app/project/%00")).status()).toBe(400);
    expect((await request.get("/resources/blog?q=a%00b")).status()).toBe(400);
    const contact = await request.post("/company/contact", {
      form: { fullName: "Nul", email: "nul@example.com", subject: "a\u0000b", message: "Hello" },
      headers: { Origin: baseURL! },
      maxRedirects: 0,
    });
    expect(contact.status()).toBe(400);
    expect(await contact.text()).toContain("Bad Request");
    const token = await request.post("/auth/v1/token?grant_type=password", {
      data: { email: "a\u0000@example.com", password: "secret12" },
    });
    expect(token.status()).toBe(400);
    expect(await token.json()).toMatchObject({ error_code: "validation_failed" });
  });
});

test.describe("theme", () => {
  test("choosing Dark by a plain form POST makes the next page render dark on the server", async ({ request }) => {
    const post = await request.post("/action/set-theme", {
      form: { theme: "dark", redirectTo: "/pricing" },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(302);
    expect(post.headers()["location"]).toBe("/pricing");
    expect(post.headers()["set-cookie"]).toContain("vite-ui-theme=dark");
    const html = await (await request.get("/pricing")).text();
    expect(html).toContain('<html lang="en" class="dark">');
  });
});
