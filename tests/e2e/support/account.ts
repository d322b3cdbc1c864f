import { expect, type APIRequestContext, type Page } from "@playwright/test";

import { linkIn, mailTo, uniqueEmail } from "./mailbox";

export const PASSWORD = "correct-horse-1";

type AccountOptions = { prefix?: string; fullName?: string; email?: string; password?: string };

/**
 * A new confirmed account, signed in on `request`, without rendering a screen: the sign-up
 * form's own POST (the same action the screen submits), the confirmation mail from the
 * in-test SMTP server, then its link through /auth/v1/verify and /auth/callback, which set
 * the session cookies. Given `page.request`, the page's browser context is signed in too
 * (they share cookies); given the `request` fixture, only that client is.
 */
export async function signUpByRequest(request: APIRequestContext, options: AccountOptions = {}) {
  const email = options.email ?? uniqueEmail(options.prefix ?? "user");
  const password = options.password ?? PASSWORD;
  const signup = await request.post("/auth/signup", {
    form: {
      intent: "password",
      ...(options.fullName ? { fullName: options.fullName } : {}),
      email,
      password,
      confirmPassword: password,
    },
    maxRedirects: 0,
  });
  expect(signup.status(), "the sign-up post redirects to sign-in").toBe(302);
  const verify = await request.get(linkIn((await mailTo(email))[0]), { maxRedirects: 0 });
  const callback = verify.headers()["location"] ?? "";
  expect(callback, "the confirmation link goes to the app's callback").toContain("/auth/callback?code=");
  const signedIn = await request.get(callback, { maxRedirects: 0 });
  expect(signedIn.headers()["location"], "the callback signs in").toBe("/app/dashboard");
  return { email, password };
}

/**
 * A new confirmed account, signed in, on the dashboard (works with JavaScript on and off).
 * The sign-up screens themselves are tested once per mode in auth.spec.ts; here the account
 * is made by `signUpByRequest`, which is faster and as real.
 */
export async function signUpAndSignIn(page: Page, options: { prefix?: string; fullName?: string } = {}) {
  const account = await signUpByRequest(page.request, options);
  await page.goto("/app/dashboard");
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  return account;
}

/** Signs in an existing account with the password form. */
export async function signIn(page: Page, email: string, password = PASSWORD) {
  await page.goto("/auth/signin");
  const form = page.getByRole("form", { name: "Sign in with email and password" });
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/app\/dashboard$/);
}
