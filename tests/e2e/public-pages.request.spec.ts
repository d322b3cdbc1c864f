import { expect, test } from "@playwright/test";

import { PUBLIC_PAGES } from "./support/pages";

/**
 * What the public site answers to a client without a browser: the head of every page, the
 * sitemap and robots, the RSS feed, prices rendered from the URL (moved from
 * public-a11y.spec.ts, resources.spec.ts and landing-pricing.spec.ts).
 */
const POST_SLUGS = ["ai-trends-in-2025", "changelog-v1-2", "introducing-plotline", "mastering-task-management"];

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

test.describe("pricing page", () => {
  test("the server renders yearly prices straight from the URL", async ({ request }) => {
    const yearly = await (await request.get("/pricing?billing=yearly")).text();
    expect(yearly).toContain(">$10<");
    expect(yearly).toContain(">$20<");
    const unknown = await (await request.get("/pricing?billing=weekly")).text();
    expect(unknown).toContain(">$12<");
    expect(unknown).toContain(">$25<");
  });
});

test.describe("blog", () => {
  test("the list's first image, its largest paint, loads at once and first; the others when scrolled near", async ({
    request,
  }) => {
    const html = await (await request.get("/resources/blog")).text();
    // The posts' hero images (1200 × 630), not their authors' avatars.
    const images = [...html.matchAll(/<img [^>]*width="1200"[^>]*>/g)].map((match) => match[0]);
    expect(images.length).toBeGreaterThan(1);
    const [first, ...others] = images;
    expect(first).toMatch(/ fetchpriority="high"/i);
    expect(first).not.toContain('loading="lazy"');
    for (const image of others) expect(image).toContain('loading="lazy"');
  });

  test("the RSS feed lists the four posts", async ({ request, baseURL }) => {
    const response = await request.get("/resources/blog/rss.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/rss+xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<rss version="2.0"/);
    expect(xml).toContain(`<link>${baseURL}/resources/blog</link>`);
    expect(xml.match(/<item>/g)).toHaveLength(4);
    for (const slug of POST_SLUGS) {
      expect(xml).toContain(`<guid isPermaLink="true">${baseURL}/resources/blog/${slug}</guid>`);
    }
    expect(xml.match(/<pubDate>[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} 00:00:00 GMT<\/pubDate>/g)).toHaveLength(4);
    expect(xml).toContain("<pubDate>Tue, 11 Mar 2025 00:00:00 GMT</pubDate>");
    expect(xml).toContain("<category>Changelog</category>");
    // Every ampersand is an entity: the text is escaped.
    expect(xml).not.toMatch(/&(?!amp;|lt;|gt;|quot;|apos;)/);
  });
});
