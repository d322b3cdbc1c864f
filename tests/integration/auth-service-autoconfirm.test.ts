import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { resetAuthRateLimits } from "~/.server/auth-service/rate-limits";
import { users } from "~/.server/auth-service/schema";
import { setDatabase } from "~/.server/db";
import { initSecrets } from "~/.server/secrets";
import { startTestMailbox } from "../../scripts/test-mailbox.js";
import {
  jwtPayload,
  latestMail,
  mailCount,
  openLink,
  startAuthServer,
  supabaseClient,
  verifyLinkIn,
} from "../setup/auth-server";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";

// Before anything calls env() (statically imported modules do not): autoconfirm is on.
const mailbox = await startTestMailbox();
const server = await startAuthServer();
vi.stubEnv("SMTP_URL", mailbox.smtpUrl);
vi.stubEnv("APP_URL", server.url);
vi.stubEnv("AUTH_AUTOCONFIRM", "true");
// Only now: loading the service loads the logger, which reads env() once.
const { registerAuthMails } = await import("~/.server/auth-service");

const PASSWORD = "correct horse 1";

describe.each(engines)("the auth service with autoconfirm on %s", (engine) => {
  let database: TestDatabase;
  let unregister: () => void;
  const address = (name: string) => `${name}.${engine}@example.com`;

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    resetAuthRateLimits();
    unregister = registerAuthMails();
  });
  afterAll(async () => {
    unregister?.();
    setDatabase(undefined);
    await database?.drop();
  });

  it("signs up straight into a session, sends no mail, and refuses a second sign-up", async () => {
    const supabase = supabaseClient(server.url);
    const email = address("ada");
    const { data, error } = await supabase.auth.signUp({ email, password: PASSWORD });
    expect(error).toBeNull();
    expect(data.session?.user).toMatchObject({ email, user_metadata: { email_verified: true } });
    expect(data.session?.user.email_confirmed_at).toEqual(expect.any(String));
    expect(jwtPayload(data.session?.access_token ?? "").amr).toEqual([
      { method: "password", timestamp: expect.any(Number) },
    ]);
    expect(await mailCount(mailbox.apiUrl, email)).toBe(0);
    expect((await supabase.auth.getUser()).data.user?.id).toBe(data.user?.id);

    const again = await supabaseClient(server.url).auth.signUp({ email, password: PASSWORD });
    expect(again.error).toMatchObject({ status: 422, code: "user_already_exists", message: "User already registered" });
    const signIn = await supabaseClient(server.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();

    const settings = await (await fetch(`${server.url}/auth/v1/settings`)).json();
    expect(settings.mailer_autoconfirm).toBe(true);
  });

  it("creates a confirmed user for a magic link to a new address, implicit and PKCE", async () => {
    const email = address("grace");
    const implicit = supabaseClient(server.url);
    expect((await implicit.auth.signInWithOtp({ email })).error).toBeNull();
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    expect(user?.emailConfirmedAt).toBeInstanceOf(Date);
    expect(user?.encryptedPassword).toBeNull();
    const link = verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Your Plotline sign-in link"));
    expect(link.searchParams.get("type")).toBe("magiclink");
    const opened = await openLink(link);
    expect(opened.fragment.get("type")).toBe("magiclink");
    expect((await implicit.auth.getUser(opened.fragment.get("access_token") ?? "")).data.user?.email).toBe(email);

    resetAuthRateLimits();
    const pkce = supabaseClient(server.url, "pkce");
    expect(
      (await pkce.auth.signInWithOtp({ email, options: { emailRedirectTo: `${server.url}/app` } })).error,
    ).toBeNull();
    const pkceLink = verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Your Plotline sign-in link"));
    const redirected = await openLink(pkceLink);
    expect(redirected.location.pathname).toBe("/app");
    const exchanged = await pkce.auth.exchangeCodeForSession(redirected.query.get("code") ?? "");
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.user?.email).toBe(email);
  });

  it("recovers a password with PKCE: resetPasswordForEmail, the link's code, then updateUser", async () => {
    const email = address("hedy");
    await supabaseClient(server.url).auth.signUp({ email, password: PASSWORD });
    const supabase = supabaseClient(server.url, "pkce");
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull();
    const opened = await openLink(
      verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Reset your Plotline password")),
    );
    const exchanged = await supabase.auth.exchangeCodeForSession(opened.query.get("code") ?? "");
    expect(exchanged.error).toBeNull();
    expect(jwtPayload(exchanged.data.session?.access_token ?? "").amr).toEqual([
      { method: "recovery", timestamp: expect.any(Number) },
    ]);
    expect((await supabase.auth.updateUser({ password: "a new password" })).error).toBeNull();
    const signIn = await supabaseClient(server.url).auth.signInWithPassword({ email, password: "a new password" });
    expect(signIn.error).toBeNull();
  });
});

afterAll(async () => {
  await server.close();
  await mailbox.close();
});
