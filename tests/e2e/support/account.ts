import { expect, type Page } from "@playwright/test";

import { mailTo, uniqueEmail } from "./mailbox";

export const PASSWORD = "correct-horse-1";

/**
 * A new confirmed account, signed in, on the dashboard: sign up with the form, open the
 * confirmation link from the in-test SMTP server. Works with JavaScript on and off.
 */
export async function signUpAndSignIn(page: Page, options: { prefix?: string; fullName?: string } = {}) {
  const email = uniqueEmail(options.prefix ?? "user");
  await page.goto("/auth/signup");
  const form = page.getByRole("form", { name: "Sign up with email and password" });
  if (options.fullName) await form.getByLabel(/^Full name/).fill(options.fullName);
  await form.getByLabel(/^Email/).fill(email);
  await form.getByLabel(/^Password/).fill(PASSWORD);
  await form.getByLabel(/^Confirm password/).fill(PASSWORD);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
  const [confirmation] = await mailTo(email);
  const link = confirmation?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}`);
  await page.goto(link);
  await expect(page).toHaveURL(/\/app\/dashboard$/);
  return { email, password: PASSWORD };
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
