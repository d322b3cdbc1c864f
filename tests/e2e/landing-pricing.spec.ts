import { expect, test, type Page } from "@playwright/test";

import { hydratePublicPage } from "./support/hydration";

const FEATURES = [
  "AI Assistant",
  "Task Management",
  "Real-Time Collaboration",
  "Customizable Views",
  "Automated Workflows",
  "Security and Self-Hosting",
];

const INTEGRATIONS = [
  ["supabase", "Supabase"],
  ["slack", "Slack"],
  ["google-calendar", "Google Calendar"],
  ["github", "GitHub"],
  ["gitlab", "GitLab"],
  ["google-drive", "Google Drive"],
  ["dropbox", "Dropbox"],
  ["figma", "Figma"],
  ["zapier", "Zapier"],
  ["microsoft-teams", "Microsoft Teams"],
  ["discord", "Discord"],
  ["webhooks", "Webhooks"],
] as const;

const TESTIMONIAL_NAMES = ["Nadia Rahman", "Marcus Ellison", "Priya Venkatesh"] as const;

const COMPARISON_ROWS = [
  "Projects",
  "Task management",
  "AI assistant",
  "Workspaces",
  "Real-time collaboration",
  "Advanced security",
];

const HEADER_HEIGHT = 64;

/** A plan card: the list item named by the plan's heading. */
function plan(page: Page, section: string, name: string) {
  return page.locator(section).getByRole("listitem", { name, exact: true });
}

test.describe("landing page", () => {
  test("has the tagline title, one h1 and the four anchored sections", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle("Plotline · Project and task management with an AI assistant");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plan, track and ship together");
    for (const id of ["features", "integrations", "testimonials", "pricing"]) {
      await expect(page.locator(`section#${id}`), id).toHaveCount(1);
      await expect(page.locator(`section#${id}`).getByRole("heading", { level: 2 }).first(), id).toBeVisible();
    }
  });

  test("shows six feature cards, twelve integration logos and three testimonials", async ({ page }) => {
    await page.goto("/");
    const features = page.locator("#features");
    await expect(features.getByRole("listitem")).toHaveCount(6);
    await expect(features.getByRole("heading", { level: 3 })).toHaveText(FEATURES);

    const integrations = page.locator("#integrations");
    await expect(integrations.getByRole("img")).toHaveCount(12);
    for (const [id, name] of INTEGRATIONS) {
      await expect(integrations.getByRole("img", { name, exact: true })).toHaveAttribute(
        "src",
        `/images/integrations/${id}.svg`,
      );
    }
    await expect(integrations.getByRole("link", { name: "View All Integrations" })).toHaveAttribute(
      "href",
      "/resources/documentation#integrations",
    );

    const testimonials = page.locator("#testimonials").getByRole("figure");
    await expect(testimonials).toHaveCount(3);
    for (const [index, name] of TESTIMONIAL_NAMES.entries()) {
      await expect(testimonials.nth(index)).toContainText(name);
      await expect(testimonials.nth(index).locator("img")).toHaveAttribute("src", /^\/images\/people\/.+\.svg$/);
    }
  });

  test("shows the Starter, Pro and Enterprise plans with their buttons", async ({ page }) => {
    await page.goto("/");
    const pricing = page.locator("#pricing");
    await expect(pricing.getByRole("heading", { level: 3 })).toHaveText(["Starter", "Pro", "Enterprise"]);

    const starter = plan(page, "#pricing", "Starter");
    await expect(starter.getByText("$12", { exact: true })).toBeVisible();
    await expect(starter.getByText("/user/month", { exact: true })).toBeVisible();
    await expect(starter.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth/signup");

    const pro = plan(page, "#pricing", "Pro");
    await expect(pro.getByText("$24", { exact: true })).toBeVisible();
    await expect(pro.getByText("Most Popular", { exact: true })).toBeVisible();
    await expect(pro.getByRole("link", { name: "Get Started" })).toHaveAttribute("href", "/auth/signup");
    await expect(pricing.getByText("Most Popular", { exact: true })).toHaveCount(1);

    const enterprise = plan(page, "#pricing", "Enterprise");
    await expect(enterprise.getByText("Custom", { exact: true })).toBeVisible();
    await expect(enterprise.getByRole("link", { name: "Contact Sales" })).toHaveAttribute(
      "href",
      "/company/contact?topic=sales",
    );
  });

  test(
    "Get Early Access goes to sign-up; Schedule a Demo offers the demo form",
    { tag: "@nojs" },
    async ({ page, javaScriptEnabled }) => {
      await page.goto("/");
      const hero = page.getByRole("region", { name: "Plan, track and ship together" });
      const demo = hero.getByRole("link", { name: "Schedule a Demo" });
      await expect(demo).toHaveAttribute("href", "/request-demo");
      if (javaScriptEnabled) {
        await hydratePublicPage(page);
        await demo.click();
        await expect(page.getByRole("dialog", { name: "Request a demo" })).toBeVisible();
        await page.keyboard.press("Escape");
        await expect(page.getByRole("dialog")).toHaveCount(0);
      }
      // The closing call to action repeats both buttons.
      const closing = page.getByRole("region", { name: "Ready to get started?" });
      await expect(closing.getByRole("link", { name: "Get Early Access" })).toHaveAttribute("href", "/auth/signup");
      await expect(closing.getByRole("link", { name: "Schedule a Demo" })).toHaveAttribute("href", "/request-demo");

      await hero.getByRole("link", { name: "Get Early Access" }).click();
      await expect(page).toHaveURL(/\/auth\/signup$/);
    },
  );

  test(
    "an anchor from another page lands on its section, clear of the sticky header",
    { tag: "@nojs" },
    async ({ page }) => {
      for (const id of ["features", "integrations", "testimonials", "pricing"]) {
        await page.goto("/pricing");
        await page.goto(`/#${id}`);
        const title = page.locator(`#${id}-title`);
        await expect(title).toBeInViewport();
        const box = await title.boundingBox();
        expect(box?.y, id).toBeGreaterThanOrEqual(HEADER_HEIGHT);
      }
    },
  );
});

test.describe("pricing page", () => {
  test("defaults to monthly prices", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page).toHaveTitle("Pricing · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const toggle = page.getByRole("group", { name: "Billing period" });
    await expect(toggle.getByRole("link", { name: "Monthly" })).toHaveAttribute("aria-current", "true");
    await expect(toggle.getByRole("link", { name: /Yearly/ })).not.toHaveAttribute("aria-current");
    await expect(toggle.getByText("Save 20%", { exact: true })).toBeVisible();

    await expect(plan(page, "#plans", "Free").getByText("$0", { exact: true })).toBeVisible();
    await expect(plan(page, "#plans", "Pro").getByText("$12", { exact: true })).toBeVisible();
    await expect(plan(page, "#plans", "Business").getByText("$25", { exact: true })).toBeVisible();
    await expect(page.locator("#plans").getByText("per month", { exact: true })).toHaveCount(3);
    await expect(page.locator("#plans").getByText(/billed annually/)).toHaveCount(0);
  });

  test(
    "the yearly switch shows yearly prices and puts billing=yearly in the URL",
    { tag: "@nojs" },
    async ({ page }) => {
      await page.goto("/pricing");
      const toggle = page.getByRole("group", { name: "Billing period" });
      await toggle.getByRole("link", { name: /Yearly/ }).click();
      await expect(page).toHaveURL(/[?&]billing=yearly\b/);
      await expect(toggle.getByRole("link", { name: /Yearly/ })).toHaveAttribute("aria-current", "true");
      await expect(toggle.getByRole("link", { name: "Monthly" })).not.toHaveAttribute("aria-current");

      const pro = plan(page, "#plans", "Pro");
      const business = plan(page, "#plans", "Business");
      await expect(pro.getByText("$10", { exact: true })).toBeVisible();
      await expect(business.getByText("$20", { exact: true })).toBeVisible();
      await expect(pro.getByText("$12", { exact: true })).toHaveCount(0);
      await expect(business.getByText("$25", { exact: true })).toHaveCount(0);
      await expect(pro.getByText(/billed annually/)).toBeVisible();
      await expect(business.getByText(/billed annually/)).toBeVisible();

      await toggle.getByRole("link", { name: "Monthly" }).click();
      await expect(page).toHaveURL(/[?&]billing=monthly\b/);
      await expect(pro.getByText("$12", { exact: true })).toBeVisible();
    },
  );

  test("plan buttons go to sign-up, Contact Sales to the contact page", async ({ page }) => {
    await page.goto("/pricing");
    await expect(page.locator("#plans").getByRole("heading", { level: 3 })).toHaveText(["Free", "Pro", "Business"]);
    await expect(plan(page, "#plans", "Free").getByRole("link", { name: "Get Started" })).toHaveAttribute(
      "href",
      "/auth/signup",
    );
    const pro = plan(page, "#plans", "Pro");
    await expect(pro.getByText("Most Popular", { exact: true })).toBeVisible();
    await expect(pro.getByRole("link", { name: "Start Free Trial" })).toHaveAttribute("href", "/auth/signup");
    await expect(plan(page, "#plans", "Business").getByRole("link", { name: "Contact Sales" })).toHaveAttribute(
      "href",
      "/company/contact?topic=sales",
    );
    await expect(page.getByRole("link", { name: "Sign Up For Free" })).toHaveAttribute("href", "/auth/signup");
  });

  test("the comparison table has the six rows under Free, Pro and Business", async ({ page }) => {
    await page.goto("/pricing");
    const table = page.getByRole("table", { name: "Features included in the Free, Pro and Business plans" });
    await expect(table.getByRole("columnheader")).toHaveText(["Feature", "Free", "Pro", "Business"]);
    await expect(table.getByRole("rowheader")).toHaveText(COMPARISON_ROWS);
    await expect(table.getByRole("row", { name: /^Projects/ }).getByRole("cell")).toHaveText([
      "Up to 5",
      "Unlimited",
      "Unlimited",
    ]);
  });

  test("shows three testimonials", async ({ page }) => {
    await page.goto("/pricing");
    const testimonials = page.locator("#testimonials").getByRole("figure");
    await expect(testimonials).toHaveCount(3);
    await expect(testimonials.nth(0)).toContainText(TESTIMONIAL_NAMES[0]);
  });

  test("the FAQ opens each question, one at a time", { tag: "@nojs" }, async ({ page, javaScriptEnabled }) => {
    await page.goto("/pricing");
    const faq = page.locator("#faq");
    const questions = faq.locator("details");
    await expect(questions).toHaveCount(4);
    for (let index = 0; index < 4; index++) {
      await expect(questions.nth(index)).not.toHaveAttribute("open");
    }
    const first = questions.nth(0);
    const second = questions.nth(1);
    await first.locator("summary").click();
    await expect(first).toHaveAttribute("open", "");
    await expect(first.getByText(/You can move between Free, Pro and Business/)).toBeVisible();

    if (javaScriptEnabled) {
      // <details name="pricing-faq">: opening a second question closes the first.
      await second.locator("summary").click();
      await expect(second).toHaveAttribute("open", "");
      await expect(second.getByText(/Paying once a year lowers the price/)).toBeVisible();
      await expect(first).not.toHaveAttribute("open");
      await expect(first.getByText(/You can move between Free, Pro and Business/)).toBeHidden();
    } else {
      for (let index = 1; index < 4; index++) {
        await questions.nth(index).locator("summary").click();
        await expect(questions.nth(index)).toHaveAttribute("open", "");
      }
    }
  });

  test("the comparison table scrolls inside its own box on a phone", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto("/pricing");
    const region = page.getByRole("region", { name: "Feature comparison, scrollable" });
    const overflow = await region.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(overflow).toBeGreaterThan(0);
  });
});
