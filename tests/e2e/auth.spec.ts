import { expect, test, type Page } from "@playwright/test";

import { PASSWORD, signUpByRequest } from "./support/account";
import { linkIn, mailTo, uniqueEmail } from "./support/mailbox";

/**
 * The authentication screens end to end against the built-in auth service: sign-up with
 * the confirmation mail, password and magic-link sign-in, password recovery, sign-out,
 * the guards and `redirectTo`. Mails reach the in-test SMTP server; their links point at
 * APP_URL (this server) and go through /auth/v1/verify to /auth/callback?code=….
 */

function signInForm(page: Page) {
  return page.getByRole("form", { name: "Sign in with email and password" });
}

/** A confirmed account, signed out again (its cookies dropped) so each test starts clean. */
async function createAccount(page: Page, email: string, password = PASSWORD) {
  await signUpByRequest(page.request, { email, password });
  await page.context().clearCookies();
}

async function signIn(page: Page, email: string, password = PASSWORD) {
  const form = signInForm(page);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
}

test.describe("sign-up", { tag: "@nojs" }, () => {
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

  test("a confirmation link opened in another browser says the address is confirmed and asks to sign in", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const email = uniqueEmail("elsewhere");
    await page.goto("/auth/signup");
    const form = page.getByRole("form", { name: "Sign up with email and password" });
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill(PASSWORD);
    await form.getByLabel(/^Confirm password/).fill(PASSWORD);
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    const [confirmation] = await mailTo(email);

    // Another browser: none of the sign-up's cookies (its PKCE verifier) are there.
    const elsewhere = await browser.newContext({ javaScriptEnabled });
    const other = await elsewhere.newPage();
    await other.goto(linkIn(confirmation));
    await expect(other).toHaveURL(/\/auth\/signin$/);
    await expect(other.getByRole("status")).toContainText("Email confirmed");
    await expect(other.getByRole("status")).toContainText("Your e-mail address is confirmed. Please sign in.");
    await signIn(other, email);
    await expect(other).toHaveURL(/\/app\/dashboard$/);
    await elsewhere.close();
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

test.describe("sign-in", { tag: "@nojs" }, () => {
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

  test("Google and GitHub with no client id configured keep the visitor on the screen, saying so", async ({
    page,
    javaScriptEnabled,
  }) => {
    const cases = [
      ["/auth/signin", "Continue with Google", "Sign in with Google failed", "Google"],
      ["/auth/signin", "Continue with GitHub", "Sign in with Github failed", "GitHub"],
      ["/auth/signup", "Continue with Google", "Sign up with Google failed", "Google"],
    ] as const;
    for (const [path, button, title, brand] of cases) {
      await page.goto(path);
      // With JavaScript, the post a script sends (to `<path>.data`) must come back here too.
      if (javaScriptEnabled) {
        await page.waitForFunction(() => {
          const modules = (window as { __reactRouterRouteModules?: Record<string, unknown> }).__reactRouterRouteModules;
          return Boolean(modules && "root" in modules);
        });
      }
      await page.getByRole("main").getByRole("button", { name: button }).click();
      // An error toast is an alert.
      const toast = page.getByRole("alert").filter({ hasText: title });
      await expect(toast).toContainText(`${brand} sign-in is not set up on this server.`);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
    }
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

test.describe("magic link", { tag: "@nojs" }, () => {
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

test.describe("password recovery", { tag: "@nojs" }, () => {
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

test.describe("a session that stopped working", () => {
  test("is cleared, and the next page says so and asks to sign in again", async ({ page, context }) => {
    // Signed in by the confirmation link (the sign-in screens are tested above): only the
    // session's cookies matter here.
    await signUpByRequest(page.request, { prefix: "ended" });
    await page.goto("/app/dashboard");
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
