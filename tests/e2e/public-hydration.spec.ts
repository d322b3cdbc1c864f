import { expect, test, type Page } from "@playwright/test";

import { hydratePublicPage } from "./support/hydration";

/**
 * The public site's content pages are whole without JavaScript, so their scripts wait for
 * the reader's first interaction (decision 039): nothing is fetched or run before it, and
 * after it the page is the same React app as any other, client navigation included.
 */
test.describe("public pages hydrate on the first interaction", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "hydration needs JavaScript");

  function countScripts(page: Page) {
    const fetched: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") fetched.push(request.url());
    });
    return fetched;
  }

  for (const path of ["/", "/pricing", "/resources/blog", "/resources/blog/introducing-plotline"]) {
    test(`${path} fetches no script until a key is pressed, then hydrates`, async ({ browser }) => {
      // A browser of its own: a pointer resting over a page (the reused one's, from the test
      // before) gets a move from Chromium after each layout, and that starts hydration too.
      const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
      const page = await context.newPage();
      const scripts = countScripts(page);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(scripts).toEqual([]);
      await expect(page.locator("html")).not.toHaveAttribute("data-hydrated");

      await hydratePublicPage(page);
      expect(scripts.some((url) => /\/assets\/entry\.client-[\w-]+\.js$/.test(url))).toBe(true);
      await context.close();
    });
  }

  test("a pointer's first move starts it too, and links then navigate in the page", async ({ page }) => {
    await page.goto("/pricing");
    await page.mouse.move(40, 300);
    await page.mouse.move(60, 320);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    // A client-side navigation keeps the document: a mark left on it survives.
    await page.evaluate(() => document.documentElement.setAttribute("data-test-document", "kept"));
    await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.locator("html")).toHaveAttribute("data-test-document", "kept");
  });

  test("a page with a form hydrates without waiting", async ({ page }) => {
    await page.goto("/company/contact");
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
  });
});
