import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";

/** Every public page, in both colour schemes: no serious axe violation, no sideways scroll on a phone. */
const PUBLIC_PAGES = [
  "/",
  "/pricing",
  "/request-demo",
  "/newsletter",
  "/legal/terms",
  "/legal/privacy",
  "/resources/documentation",
  "/resources/guides",
  "/resources/guides/integrating-supabase",
  "/resources/support",
  "/resources/blog",
  "/resources/blog/introducing-plotline",
  "/company/about",
  "/company/careers",
  "/company/careers/frontend-engineer",
  "/company/contact",
];

test.beforeEach(async ({ context }) => {
  // The contact page embeds an OpenStreetMap frame; tests never load it from outside.
  await context.route("**openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
});

for (const scheme of ["light", "dark"] as const) {
  test(`every public page passes axe (${scheme})`, async ({ page, context, baseURL, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "axe runs as a script inside the page");
    test.setTimeout(120_000);
    await context.addCookies([{ name: "vite-ui-theme", value: scheme, url: baseURL ?? "" }]);
    const failures: string[] = [];
    for (const path of PUBLIC_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.locator("html")).toHaveClass(scheme);
      const results = await new AxeBuilder({ page }).analyze();
      for (const violation of results.violations) {
        if (violation.impact === "serious" || violation.impact === "critical") {
          failures.push(
            `${path}: ${violation.id} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });
}

test("no public page scrolls sideways at 375 px", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  const wide: string[] = [];
  for (const path of PUBLIC_PAGES) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 375) wide.push(`${path}: ${width}px`);
  }
  expect(wide).toEqual([]);
});

test("every page has its own title, description and canonical URL", async ({ request, baseURL }) => {
  const titles = new Set<string>();
  for (const path of PUBLIC_PAGES) {
    const html = await (await request.get(path)).text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title ?? "");
    expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html, path).toMatch(/<meta property="og:title" content="[^"]+"/);
    expect(html, path).toContain(`<link rel="canonical" href="${baseURL}${path === "/" ? "/" : path}"`);
  }
  expect(titles.size).toBe(PUBLIC_PAGES.length);
});

test("sitemap lists every public page, post, guide and job; robots keeps crawlers out of the app", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of PUBLIC_PAGES) expect(xml, path).toContain(`<loc>${baseURL}${path}</loc>`);
  for (const slug of ["mastering-task-management", "changelog-v1-2", "ai-trends-in-2025"]) {
    expect(xml).toContain(`${baseURL}/resources/blog/${slug}`);
  }
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Disallow: /app");
  expect(robots).toContain("Disallow: /auth");
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});
