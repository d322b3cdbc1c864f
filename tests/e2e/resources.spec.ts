import { expect, test, type Page } from "@playwright/test";

import { hydratePublicPage } from "./support/hydration";

const DOCS = "/resources/documentation";
const SECTIONS = ["Getting Started", "Authentication", "Projects", "Tasks", "AI Assistant", "Integrations", "Settings"];
const GUIDE_SLUGS = ["build-kanban-workflow", "custom-views-ai", "integrating-supabase", "real-time-collaboration"];
const POST_SLUGS = ["ai-trends-in-2025", "changelog-v1-2", "introducing-plotline", "mastering-task-management"];

const docsNav = (page: Page) => page.getByRole("navigation", { name: "Documentation" });
const sectionHeadings = (page: Page) => page.getByRole("main").getByRole("heading", { level: 2 });
const docsSearch = (page: Page) => page.getByRole("searchbox", { name: "Search documentation" });
const postCards = (page: Page) => page.getByRole("main").getByRole("article");
const tagFilter = (page: Page) => page.getByRole("navigation", { name: "Filter posts by tag" });

test.describe("documentation", { tag: "@nojs" }, () => {
  test("shows the seven sections, expanded, with the first subsection selected", async ({ page }) => {
    await page.goto(DOCS);
    await expect(page.getByRole("heading", { level: 1, name: "Documentation" })).toBeVisible();
    await expect(sectionHeadings(page)).toHaveText(SECTIONS);
    await expect(page.getByRole("heading", { level: 3, name: "Magic Links" })).toBeVisible();

    const nav = docsNav(page);
    await expect(nav.getByRole("link")).toHaveCount(27);
    await expect(nav.getByRole("link", { name: "Magic Links" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Magic Links" })).toHaveAttribute("href", "#authentication-magic-links");
    await expect(nav.getByRole("link", { name: "Introduction" })).toHaveAttribute("aria-current", "location");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    await expect(page.locator("#authentication-magic-links")).toHaveText("Magic Links");
  });

  test("the search box filters by title through the GET form", async ({ page }) => {
    await page.goto(DOCS);
    await docsSearch(page).fill("magic");
    await docsSearch(page).press("Enter");
    await expect(page).toHaveURL(/\/resources\/documentation\?q=magic$/);
    await expect(sectionHeadings(page)).toHaveText(["Authentication"]);
    await expect(page.getByRole("main").getByRole("heading", { level: 3 }).first()).toHaveText("Magic Links");
    await expect(page.getByRole("heading", { name: "Email & Password" })).toHaveCount(0);
    await expect(docsNav(page).getByRole("link")).toHaveText(["Magic Links"]);
    await expect(docsSearch(page)).toHaveValue("magic");
  });

  test("the search is case-insensitive, keeps a matching section whole and says when nothing matches", async ({
    page,
  }) => {
    await page.goto(`${DOCS}?q=MAGIC`);
    await expect(sectionHeadings(page)).toHaveText(["Authentication"]);
    await expect(docsNav(page).getByRole("link")).toHaveText(["Magic Links"]);

    await page.goto(`${DOCS}?q=integrations`);
    await expect(sectionHeadings(page)).toHaveText(["Integrations"]);
    await expect(docsNav(page).getByRole("link")).toHaveText([
      "Supabase",
      "Slack and team chat",
      "Code hosts (GitHub, GitLab, Gitea)",
      "Calendar feeds",
      "Import and export",
      "REST API",
      "Webhooks",
    ]);

    await page.goto(`${DOCS}?q=zzz`);
    await expect(page.getByText("No sections match “zzz”")).toBeVisible();
    await expect(sectionHeadings(page)).toHaveCount(0);
    await expect(docsSearch(page)).toHaveValue("zzz");
  });

  test("with JavaScript the list filters as you type", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "live filtering needs JavaScript; the GET form covers the rest");
    await page.goto(DOCS);
    await hydratePublicPage(page);
    await docsSearch(page).fill("oauth");
    await expect(sectionHeadings(page)).toHaveText(["Authentication"]);
    await expect(docsNav(page).getByRole("link")).toHaveText(["OAuth (Google, GitHub)"]);
    await expect(page).toHaveURL(/\/resources\/documentation$/);

    await docsSearch(page).fill("qqq");
    await expect(page.getByText("No sections match “qqq”")).toBeVisible();

    await docsSearch(page).fill("");
    await expect(sectionHeadings(page)).toHaveText(SECTIONS);
  });

  test("a section collapses and expands by click", async ({ page }) => {
    await page.goto(DOCS);
    const nav = docsNav(page);
    const toggle = nav.locator("summary", { hasText: "Authentication" });
    await expect(nav.getByRole("link", { name: "Magic Links" })).toBeVisible();
    await toggle.click();
    await expect(nav.getByRole("link", { name: "Magic Links" })).toBeHidden();
    await expect(nav.getByRole("link", { name: "Introduction" })).toBeVisible();
    await toggle.click();
    await expect(nav.getByRole("link", { name: "Magic Links" })).toBeVisible();
  });

  test("#integrations lands on the Integrations section, and the hash selects a subsection", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(`${DOCS}#integrations`);
    await expect(page.getByRole("heading", { level: 2, name: "Integrations" })).toBeInViewport();
    const nav = docsNav(page);
    // Without JavaScript the first subsection stays highlighted; with it, the hash decides.
    await expect(nav.getByRole("link", { name: javaScriptEnabled ? "Supabase" : "Introduction" })).toHaveAttribute(
      "aria-current",
      "location",
    );

    await nav.getByRole("link", { name: "Magic Links" }).click();
    await expect(page).toHaveURL(/#authentication-magic-links$/);
    await expect(page.getByRole("heading", { level: 3, name: "Magic Links" })).toBeInViewport();
    await expect(nav.getByRole("link", { name: javaScriptEnabled ? "Magic Links" : "Introduction" })).toHaveAttribute(
      "aria-current",
      "location",
    );
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
  });

  // A permission granted to a browser context outlives the test in a reused one: a context of its own.
  test.describe(() => {
    test.use({ permissions: ["clipboard-read", "clipboard-write"] });
    test("code blocks get a copy button that shows a check for 2 seconds", async ({ page, javaScriptEnabled }) => {
      // The page's clock is the test's: the 2 seconds pass when the test says so, not on the wall.
      await page.clock.install();
      await page.goto(DOCS);
      const code = page.getByRole("main").locator("pre").first();
      await expect(code).toBeVisible();
      if (!javaScriptEnabled) {
        await expect(page.getByRole("main").locator("pre").getByRole("button")).toHaveCount(0);
        return;
      }
      await hydratePublicPage(page);
      const button = code.getByRole("button");
      await expect(button).toHaveAccessibleName("Copy code");
      await expect(button).toHaveText("Copy");

      await page.clock.pauseAt(Date.now() + 1000);
      await button.click();
      await expect(button).toHaveText("✓ Copied");
      await expect(button).toHaveAccessibleName("Copied");
      const copied = await page.evaluate(() => navigator.clipboard.readText());
      expect(copied).toBe(await code.locator("code").textContent());
      expect(copied).toContain("git clone");

      await page.clock.runFor(1999);
      await expect(button).toHaveText("✓ Copied");
      await page.clock.runFor(1);
      await expect(button).toHaveText("Copy");
      await expect(button).toHaveAccessibleName("Copy code");
    });
  });
});

test.describe("guides", () => {
  test("the list shows four guides linking to their pages", async ({ page }) => {
    await page.goto("/resources/guides");
    await expect(page.getByRole("heading", { level: 1, name: "Guides" })).toBeVisible();
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(4);
    await expect(cards.getByRole("heading", { level: 2 }).getByRole("link")).toHaveCount(4);
    for (const slug of GUIDE_SLUGS) {
      await expect(cards.getByRole("heading", { level: 2 }).locator(`a[href="/resources/guides/${slug}"]`)).toHaveCount(
        1,
      );
    }

    const kanban = cards.filter({ hasText: "Build a Kanban Workflow in Plotline" });
    await expect(kanban.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText([
      "Kanban",
      "Productivity",
    ]);
    await expect(kanban.getByText("7 min read")).toBeVisible();
  });

  test("a guide shows its title, tags, date, reading time, content and a way back", async ({ page }) => {
    await page.goto("/resources/guides");
    await page.getByRole("link", { name: "Build a Kanban Workflow in Plotline" }).click();
    await expect(page).toHaveURL(/\/resources\/guides\/build-kanban-workflow$/);
    await expect(page.getByRole("heading", { level: 1, name: "Build a Kanban Workflow in Plotline" })).toBeVisible();
    await expect(page.getByRole("list", { name: "Tags" }).getByRole("listitem")).toHaveText(["Kanban", "Productivity"]);
    await expect(page.getByText("Updated October 14, 2025")).toBeVisible();
    await expect(page.getByText("7 min read")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Step 1: Create the project" })).toBeVisible();

    await page.getByRole("link", { name: "Back to Guides" }).first().click();
    await expect(page).toHaveURL(/\/resources\/guides$/);
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(4);
  });

  test("an unknown guide answers 404 with Guide Not Found", async ({ page }) => {
    const response = await page.goto("/resources/guides/no-such-guide");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Guide Not Found" })).toBeVisible();
    await expect(page.getByText("The guide you're looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Guides" })).toHaveAttribute("href", "/resources/guides");
  });
});

test.describe("blog", () => {
  test("the list shows four posts with image, title, date, author and a 3-line summary", async ({ page }) => {
    await page.goto("/resources/blog");
    await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
    await expect(postCards(page)).toHaveCount(4);
    await expect(postCards(page).getByRole("heading", { level: 2 }).getByRole("link")).toHaveCount(4);
    for (const slug of POST_SLUGS) {
      await expect(
        postCards(page).getByRole("heading", { level: 2 }).locator(`a[href="/resources/blog/${slug}"]`),
      ).toHaveCount(1);
    }

    const launch = postCards(page).filter({ hasText: "Introducing Plotline" });
    await expect(launch.locator('img[src="/images/blog/introducing-plotline.svg"]')).toHaveAttribute("alt", "");
    await expect(launch.getByText("Nusrat Karim")).toBeVisible();
    await expect(launch.getByText("March 11, 2025")).toBeVisible();
    await expect(launch.getByText(/^Plotline is a self-hostable/)).toHaveCSS("-webkit-line-clamp", "3");

    await expect(tagFilter(page).getByRole("link", { name: "All Posts" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("heading", { level: 2, name: "Subscribe to our newsletter" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toBeVisible();
    await expect(page.getByRole("link", { name: "RSS" })).toHaveAttribute("href", "/resources/blog/rss.xml");
    await expect(page.locator('head link[rel="alternate"][type="application/rss+xml"]')).toHaveAttribute(
      "href",
      "/resources/blog/rss.xml",
    );
  });

  test("the tag filter keeps the tag in the URL; search keeps the tag", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/resources/blog");
    await tagFilter(page).getByRole("link", { name: "Changelog" }).click();
    await expect(page).toHaveURL(/\/resources\/blog\?tag=Changelog$/);
    await expect(postCards(page)).toHaveCount(1);
    await expect(postCards(page).getByRole("heading", { level: 2 })).toHaveText(
      "Plotline 1.2: Mind Maps, Your Own AI Model and Calendar Sync",
    );
    await expect(postCards(page).getByRole("link").first()).toHaveAttribute("href", "/resources/blog/changelog-v1-2");
    await expect(tagFilter(page).getByRole("link", { name: "Changelog" })).toHaveAttribute("aria-current", "page");
    await expect(tagFilter(page).locator("[aria-current]")).toHaveCount(1);

    const search = page.getByRole("searchbox", { name: "Search posts" });
    await search.fill("zzzz");
    await search.press("Enter");
    await expect(page).toHaveURL(/[?&]q=zzzz/);
    await expect(page).toHaveURL(/[?&]tag=Changelog/);
    await expect(page.getByText("No posts found matching your criteria", { exact: true })).toBeVisible();
    await expect(postCards(page)).toHaveCount(0);
    await expect(search).toHaveValue("zzzz");

    // All Posts clears the tag and keeps the search.
    await tagFilter(page).getByRole("link", { name: "All Posts" }).click();
    await expect(page).toHaveURL(/\/resources\/blog\?q=zzzz$/);
    await expect(page.getByText("No posts found matching your criteria", { exact: true })).toBeVisible();
  });

  test("search matches title, summary and tags, case-insensitively", { tag: "@nojs" }, async ({ page }) => {
    await page.goto("/resources/blog?q=MIND%20MAPS");
    await expect(postCards(page).getByRole("heading", { level: 2 })).toHaveText([
      "Plotline 1.2: Mind Maps, Your Own AI Model and Calendar Sync",
    ]);
    await page.goto("/resources/blog?q=every%20item%20looks%20equally%20urgent");
    await expect(postCards(page).getByRole("heading", { level: 2 })).toHaveText([
      "Mastering Task Management: Boards, Priorities and Due Dates That Mean Something",
    ]);
    await page.goto("/resources/blog?q=announcement");
    await expect(postCards(page).getByRole("heading", { level: 2 })).toHaveText([
      "Introducing Plotline: Project Management You Can Run Yourself",
    ]);
  });

  test("a post shows hero image, author, role, date and tags linking to the list", async ({ page }) => {
    await page.goto("/resources/blog");
    await page.getByRole("link", { name: "Introducing Plotline: Project Management You Can Run Yourself" }).click();
    await expect(page).toHaveURL(/\/resources\/blog\/introducing-plotline$/);
    await expect(
      page.getByRole("heading", { level: 1, name: "Introducing Plotline: Project Management You Can Run Yourself" }),
    ).toBeVisible();
    const main = page.getByRole("main");
    const hero = main.locator('img[src="/images/blog/introducing-plotline.svg"]');
    await expect(hero).toBeVisible();
    await expect(hero).toHaveAttribute("alt", "");
    const image = await page.request.get("/images/blog/introducing-plotline.svg");
    expect(image.status()).toBe(200);
    await expect(main.locator('img[src="/images/authors/nusrat-karim.svg"]')).toBeVisible();
    await expect(main.getByText("Nusrat Karim", { exact: true })).toBeVisible();
    await expect(main.getByText(/Co-founder and CEO · March 11, 2025/)).toBeVisible();
    await expect(main.getByRole("heading", { level: 2, name: "Why we built it" })).toBeVisible();
    await expect(page.locator('head meta[property="og:type"]')).toHaveAttribute("content", "article");
    await expect(page.locator('head meta[property="og:image"]')).toHaveAttribute(
      "content",
      /\/images\/blog\/introducing-plotline\.svg$/,
    );

    const tags = main.getByRole("list", { name: "Tags" });
    await expect(tags.getByRole("link")).toHaveText(["Announcement", "Product"]);
    await tags.getByRole("link", { name: "Announcement" }).click();
    await expect(page).toHaveURL(/\/resources\/blog\?tag=Announcement$/);
    await expect(postCards(page)).toHaveCount(1);
  });

  test("an unknown post answers 404 with Post Not Found", async ({ page }) => {
    const response = await page.goto("/resources/blog/no-such-post");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Post Not Found" })).toBeVisible();
    await expect(page.getByText("The blog post you're looking for doesn't exist or has been moved.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", "/resources/blog");
  });
});
