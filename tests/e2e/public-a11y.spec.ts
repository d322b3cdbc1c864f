import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { PUBLIC_PAGES } from "./support/pages";

/**
 * Every public page, in both colour schemes: no serious axe violation, no sideways scroll on
 * a phone. The one place the public site is scanned: one test per page and scheme, so both
 * workers share the scans (axe runs as a script inside the page, so JavaScript is on).
 */
const SCANNED = [...PUBLIC_PAGES, "/resources/blog/changelog-v1-2"];

test.beforeEach(async ({ context }) => {
  // The contact page embeds an OpenStreetMap frame; tests never load it from outside.
  await context.route("**openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
});

for (const scheme of ["light", "dark"] as const) {
  for (const path of SCANNED) {
    test(`${path} has no serious or critical axe violations (${scheme})`, async ({ page, context, baseURL }) => {
      await context.addCookies([{ name: "vite-ui-theme", value: scheme, url: baseURL ?? "" }]);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveClass(scheme);
      // Only violations are read: axe skips collecting the passes (a fifth of its time on the docs page).
      const results = await new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).analyze();
      const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      expect(
        serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`),
      ).toEqual([]);
    });
  }
}

test("no public page scrolls sideways at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const wide: string[] = [];
  for (const path of [...PUBLIC_PAGES, "/pricing?billing=yearly"]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 375) wide.push(`${path}: ${width}px`);
  }
  expect(wide).toEqual([]);
});
