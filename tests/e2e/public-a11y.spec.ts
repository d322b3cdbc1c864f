import { createRequire } from "node:module";

import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";

import { PUBLIC_PAGES } from "./support/pages";

/**
 * Every public page, in both colour schemes: no serious axe violation (every such rule in
 * the light scheme, colour contrast in the dark one), no sideways scroll on a phone. The one
 * place the public site is scanned: one test per page, so both workers share the scans
 * (axe runs as a script inside the page, so JavaScript is on), and one page load serves
 * all three checks.
 */
const SCANNED = [...PUBLIC_PAGES, "/resources/blog/changelog-v1-2"];
/** Pages seen only at phone width: another state of a scanned page that can be wider. */
const ALSO_ON_A_PHONE: Record<string, string[]> = { "/pricing": ["/pricing?billing=yearly"] };
const PHONE = { width: 375, height: 800 };

/**
 * The rules whose violations are at most moderate: axe reports a rule's violations with the
 * rule's own impact, so these can never fail `serious` below, and running them only costs
 * time (`region` alone walks the whole page). A rule of unknown impact stays on.
 */
const MILD_RULES = axeInjectedByAxeBuilder()
  ._audit.rules.filter((rule) => rule.impact === "minor" || rule.impact === "moderate")
  .map((rule) => rule.id);

test.beforeEach(async ({ context }) => {
  // The contact page embeds an OpenStreetMap frame; tests never load it from outside.
  await context.route("**openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
});

for (const path of SCANNED) {
  test(`${path} has no serious or critical axe violations (light and dark) and fits a phone`, async ({
    page,
    context,
    baseURL,
  }) => {
    await context.addCookies([{ name: "vite-ui-theme", value: "light", url: baseURL ?? "" }]);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator("html")).toHaveClass("light");
    // Only violations are read: axe skips collecting the passes (a fifth of its time on the docs page).
    const axe = () => new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).disableRules(MILD_RULES);
    expect(serious(await axe().analyze()), `${path} (light)`).toEqual([]);
    // The dark scheme is the same page with other colour variables (the <html> class picks
    // them, as the theme menu does): contrast is all that is left to check, without a reload.
    // Transitions are switched off first, so the new colours are there at once rather than
    // after a fade that the scan would have to wait out.
    // (A constructed style sheet: the page's Content-Security-Policy refuses a <style> tag.)
    await page.evaluate(() => {
      const still = new CSSStyleSheet();
      still.replaceSync("*, *::before, *::after { transition: none !important; }");
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, still];
      document.documentElement.classList.replace("light", "dark");
    });
    await expect(page.locator("html")).toHaveClass("dark");
    expect(
      await page.evaluate(
        () => document.getAnimations().filter((animation) => animation.playState === "running").length,
      ),
      "no colour is still fading",
    ).toBe(0);
    expect(serious(await axe().withRules(["color-contrast"]).analyze()), `${path} (dark)`).toEqual([]);

    // A phone: the page's layout is CSS alone, so narrowing this page lays it out as a
    // phone would load it.
    await page.setViewportSize(PHONE);
    expect(await pageWidth(page), `${path} at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
    for (const other of ALSO_ON_A_PHONE[path] ?? []) {
      await page.goto(other);
      expect(await pageWidth(page), `${other} at ${PHONE.width} px`).toBeLessThanOrEqual(PHONE.width);
    }
  });
}

/** The document's width after the next two frames, so any re-render the resize caused has been laid out. */
async function pageWidth(page: Page) {
  return page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    return document.documentElement.scrollWidth;
  });
}

function serious(results: Awaited<ReturnType<AxeBuilder["analyze"]>>) {
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((node) => node.target.join(" ")).join(", ")})`);
}

/** The axe-core that AxeBuilder injects into pages (its own dependency), with its rule metadata. */
function axeInjectedByAxeBuilder() {
  const axeBuilder = createRequire(import.meta.url).resolve("@axe-core/playwright");
  return createRequire(axeBuilder)("axe-core") as { _audit: { rules: { id: string; impact?: string }[] } };
}
