import { expect, type APIRequestContext } from "@playwright/test";

import { PASSWORD } from "./account";
import { mailTo, uniqueEmail } from "./mailbox";

/**
 * A new confirmed account signed in on an API request context, without a browser: post the
 * sign-up form, open the confirmation link from the in-test SMTP server. The context keeps
 * the cookies (the PKCE verifier set by the sign-up, then the session set by the callback).
 */
export async function signUpWithRequests(request: APIRequestContext, prefix = "api") {
  const email = uniqueEmail(prefix);
  const signUp = await request.post("/auth/signup", {
    form: { fullName: "Request Tester", email, password: PASSWORD, confirmPassword: PASSWORD },
    maxRedirects: 0,
  });
  expect(signUp.status(), await signUp.text()).toBeGreaterThanOrEqual(300);
  expect(signUp.headers().location).toMatch(/\/auth\/signin$/);
  const [confirmation] = await mailTo(email);
  const link = confirmation?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  if (!link) throw new Error(`no confirmation link in the mail to ${email}`);
  const opened = await request.get(link);
  expect(new URL(opened.url()).pathname).toBe("/app/dashboard");
  return { email, password: PASSWORD };
}
