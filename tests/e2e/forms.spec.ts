import { expect, test } from "@playwright/test";

import { hydratePublicPage } from "./support/hydration";
import { mailMatching, mailTo, uniqueEmail } from "./support/mailbox";

/**
 * The public forms end to end: a valid submission is stored and answered by e-mail
 * (captured by the in-test SMTP server), the success message shows after the redirect,
 * and invalid input comes back with messages beside the fields and the values kept.
 */

test.describe("request a demo", { tag: "@nojs" }, () => {
  test("from the header: a dialog with JavaScript, the /request-demo page without", async ({
    page,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("demo");
    await page.goto("/pricing");
    if (javaScriptEnabled) await hydratePublicPage(page);
    await page.getByRole("banner").getByRole("link", { name: "Request Demo" }).first().click();
    if (javaScriptEnabled) {
      await expect(page.getByRole("dialog", { name: "Request a demo" })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe("/pricing");
    } else {
      await expect(page).toHaveURL(/\/request-demo$/);
    }
    const form = javaScriptEnabled ? page.getByRole("dialog") : page.getByRole("main");
    await form.getByLabel("Name").fill("Grace Hopper");
    await form.getByLabel("Work email").fill(email);
    await form.getByLabel("Company").fill("Compilers Inc");
    await form.getByLabel("Team size").selectOption("11-50");
    await form.getByRole("button", { name: "Request Demo" }).click();

    await expect(page.getByRole("status")).toContainText("Demo request received!");
    await expect(page.getByRole("status")).toContainText(
      "Our team will contact you shortly to schedule your personalized demo.",
    );
    const [ack] = await mailTo(email);
    expect(ack?.subject).toBe("Your Plotline demo request");
    await mailMatching(
      "team@plotline.test",
      (mail) => mail.subject === "[Demo request] Compilers Inc (11-50)" && mail.replyTo?.includes(email) === true,
    );
  });

  test("bad input comes back with field messages and the typed values", async ({ page }) => {
    await page.goto("/request-demo");
    const main = page.getByRole("main");
    await main.getByLabel("Name").fill("Grace");
    await main.getByLabel("Work email").fill("not-an-email");
    await main.getByRole("button", { name: "Request Demo" }).click();
    await expect(main.getByText("Enter a valid email address")).toBeVisible();
    await expect(main.getByText("Company is required")).toBeVisible();
    await expect(main.getByLabel("Name")).toHaveValue("Grace");
    await expect(main.getByLabel("Work email")).toHaveValue("not-an-email");
  });
});

test.describe("contact and support pages", { tag: "@nojs" }, () => {
  test("the contact form sends, shows 'Message Sent!' and resets", async ({ page, context }) => {
    await context.route("**openstreetmap.org/**", (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<p>map</p>" }),
    );
    const email = uniqueEmail("contact");
    await page.goto("/company/contact");
    const main = page.getByRole("main");
    await main.getByRole("textbox", { name: "Full name" }).fill("Ada Lovelace");
    await main.getByRole("textbox", { name: "Email" }).fill(email);
    await main.getByRole("textbox", { name: "Subject" }).fill("Analytical engine");
    await main.getByRole("textbox", { name: "Message" }).fill("Can Plotline plan it?");
    await main.getByRole("button", { name: /send/i }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent!");
    await expect(page.getByRole("status")).toContainText(
      "Thanks for reaching out. We'll get back to you within 24-48 hours.",
    );
    await expect(main.getByRole("textbox", { name: "Subject" })).toHaveValue("");
    const [ack] = await mailTo(email);
    expect(ack?.subject).toBe("We received your message: Analytical engine");
  });

  test("the support form sends and shows 'Message Sent!'", async ({ page }) => {
    const email = uniqueEmail("support");
    await page.goto("/resources/support");
    const form = page.locator("form").filter({ has: page.getByLabel("Category") });
    await form.getByRole("textbox", { name: "Name" }).fill("Linus");
    await form.getByRole("textbox", { name: "Email" }).fill(email);
    await form.getByLabel("Category").selectOption("self-hosting");
    await form.getByRole("textbox", { name: "Message" }).fill("How do I move to PostgreSQL?");
    await form.getByRole("button", { name: /send|submit/i }).click();
    await expect(page.getByRole("status")).toContainText("Message Sent!");
    const [ack] = await mailTo(email);
    expect(ack?.subject).toBe("We received your support request");
    await mailMatching("team@plotline.test", (mail) => mail.subject === "[Support · self-hosting] Request from Linus");
  });
});

test.describe("newsletter", { tag: "@nojs" }, () => {
  test("double opt-in: subscribe, confirm by the mailed link, 'Subscribed!'; again is harmless", async ({ page }) => {
    const email = uniqueEmail("news");
    await page.goto("/resources/blog");
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Subscribe" }) });
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page.getByRole("status")).toContainText(`We sent a confirmation link to ${email}`);

    const [confirm] = await mailTo(email);
    expect(confirm?.subject).toBe("Confirm your Plotline newsletter subscription");
    const link = confirm?.text.match(/https?:\/\/\S+\/newsletter\/confirm\?token=[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await expect(page.getByRole("status")).toContainText("Subscribed!");
    await expect(page.getByRole("status")).toContainText(email);

    // The link works once.
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await expect(page.getByRole("alert")).toContainText("This link has expired");

    const [, welcome] = await mailTo(email, 2);
    expect(welcome?.subject).toBe("Welcome to the Plotline newsletter");
    const unsubscribe = welcome?.text.match(/https?:\/\/\S+\/newsletter\/unsubscribe\?\S+/)?.[0] ?? "";
    await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toContainText("Unsubscribed");
  });
});
