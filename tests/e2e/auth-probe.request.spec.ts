import { expect, test, type APIRequestContext } from "@playwright/test";

import { signUpWithRequests } from "./support/api-account";
import { mailTo } from "./support/mailbox";

/**
 * What an outside probe found in sign-in, fixed: a mailed PKCE link's token must not sign
 * anyone in without the asking browser's verifier, and wrong passwords from elsewhere must
 * not lock the owner out. Requests only, against the built server; the server trusts
 * X-Forwarded-For from loopback, which is how these requests come "from" several IPs.
 */

const signInForm = (request: APIRequestContext, email: string, password: string, ip: string) =>
  request.post("/auth/signin", {
    form: { intent: "password", email, password },
    headers: { "X-Forwarded-For": ip },
    maxRedirects: 0,
    failOnStatusCode: false,
  });

test("a magic link's token used as token_hash on /auth/callback, without the verifier, signs nobody in", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email } = await signUpWithRequests(request, "pkce-link");
  // A browser that is not signed in asks for a magic link: its verifier is in its cookies.
  const asker = await playwright.request.newContext({ baseURL });
  const asked = await asker.post("/auth/signin", { form: { intent: "magic-link", email } });
  expect(asked.status()).toBe(200);
  const mails = await mailTo(email, 2);
  const link = mails.at(-1)?.text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)?.[0];
  expect(mails.at(-1)?.subject).toBe("Your Plotline sign-in link");
  const token = new URL(link ?? "").searchParams.get("token") ?? "";
  expect(token).toMatch(/^pkce_/);

  // Someone else holding the link (or a login-CSRF page) tries the token as a token_hash.
  const stranger = await playwright.request.newContext({ baseURL });
  for (const tokenHash of [token, token.slice("pkce_".length)]) {
    const callback = await stranger.get(`/auth/callback?token_hash=${tokenHash}&type=magiclink`, { maxRedirects: 0 });
    expect(callback.status()).toBeGreaterThanOrEqual(300);
    expect(callback.status()).toBeLessThan(400);
    expect(new URL(callback.headers().location ?? "", baseURL).pathname).toBe("/auth/signin");
  }
  const cookies = (await stranger.storageState()).cookies.map((cookie) => cookie.name);
  expect(cookies.filter((name) => /auth-token/.test(name))).toEqual([]);
  const dashboard = await stranger.get("/app/dashboard", { maxRedirects: 0 });
  expect(new URL(dashboard.headers().location ?? "", baseURL).pathname).toBe("/auth/signin");
  await stranger.dispose();

  // The link itself still works, in the browser that asked for it.
  const opened = await asker.get(link ?? "");
  expect(new URL(opened.url()).pathname).toBe("/app/dashboard");
  await asker.dispose();
});

test("the owner signs in from their IP while wrong passwords for their address come from other IPs", async ({
  request,
  playwright,
  baseURL,
}) => {
  const { email, password } = await signUpWithRequests(request, "lockout");
  const attacker = await playwright.request.newContext({ baseURL });
  for (const ip of ["192.0.2.10", "192.0.2.11", "192.0.2.12"]) {
    const guesses = await Promise.all(
      Array.from({ length: 10 }, (_, guess) => signInForm(attacker, email, `wrong ${guess}`, ip)),
    );
    expect(guesses.map((guess) => guess.status())).toEqual(Array(10).fill(401));
    // That IP is now locked for the address, the right password included.
    const locked = await signInForm(attacker, email, password, ip);
    expect(locked.headers().location ?? "").not.toMatch(/\/app\/dashboard$/);
  }
  await attacker.dispose();

  const owner = await playwright.request.newContext({ baseURL });
  const signedIn = await signInForm(owner, email, password, "198.51.100.9");
  expect(signedIn.status()).toBeGreaterThanOrEqual(300);
  expect(signedIn.headers().location).toMatch(/\/app\/dashboard$/);
  await owner.dispose();
});
