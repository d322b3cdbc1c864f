import { expect, test, type Page } from "@playwright/test";

const VALUES = ["Innovation", "Transparency", "User Empathy", "Velocity", "Simplicity"];

const BENEFITS = [
  "Remote First",
  "Health Coverage",
  "Learning Budget",
  "Home Office Setup",
  "Generous Time Off",
  "Equity",
];

const OPENINGS = [
  { id: "ai-prompt-engineer", title: "AI Prompt Engineer", department: "AI" },
  { id: "frontend-engineer", title: "Frontend Engineer", department: "Engineering" },
  { id: "product-designer", title: "Product Designer", department: "Design" },
];

const SUPPORT_QUESTIONS = [
  "How do I reset my password?",
  "How do I invite members to my workspace?",
  "Which payment methods do you accept?",
  "How does the AI Assistant work?",
];

test.beforeEach(async ({ context }) => {
  // The contact page embeds an OpenStreetMap frame; tests never load it from outside.
  await context.route("**openstreetmap.org/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
  );
});

/** The contact form: the form holding the "Full name" field. */
function contactForm(page: Page) {
  return page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByLabel("Full name") });
}

/** The support form: the form holding the "Category" select. */
function supportForm(page: Page) {
  return page
    .getByRole("main")
    .locator("form")
    .filter({ has: page.getByLabel("Category") });
}

test.describe("about", () => {
  test("shows the mission, vision, timeline, the five values and the team", async ({ page }) => {
    await page.goto("/company/about");
    await expect(page).toHaveTitle("About Us · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);

    await expect(page.getByRole("heading", { level: 2, name: "Our mission" })).toBeVisible();
    await expect(page.getByRole("main")).toContainText(
      "Plotline exists to give every team a calm, clear place to plan and finish its work.",
    );
    await expect(page.getByRole("heading", { level: 2, name: "Our vision" })).toBeVisible();

    const story = page.getByRole("region", { name: "How Plotline came together" });
    await expect(story.getByRole("listitem")).toHaveCount(5);
    await expect(story.getByRole("heading", { level: 3, name: "Plotline is founded" })).toBeVisible();

    const values = page.getByRole("region", { name: "Our core values" });
    await expect(values.getByRole("listitem")).toHaveCount(5);
    await expect(values.getByRole("heading", { level: 3 })).toHaveText(VALUES);

    const team = page.getByRole("region", { name: "Meet the team" });
    await expect(team.getByRole("heading", { level: 3, name: "Nusrat Karim" })).toBeVisible();
    await expect(team.locator('img[src="/images/people/nusrat-karim.svg"]')).toHaveCount(1);
  });
});

test.describe("careers", () => {
  test("shows six benefits and three remote openings linking to their pages", async ({ page }) => {
    await page.goto("/company/careers");
    await expect(page).toHaveTitle("Careers · Plotline");

    const benefits = page.getByRole("region", { name: "Benefits that support your life and your work" });
    await expect(benefits.getByRole("listitem")).toHaveCount(6);
    await expect(benefits.getByRole("heading", { level: 3 })).toHaveText(BENEFITS);

    const openings = page.getByRole("region", { name: "Current openings" });
    await expect(openings.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) })).toHaveCount(
      3,
    );
    for (const job of OPENINGS) {
      const link = openings.getByRole("link", { name: job.title, exact: true });
      await expect(link).toHaveAttribute("href", `/company/careers/${job.id}`);
      // A `has` locator is matched inside each item, so it must not be rooted at `openings`.
      const card = openings
        .getByRole("listitem")
        .filter({ has: page.getByRole("link", { name: job.title, exact: true }) });
      await expect(card.getByRole("list", { name: "Role details" })).toContainText(`Department: ${job.department}`);
      await expect(card.getByRole("list", { name: "Role details" })).toContainText("Location: Remote");
      await expect(card.getByRole("list", { name: "Role details" })).toContainText("Type: Full-time");
    }

    await openings.getByRole("link", { name: "Frontend Engineer", exact: true }).click();
    await expect(page).toHaveURL(/\/company\/careers\/frontend-engineer$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frontend Engineer");
  });

  test("a job page lists the role and applies by e-mail", async ({ page }) => {
    await page.goto("/company/careers/frontend-engineer");
    await expect(page).toHaveTitle("Frontend Engineer · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Frontend Engineer");
    await expect(page.getByRole("list", { name: "Role details" })).toContainText("Department: Engineering");
    await expect(page.getByRole("heading", { level: 2, name: "About the role" })).toBeVisible();

    const responsibilities = page.getByRole("region", { name: "Responsibilities" });
    await expect(responsibilities.getByRole("listitem")).toHaveCount(7);
    const requirements = page.getByRole("region", { name: "Requirements" });
    await expect(requirements.getByRole("listitem")).toHaveCount(6);
    await expect(page.getByRole("region", { name: "Nice to Have" }).getByRole("listitem").first()).toBeVisible();

    await expect(page.getByRole("link", { name: "Apply by e-mail" })).toHaveAttribute(
      "href",
      "mailto:careers@plotline.app?subject=Application%3A%20Frontend%20Engineer",
    );
    await expect(page.getByRole("main").getByRole("link", { name: "Back to Careers" })).toHaveAttribute(
      "href",
      "/company/careers",
    );
  });

  test("an unknown job answers 404 'Job Not Found' with a way back", async ({ page }) => {
    const response = await page.goto("/company/careers/astronaut");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("Job Not Found · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Job Not Found");
    await expect(page.getByText("The job listing you're looking for doesn't exist or has been filled.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Careers" })).toHaveAttribute("href", "/company/careers");
  });
});

test.describe("contact", () => {
  test("shows the form, the contact information and the map", async ({ page }) => {
    await page.goto("/company/contact");
    await expect(page).toHaveTitle("Contact Us · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Get in touch");

    const form = contactForm(page);
    for (const label of ["Full name", "Email", "Subject", "Message"]) {
      await expect(form.getByLabel(label), label).toHaveAttribute("required", "");
    }
    await expect(form.locator('input[type="hidden"][name="topic"]')).toHaveValue("general");
    await expect(form.getByRole("button", { name: "Send Message" })).toBeVisible();

    const info = page.getByRole("region", { name: "Contact information" });
    await expect(info.getByRole("link", { name: "support@plotline.app" })).toHaveAttribute(
      "href",
      "mailto:support@plotline.app",
    );
    await expect(info.getByRole("link", { name: "sales@plotline.app" })).toHaveAttribute(
      "href",
      "mailto:sales@plotline.app",
    );
    await expect(info).toContainText("Dhaka, Bangladesh");
    await expect(info).toContainText("Monday to Friday, 9:00 AM to 6:00 PM (GMT+6)");

    const map = page.locator("iframe");
    await expect(map).toHaveCount(1);
    await expect(map).toHaveAttribute("title", "Map of our headquarters in Dhaka, Bangladesh");
    await expect(map).toHaveAttribute("loading", "lazy");
    await expect(map).toHaveAttribute("referrerpolicy", "no-referrer");
    await expect(map).toHaveAttribute(
      "src",
      "https://www.openstreetmap.org/export/embed.html?bbox=90.3925,23.7953,90.4325,23.8253&layer=mapnik&marker=23.8103,90.4125",
    );
    await expect(page.getByRole("link", { name: "View larger map" })).toHaveAttribute(
      "href",
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=23\.8103&mlon=90\.4125/,
    );
  });

  test("?topic=sales shows the sales heading and posts the topic", async ({ page }) => {
    await page.goto("/company/contact?topic=sales");
    await expect(page).toHaveTitle("Talk to Sales · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Talk to sales");
    await expect(page.getByRole("heading", { level: 2, name: "Tell us about your team" })).toBeVisible();
    await expect(contactForm(page).locator('input[type="hidden"][name="topic"]')).toHaveValue("sales");
    await expect(contactForm(page).getByLabel("Full name")).toHaveValue("");
    await expect(
      page.getByRole("navigation", { name: "Contact topics" }).getByRole("link", { name: "Sales" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test(
    "without JavaScript, an invalid post comes back (400) with the messages and what was typed",
    { tag: "@nojs" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(javaScriptEnabled, "the server's answer to a plain form post");
      await page.goto("/company/contact");
      const form = contactForm(page);
      await form.getByLabel("Subject").fill("Plans for a team of 50");
      await form.getByLabel("Email").fill("not-an-email");
      const [response] = await Promise.all([
        page.waitForResponse((r) => r.request().method() === "POST"),
        form.getByRole("button", { name: "Send Message" }).click(),
      ]);
      expect(response.status()).toBe(400);

      const answered = contactForm(page);
      await expect(answered.getByText("Full name is required")).toBeVisible();
      await expect(answered.getByText("Enter a valid email address")).toBeVisible();
      await expect(answered.getByText("Message is required")).toBeVisible();
      await expect(answered.getByLabel("Full name")).toHaveAttribute("aria-invalid", "true");
      await expect(answered.getByLabel("Subject")).toHaveValue("Plans for a team of 50");
      await expect(answered.getByLabel("Email")).toHaveValue("not-an-email");
      await expect(page).toHaveURL(/\/company\/contact$/);
    },
  );

  test("with JavaScript, the same messages appear before anything is sent", async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "Conform validates in the browser");
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await page.goto("/company/contact");
    const form = contactForm(page);
    // Scripts loaded and idle: the form is hydrated and Conform validates on submit.
    await page.waitForLoadState("networkidle");
    await form.getByLabel("Email").fill("not-an-email");

    await form.getByLabel("Subject").fill("Plans for a team of 50");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Full name is required")).toBeVisible();
    await expect(form.getByText("Enter a valid email address")).toBeVisible();
    await expect(form.getByText("Message is required")).toBeVisible();
    await expect(form.getByLabel("Full name")).toBeFocused();
    await expect(form.getByLabel("Subject")).toHaveValue("Plans for a team of 50");
    expect(posts).toEqual([]);
  });
});

test.describe("support", { tag: "@nojs" }, () => {
  test("shows the four questions, the form and the quick links", async ({ page }) => {
    await page.goto("/resources/support");
    await expect(page).toHaveTitle("Support · Plotline");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("How can we help?");

    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(faq.locator('details[name="support-faq"]')).toHaveCount(4);
    await expect(faq.locator("summary")).toHaveText(SUPPORT_QUESTIONS);
    await faq.getByText("How do I invite members to my workspace?").click();
    await expect(faq.getByText("valid for 7 days")).toBeVisible();

    const form = supportForm(page);
    const category = form.getByRole("combobox", { name: "Category" });
    await expect(category).toHaveValue("");
    await expect(category.locator("option:not([disabled])")).toHaveText([
      "Account & sign-in",
      "Billing & plans",
      "Technical issue",
      "Self-hosting",
      "Feature request",
      "Something else",
    ]);
    for (const label of ["Name", "Email", "Message"]) {
      await expect(form.getByLabel(label), label).toHaveAttribute("required", "");
    }

    const links = page.getByRole("region", { name: "Quick links" });
    await expect(links.getByRole("link", { name: "Documentation" })).toHaveAttribute(
      "href",
      "/resources/documentation",
    );
    await expect(links.getByRole("link", { name: "Changelog" })).toHaveAttribute(
      "href",
      "/resources/blog?tag=Changelog",
    );
    await expect(links.getByRole("link", { name: "Report a bug" })).toHaveAttribute(
      "href",
      "mailto:support@plotline.app?subject=Bug%20report",
    );
    // Not live yet: named, marked coming soon, and not links.
    for (const name of ["Community forum", "Roadmap"]) {
      await expect(links.getByRole("heading", { level: 3, name })).toBeVisible();
      await expect(links.getByRole("link", { name })).toHaveCount(0);
    }
    await expect(links.getByText("Coming soon")).toHaveCount(2);
  });

  test("an empty support request shows the field messages", async ({ page }) => {
    await page.goto("/resources/support");
    const form = supportForm(page);
    await form.getByLabel("Name").fill("Linus");
    await form.getByRole("button", { name: "Send Message" }).click();
    const answered = supportForm(page);
    await expect(answered.getByText("Email is required")).toBeVisible();
    await expect(answered.getByRole("combobox", { name: "Category" })).toHaveAccessibleDescription("Choose a category");
    await expect(answered.getByText("Message is required")).toBeVisible();
    await expect(answered.getByLabel("Name")).toHaveValue("Linus");
  });
});

test.describe("legal", () => {
  for (const doc of [
    { path: "/legal/terms", title: "Terms of Service", heading: "Governing law", id: "governing-law" },
    { path: "/legal/privacy", title: "Privacy Policy", heading: "Children", id: "children" },
  ]) {
    test(`${doc.title} shows its date, text and table of contents`, async ({ page }) => {
      await page.goto(doc.path);
      await expect(page).toHaveTitle(`${doc.title} · Plotline`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByText("Last updated May 30, 2025")).toBeVisible();
      await expect(page.locator("time")).toHaveAttribute("datetime", "2025-05-30");

      const toc = page.getByRole("navigation", { name: "On this page" });
      await expect(toc.getByRole("link", { name: doc.heading, exact: true })).toHaveAttribute("href", `#${doc.id}`);
      await expect(page.getByRole("heading", { level: 2, name: doc.heading, exact: true })).toHaveAttribute(
        "id",
        doc.id,
      );
    });
  }

  test("the privacy policy states the minimum ages and Bangladesh", async ({ page }) => {
    await page.goto("/legal/privacy");
    const article = page.getByRole("article", { name: "Privacy Policy" });
    await expect(article).toContainText("at least 13 years old");
    await expect(article).toContainText("at least 16 years old");
    await expect(article).toContainText("Bangladesh");
  });
});
