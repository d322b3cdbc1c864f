import { expect, test } from "@playwright/test";

import { mailMatching, mailTo, uniqueEmail } from "./support/mailbox";

/** The public forms as plain posts, without a browser (moved from forms.spec.ts). */

test.describe("form posts without a browser", () => {
  test("a valid contact post redirects with the toast cookie; the mails arrive", async ({ request }) => {
    const email = uniqueEmail("curl-contact");
    const response = await request.post("/company/contact", {
      form: { fullName: "Ada Lovelace", email, subject: "Engines", message: "Hello\nfrom curl", topic: "sales" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/company/contact");
    expect(response.headers()["set-cookie"]).toContain("plotline-toast=");
    const [ack] = await mailTo(email);
    expect(ack?.subject).toBe("We received your message: Engines");
    expect(ack?.text).toContain("> Hello\n> from curl");
    await mailMatching("team@plotline.test", (mail) => mail.subject === "[Contact · sales] Engines");
  });

  test("a valid demo request and newsletter sign-up by plain posts", async ({ request }) => {
    const email = uniqueEmail("curl-demo");
    const demo = await request.post("/request-demo", {
      form: { name: "Grace", workEmail: email, company: "Navy", teamSize: "201-1000" },
      maxRedirects: 0,
    });
    expect(demo.status()).toBe(302);
    expect(demo.headers()["location"]).toBe("/");
    expect((await mailTo(email))[0]?.subject).toBe("Your Plotline demo request");

    const reader = uniqueEmail("curl-news");
    const news = await request.post("/newsletter", {
      form: { email: reader, redirectTo: "/pricing" },
      maxRedirects: 0,
    });
    expect(news.status()).toBe(302);
    expect(news.headers()["location"]).toBe("/pricing");
    expect((await mailTo(reader))[0]?.subject).toBe("Confirm your Plotline newsletter subscription");
  });

  test("an invalid support post answers 400 with the messages and the typed values", async ({ request }) => {
    const response = await request.post("/resources/support", {
      form: { name: "Linus", email: "nope", category: "", message: "" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(400);
    const html = await response.text();
    expect(html).toContain("Enter a valid email address");
    expect(html).toContain("Choose a category");
    expect(html).toContain("Message is required");
    expect(html).toMatch(/value="Linus"/);
    expect(html).toMatch(/value="nope"/);
  });

  test("a honeypot hit sees success but nothing is sent", async ({ request }) => {
    const email = uniqueEmail("bot");
    const response = await request.post("/company/contact", {
      form: { fullName: "Bot", email, subject: "Buy", message: "Spam", website: "http://spam.example" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(302);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const api = process.env.E2E_MAILBOX_URL;
    expect(await (await fetch(`${api}/messages?to=${encodeURIComponent(email)}`)).json()).toEqual([]);
  });
});

test.describe("newsletter", () => {
  test("an empty submission is ignored; a bad address gets a message", async ({ request }) => {
    const empty = await request.post("/newsletter", {
      form: { email: "", redirectTo: "/resources/blog" },
      maxRedirects: 0,
    });
    expect(empty.status()).toBe(303);
    expect(empty.headers()["location"]).toBe("/resources/blog");
    expect(empty.headers()["set-cookie"]).toBeUndefined();

    const bad = await request.post("/newsletter", { form: { email: "nope" }, maxRedirects: 0 });
    expect(bad.status()).toBe(400);
    const html = await bad.text();
    expect(html).toContain("Enter a valid email address");
    expect(html).toMatch(/value="nope"/);
  });
});
