import { expect, test, type Page } from "@playwright/test";

import { mailTo, uniqueEmail, type ReceivedMail } from "./support/mailbox";

/**
 * The authentication screens end to end against the built-in auth service: sign-up with
 * the confirmation mail, password and magic-link sign-in, password recovery, sign-out,
 * the guards and `redirectTo`. Mails reach the in-test SMTP server; their links point at
 * APP_URL (this server) and go through /auth/v1/verify to /auth/callback?code=….
 */

const PASSWORD = "correct-horse-1";

/** The single sign-in link in a mail (the text part has "Label: URL"). */
function linkIn(mail: ReceivedMail | undefined) {
  const links = mail?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/g) ?? [];
  expect(links).toHaveLength(1);
  return links[0] as string;
}

function signInForm(page: Page) {
  return page.getByRole("form", { name: "Sign in with email and password" });
}

/** A confirmed account, signed out again (its cookies dropped) so each test starts clean. */
async function createAccount(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/signup");
  const form = page.getByRole("form", { name: "Sign up with email and password" });
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByLabel(/^Confirm password/).fill(password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  const [confirmation] = await mailTo(email);
  await page.goto(linkIn(confirmation));
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  await page.context().clearCookies();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const form = signInForm(page);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test.describe("sign-up", () => {
  test("sign up, confirm by mail, land on the dashboard, then sign out", async ({ page }) => {
    const email = uniqueEmail("signup");
    await page.goto("/auth/signup");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    const form = page.getByRole("form", { name: "Sign up with email and password" });
    await expect(form.getByLabel(/^Password/)).toHaveAttribute("placeholder", "min. 6 characters");
    await form.getByLabel(/^Full name/).fill("Ada Lovelace");
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByLabel(/^Confirm password/).fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole("status")).toContainText("Account created!");
    await expect(page.getByRole("status")).toContainText(
      "Please check your email to verify your account before signing in.",
    );

    const [confirmation] = await mailTo(email);
    expect(confirmation?.subject).toBe("Confirm your Plotline account");
    await page.goto(linkIn(confirmation));
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Signed in successfully!");
    await expect(page.getByRole("status")).toContainText("Welcome back to the product.");

    await page.goto("/auth/signout");
    await expect(page.getByText(`You are signed in as ${email}.`)).toBeVisible();
    await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("status")).toContainText("Signed out successfully.");

    // Signed out for real: the sign-in screen shows instead of sending us to the dashboard.
    await page.goto("/auth/signin");
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome back");
  });

  test("mismatched and short passwords come back with messages and the typed values", async ({ page }) => {
    const email = uniqueEmail("signup-invalid");
    await page.goto("/auth/signup");
    const form = page.getByRole("form", { name: "Sign up with email and password" });
    await form.getByLabel(/^Full name/).fill("Grace Hopper");
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill("abc");
    await form.getByLabel(/^Confirm password/).fill("abd");
    await form.getByRole("button", { name: "Create Account" }).click();

    await expect(form.getByText("Password must be at least 6 characters long.")).toBeVisible();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
    await expect(form.getByText("Please ensure both passwords are identical.")).toBeVisible();
    await expect(form.getByLabel(/^Full name/)).toHaveValue("Grace Hopper");
    await expect(form.getByLabel(/^Email/)).toHaveValue(email);
    await expect(page).toHaveURL(/\/auth\/signup$/);
  });

  test("the password fields have a show/hide toggle with JavaScript", async ({ page, javaScriptEnabled }) => {
    await page.goto("/auth/signup");
    const form = page.getByRole("form", { name: "Sign up with email and password" });
    const password = form.getByLabel(/^Password/);
    await expect(password).toHaveAttribute("type", "password");
    if (!javaScriptEnabled) {
      await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(0);
      return;
    }
    await expect(form.getByRole("button", { name: "Show password" })).toHaveCount(2);
    await form.getByRole("button", { name: "Show password" }).first().click();
    await expect(password).toHaveAttribute("type", "text");
    await form.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });
});

test.describe("sign-in", () => {
  test("a wrong password shows the failure and keeps the email", async ({ page }) => {
    const email = uniqueEmail("wrong-password");
    await page.goto("/auth/signin");
    await signIn(page, email, "not-the-password");
    const alert = signInForm(page).getByRole("alert");
    await expect(alert).toContainText("Sign in failed");
    await expect(alert).toContainText("Invalid login credentials");
    await expect(signInForm(page).getByLabel(/^Email/)).toHaveValue(email);
    await expect(signInForm(page).getByLabel(/^Password/)).toHaveValue("");
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test("empty fields show the required messages", async ({ page }) => {
    await page.goto("/auth/signin");
    await signInForm(page).getByRole("button", { name: "Sign In" }).click();
    await expect(signInForm(page).getByText("Email is required")).toBeVisible();
    await expect(signInForm(page).getByText("Password is required")).toBeVisible();
  });

  test("the screen links to sign-up, forgot password and offers Google and GitHub", async ({ page }) => {
    await page.goto("/auth/signin");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Sign Up Now" })).toHaveAttribute("href", "/auth/signup");
    await expect(main.getByRole("link", { name: "Forgot password?" })).toHaveAttribute("href", "/auth/forgot-password");
    await expect(main.getByRole("button", { name: "Continue with Google" })).toBeEnabled();
    await expect(main.getByRole("button", { name: "Continue with GitHub" })).toBeEnabled();
    await expect(page.getByRole("banner").getByRole("link", { name: "Plotline home" })).toHaveAttribute("href", "/");
  });

  test("redirectTo is honoured after sign-in, an external one ignored, and signed-in visitors skip the screens", async ({
    page,
  }) => {
    const email = uniqueEmail("redirect");
    await createAccount(page, email);

    await page.goto("/auth/signin?redirectTo=https://evil.example");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Signed in successfully!");

    // Signed in: both auth screens send us on to the dashboard.
    await page.goto("/auth/signin");
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await page.goto("/auth/signup");
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    await page.context().clearCookies();
    await page.goto("/auth/signin?redirectTo=%2Fapp%2Fsettings");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/app\/settings$/);
  });
});

test.describe("magic link", () => {
  test("request a link, open it from the mail, land on the dashboard", async ({ page, javaScriptEnabled }) => {
    const email = uniqueEmail("magic");
    await page.goto("/auth/signin");
    const form = page.getByRole("form", { name: "Send a magic link" });
    await form.getByLabel("Email for magic link").fill(email);
    await form.getByRole("button", { name: "Send Magic Link" }).click();

    const text = `A sign-in link has been sent to ${email}. Check your inbox (and spam folder) to complete the process.`;
    if (javaScriptEnabled) {
      const dialog = page.getByRole("dialog", { name: "Magic Link Sent!" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText(text);
      await dialog.getByRole("button", { name: "Got it!" }).click();
      await expect(dialog).toBeHidden();
    } else {
      await expect(page.getByRole("main").getByRole("status")).toContainText("Magic Link Sent!");
      await expect(page.getByRole("main").getByRole("status")).toContainText(text);
    }
    await expect(form.getByLabel("Email for magic link")).toHaveValue("");

    const [mail] = await mailTo(email);
    await page.goto(linkIn(mail));
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Signed in successfully!");
  });

  test("an empty magic-link email asks for one", async ({ page }) => {
    await page.goto("/auth/signin");
    const form = page.getByRole("form", { name: "Send a magic link" });
    await form.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(form.getByText("Email is required")).toBeVisible();
    await expect(form.getByText("Please enter your email address for the magic link.")).toBeVisible();
  });
});

test.describe("password recovery", () => {
  test("forgot password, open the mailed link, set a new password, sign in with it", async ({ page }) => {
    const email = uniqueEmail("recover");
    await createAccount(page, email);

    await page.goto("/auth/signin");
    await page.getByRole("main").getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    // The URL changes before the new page renders when JavaScript navigates.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Forgot your password?");
    await page
      .getByRole("main")
      .getByLabel(/^Email/)
      .fill(email);
    await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `If an account exists for ${email}, a reset link is on its way.`,
    );

    const mails = await mailTo(email, 2);
    const reset = mails.find((mail) => mail.subject === "Reset your Plotline password");
    await page.goto(linkIn(reset));
    await expect(page).toHaveURL(/\/auth\/reset-password$/);

    const newPassword = "brand-new-secret";
    const form = page.getByRole("form", { name: "Set a new password" });
    await form.getByLabel(/^New password/).fill(newPassword);
    await form.getByLabel(/^Confirm new password/).fill(newPassword);
    await form.getByRole("button", { name: "Set New Password" }).click();
    await expect(page).toHaveURL(/\/app\/dashboard$/);
    await expect(page.getByRole("status")).toContainText("Password updated");

    await page.context().clearCookies();
    await page.goto("/auth/signin");
    await signIn(page, email, newPassword);
    await expect(page).toHaveURL(/\/app\/dashboard$/);
  });

  test("an unknown address gets the same answer", async ({ page }) => {
    const email = uniqueEmail("nobody");
    await page.goto("/auth/forgot-password");
    await page
      .getByRole("main")
      .getByLabel(/^Email/)
      .fill(email);
    await page.getByRole("main").getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `If an account exists for ${email}, a reset link is on its way.`,
    );
  });
});

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

test.describe("a session that stopped working", () => {
  test("is cleared, and the next page says so and asks to sign in again", async ({ page, context }) => {
    const email = uniqueEmail("ended");
    await createAccount(page, email);
    await page.goto("/auth/signin");
    await signIn(page, email);
    await expect(page).toHaveURL(/\/app\/dashboard$/);

    // Replace the session with tokens the service never issued (as after a revocation
    // whose refresh token is gone too).
    const cookies = await context.cookies();
    const session = cookies.filter((cookie) => /^sb-.+-auth-token/.test(cookie.name));
    expect(session.length).toBeGreaterThan(0);
    const forged = JSON.stringify({
      access_token: "not-a-token",
      refresh_token: "not-a-refresh-token",
      token_type: "bearer",
      expires_in: 3600,
      expires_at: Math.floor(Date.now() / 1000) - 10,
      user: { id: "00000000-0000-0000-0000-000000000000" },
    });
    await context.clearCookies();
    await context.addCookies([
      {
        ...session[0]!,
        name: session[0]!.name.replace(/\.\d+$/, ""),
        value: `base64-${Buffer.from(forged).toString("base64url")}`,
      },
    ]);

    await page.goto("/app/settings");
    await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Fapp%2Fsettings$/);
    await expect(page.getByRole("status")).toContainText("Your session has ended");
    expect((await context.cookies()).filter((cookie) => /^sb-.+-auth-token/.test(cookie.name))).toEqual([]);
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
    const session = JSON.parse(Buffer.from(raw.replace(/^base64-/, ""), "base64url").toString("utf8"));
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
