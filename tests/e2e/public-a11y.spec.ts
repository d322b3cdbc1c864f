import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

import { PUBLIC_PAGES } from "./support/pages";

/**
 * Every public page, in both colour schemes: no serious axe violation (every rule in the
 * light scheme, colour contrast in the dark one), no sideways scroll on a phone. The one
 * place the public site is scanned: one test per page, so both workers share the scans
 * (axe runs as a script inside the page, so JavaScript is on).
 */
const SCANNED = [...PUBLIC_PAGES, "/resources/blog/changelog-v1-2"];

test.beforeEach(async ({ context }) => {
  // The contact page embeds an OpenStreetMap frame; tests never load it from outside.
  await context.route("**openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
});

for (const path of SCANNED) {
  test(`${path} has no serious or critical axe violations (light and dark)`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: "vite-ui-theme", value: "light", url: baseURL ?? "" }]);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveClass("light");
    // Only violations are read: axe skips collecting the passes (a fifth of its time on the docs page).
    const axe = () => new AxeBuilder({ page }).options({ resultTypes: ["violations"] });
    expect(serious(await axe().analyze()), `${path} (light)`).toEqual([]);
    // The dark scheme is the same page with other colour variables (the <html> class picks
    // them, as the theme menu does): contrast is all that is left to check, without a reload.
    await page.evaluate(() => document.documentElement.classList.replace("light", "dark"));
    await expect(page.locator("html")).toHaveClass("dark");
    // Buttons fade to their new colours: scan once every transition has ended.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== "running"));
    expect(serious(await axe().withRules(["color-contrast"]).analyze()), `${path} (dark)`).toEqual([]);
  });
}

function serious(results: Awaited<ReturnType<AxeBuilder["analyze"]>>) {
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`);
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
