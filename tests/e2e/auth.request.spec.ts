import { expect, test } from "@playwright/test";

import { PASSWORD } from "./support/account";
import { linkIn, mailTo, uniqueEmail } from "./support/mailbox";

/** The auth screens' actions as plain HTTP, without a browser (moved from auth.spec.ts). */

test.describe("without a browser", () => {
  test("a failed password post answers 401 with the message and the email kept", async ({ request }) => {
    const email = uniqueEmail("curl-signin");
    const response = await request.post("/auth/signin", {
      form: { intent: "password", email, password: "whatever1" },
      maxRedirects: 0,
    });
    expect(response.status()).toBe(401);
    const html = await response.text();
    expect(html).toContain("Sign in failed");
    expect(html).toContain("Invalid login credentials");
    expect(html).toContain(`value="${email}"`);
  });

  test("a link with an error from the service goes back to sign-in with the toast", async ({ request }) => {
    const response = await request.get(
      "/auth/callback?error=access_denied&error_description=Email+link+is+invalid+or+has+expired",
      { maxRedirects: 0 },
    );
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/auth/signin");
    expect(response.headers()["set-cookie"]).toContain("plotline-toast=");
  });

  test("sign-out is a POST; a GET while signed out goes home", async ({ request }) => {
    const response = await request.get("/auth/signout", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe("/");
  });
});

test.describe("every auth action as a plain form post", () => {
  test("sign-up, confirm, session cookies, transparent refresh, sign-out", async ({ request, playwright, baseURL }) => {
    const bad = await request.post("/auth/signup", {
      form: { intent: "password", fullName: "Ada", email: "ada-at-example", password: "abc", confirmPassword: "abd" },
      maxRedirects: 0,
    });
    expect(bad.status()).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Password must be at least 6 characters long.");
    expect(badHtml).toContain("Passwords do not match");
    expect(badHtml).toContain('value="Ada"');

    const email = uniqueEmail("curl-signup");
    const signup = await request.post("/auth/signup", {
      form: { intent: "password", fullName: "Ada", email, password: PASSWORD, confirmPassword: PASSWORD },
      maxRedirects: 0,
    });
    expect(signup.status()).toBe(302);
    expect(signup.headers()["location"]).toBe("/auth/signin");
    expect(signup.headers()["set-cookie"]).toContain("plotline-toast=");

    // The mailed link: the service verifies it and sends the browser to the app's callback.
    const verify = await request.get(linkIn((await mailTo(email))[0]), { maxRedirects: 0 });
    expect([302, 303]).toContain(verify.status());
    const callback = new URL(verify.headers()["location"] ?? "");
    expect(callback.pathname).toBe("/auth/callback");
    const signedIn = await request.get(callback.pathname + callback.search, { maxRedirects: 0 });
    expect(signedIn.status()).toBe(302);
    expect(signedIn.headers()["location"]).toBe("/app/dashboard");
    const sessionCookie = signedIn
      .headersArray()
      .find((h) => h.name.toLowerCase() === "set-cookie" && /^sb-[^=]+-auth-token/.test(h.value));
    expect(sessionCookie?.value).toMatch(/HttpOnly/i);
    expect(sessionCookie?.value).toMatch(/SameSite=Lax/i);
    expect((await request.get("/app/dashboard", { maxRedirects: 0 })).status()).toBe(200);

    // An expired access token is refreshed on the next request and the new session written back.
    const state = await request.storageState();
    const parts = state.cookies.filter((cookie) => /^sb-[^=]+-auth-token(\.\d+)?$/.test(cookie.name));
    const name = parts[0]!.name.replace(/\.\d+$/, "");
    const raw = parts
      .sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
      .map((cookie) => cookie.value)
      .join("");
    // Written as URL-encoded JSON; the expired copy below goes back in the older base64url
    // form, which must still be read.
    expect(raw).toMatch(/^%7B/);
    const session = JSON.parse(decodeURIComponent(raw));
    session.expires_at = Math.floor(Date.now() / 1000) - 60;
    const expired = await playwright.request.newContext({
      baseURL,
      storageState: {
        origins: [],
        cookies: [
          ...state.cookies.filter((cookie) => !parts.includes(cookie)),
          { ...parts[0]!, name, value: `base64-${Buffer.from(JSON.stringify(session)).toString("base64url")}` },
        ],
      },
    });
    const refreshed = await expired.get("/app/dashboard", { maxRedirects: 0 });
    expect(refreshed.status()).toBe(200);
    const rewritten = refreshed
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie" && h.value.startsWith(name));
    expect(rewritten.length).toBeGreaterThan(0);
    await expired.dispose();

    const signout = await request.post("/auth/signout", { form: {}, maxRedirects: 0 });
    expect(signout.status()).toBe(302);
    expect(signout.headers()["location"]).toBe("/");
    expect((await request.get("/app/dashboard", { maxRedirects: 0 })).status()).toBe(302);
  });

  test("password sign-in, magic link and forgot password", async ({ request }) => {
    const missing = await request.post("/auth/signin", {
      form: { intent: "password", email: "", password: "" },
      maxRedirects: 0,
    });
    expect(missing.status()).toBe(400);
    expect(await missing.text()).toContain("Email is required");

    const email = uniqueEmail("curl-forms");
    const magic = await request.post("/auth/signin", { form: { intent: "magic-link", email }, maxRedirects: 0 });
    expect(magic.status()).toBe(200);
    expect(await magic.text()).toContain(`A sign-in link has been sent to ${email}.`);
    expect((await mailTo(email))[0]?.text).toContain("/auth/v1/verify?");

    const emptyMagic = await request.post("/auth/signin", {
      form: { intent: "magic-link", email: "" },
      maxRedirects: 0,
    });
    expect(emptyMagic.status()).toBe(400);
    expect(await emptyMagic.text()).toContain("Please enter your email address for the magic link.");

    const forgot = await request.post("/auth/forgot-password", {
      form: { email: uniqueEmail("nobody") },
      maxRedirects: 0,
    });
    expect(forgot.status()).toBe(200);
    expect(await forgot.text()).toContain("If an account exists for");
  });
});
