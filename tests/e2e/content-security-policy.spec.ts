import { expect, test, type Page } from "@playwright/test";

import { signUpAndSignIn } from "./support/account";
import { hydratePublicPage } from "./support/hydration";

/**
 * The strict Content-Security-Policy (server/security-headers.ts) must not cost the app
 * anything: pages hydrate, client navigation and theme changes work, and Chromium reports
 * no violation, signed out and signed in.
 */
function watchForViolations(page: Page) {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(message.text())) {
      violations.push(message.text());
    }
  });
  page.on("pageerror", (error) => violations.push(`page error: ${error.message}`));
  return violations;
}

async function expectHydrated(page: Page) {
  await page.waitForFunction(() => {
    const modules = (window as { __reactRouterRouteModules?: Record<string, unknown> }).__reactRouterRouteModules;
    return Boolean(modules && "root" in modules);
  });
}

test.describe("Content-Security-Policy", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript");

  test("public pages hydrate with no CSP violation", async ({ page }) => {
    const violations = watchForViolations(page);
    for (const path of ["/", "/pricing", "/company/contact", "/resources/blog", "/auth/signin"]) {
      const response = await page.goto(path);
      expect(response?.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
      // The content pages' scripts wait for an interaction; the loader adds them with the nonce.
      await hydratePublicPage(page);
      await expectHydrated(page);
    }
    // A client-side navigation: data fetched and new styles inserted by emotion in the browser.
    await page.goto("/");
    await hydratePublicPage(page);
    await page.locator('a[href="/pricing"]').first().click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Simple pricing for every team");
    // A dialog first mounted in the browser: its form's honeypot brings a <style> of its own.
    await page.getByRole("banner").getByRole("link", { name: "Request Demo" }).first().click();
    await expect(page.getByRole("dialog", { name: "Request a demo" })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("app pages hydrate with no CSP violation", async ({ page }) => {
    const violations = watchForViolations(page);
    await signUpAndSignIn(page, { prefix: "csp" });
    for (const path of ["/app/dashboard", "/app/settings", "/app/team", "/app/search?q=x"]) {
      await page.goto(path);
      await expectHydrated(page);
    }
    expect(violations).toEqual([]);
  });

  test("switching the theme logs no CSP violation", async ({ page }) => {
    // remix-themes' disableTransitionOnThemeChange inserted a <style> without the nonce at each switch.
    const violations = watchForViolations(page);
    await signUpAndSignIn(page, { prefix: "csp-theme" });
    await page.goto("/app/dashboard");
    await expectHydrated(page);
    for (const [choice, scheme] of [
      ["Dark", "dark"],
      ["Light", "light"],
    ] as const) {
      await page.getByLabel("Theme", { exact: true }).click();
      const saved = page.waitForResponse((response) => response.url().endsWith("/action/set-theme"));
      await page.getByRole("button", { name: choice }).click();
      await expect(page.locator("html")).toHaveClass(scheme);
      await saved;
      // The transitions come back once the new colours are painted.
      await expect(page.locator("html")).not.toHaveAttribute("data-theme-switching");
    }
    expect(violations).toEqual([]);
  });
});
