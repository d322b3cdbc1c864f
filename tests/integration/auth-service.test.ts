import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { recordFailedSignIn, resetAuthRateLimits } from "~/.server/auth-service/rate-limits";
import { flowState, oneTimeTokens, refreshTokens, users } from "~/.server/auth-service/schema";
import { setDatabase } from "~/.server/db";
import { activity } from "~/.server/db/schema";
import { initSecrets } from "~/.server/secrets";
import { hashToken } from "~/.server/security/tokens";
import { startTestMailbox } from "../../scripts/test-mailbox.js";
import {
  jwtHeader,
  jwtPayload,
  latestMail,
  mailCount,
  openLink,
  startAuthServer,
  supabaseClient,
  verifyLinkIn,
} from "../setup/auth-server";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";

// Before anything calls env() (statically imported modules do not): mail goes to a real SMTP server, APP_URL is this server.
const mailbox = await startTestMailbox();
const server = await startAuthServer();
vi.stubEnv("SMTP_URL", mailbox.smtpUrl);
vi.stubEnv("APP_URL", server.url);
vi.stubEnv("AUTH_AUTOCONFIRM", "false");
// Only now: loading the service loads the logger, which reads env() once.
const { handleAuthRequest, registerAuthMails } = await import("~/.server/auth-service");

const PASSWORD = "correct horse 1";
const callback = `${server.url}/auth/callback`;

/** A password sign-in as if from `ip` (the app hands the service the client IP from the request context). */
async function passwordSignIn(email: string, password: string, ip: string) {
  const response = await handleAuthRequest(
    new Request(`${server.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ email, password }),
    }),
    ip,
  );
  const body = (await response.json()) as { code?: string; access_token?: string };
  return { status: response.status, code: body.code, signedIn: Boolean(body.access_token) };
}

describe.each(engines)("the auth service with e-mail confirmation on %s", (engine) => {
  let database: TestDatabase;
  let unregister: () => void;
  // Addresses differ per engine: the SMTP mailbox is shared by the whole file.
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

  /** Signs up and confirms through the mailed link. */
  async function confirmedUser(name: string, password = PASSWORD) {
    const email = address(name);
    const { error } = await supabaseClient(server.url).auth.signUp({ email, password });
    expect(error).toBeNull();
    const opened = await openLink(verifyLinkIn(await latestMail(mailbox.apiUrl, email)));
    expect(opened.fragment.get("access_token")).toBeTruthy();
    return email;
  }

  it("signs up, confirms by the mailed link, signs in, refreshes, reads and updates the user", async () => {
    const supabase = supabaseClient(server.url);
    const email = address("ada");
    const signUp = await supabase.auth.signUp({
      email: email.toUpperCase(),
      password: PASSWORD,
      options: { data: { plan: "free" } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user).toMatchObject({
      email,
      phone: "",
      aud: "authenticated",
      role: "authenticated",
      app_metadata: { provider: "email", providers: ["email"] },
      user_metadata: { plan: "free", email, email_verified: false, phone_verified: false },
      is_anonymous: false,
    });
    expect(signUp.data.user?.identities).toHaveLength(1);
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.confirmation_sent_at).toEqual(expect.any(String));

    const early = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(early.error?.code).toBe("email_not_confirmed");

    const mail = await latestMail(mailbox.apiUrl, email);
    expect(mail.subject).toBe("Confirm your Plotline account");
    const link = verifyLinkIn(mail);
    expect(link.origin).toBe(server.url);
    expect(link.searchParams.get("type")).toBe("signup");
    expect(link.searchParams.get("redirect_to")).toBe(callback);
    const opened = await openLink(link);
    expect(opened.status).toBe(303);
    expect(`${opened.location.origin}${opened.location.pathname}`).toBe(callback);
    expect(Object.fromEntries(opened.fragment)).toMatchObject({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      expires_in: "3600",
      expires_at: expect.stringMatching(/^\d+$/),
      token_type: "bearer",
      type: "signup",
    });
    // The link works once.
    const again = await openLink(link);
    expect(again.fragment.get("error_code")).toBe("otp_expired");
    expect(again.fragment.get("error")).toBe("access_denied");

    const signIn = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session;
    expect(session?.user.email_confirmed_at).toEqual(expect.any(String));
    expect(session?.user.user_metadata).toMatchObject({ email_verified: true });
    const claims = jwtPayload(session?.access_token ?? "");
    expect(claims).toMatchObject({
      iss: `${server.url}/auth/v1`,
      sub: session?.user.id,
      aud: "authenticated",
      role: "authenticated",
      email,
      phone: "",
      aal: "aal1",
      amr: [{ method: "password", timestamp: expect.any(Number) }],
      is_anonymous: false,
    });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600);

    const refreshed = await supabase.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session?.refresh_token).not.toBe(session?.refresh_token);
    expect(jwtPayload(refreshed.data.session?.access_token ?? "").session_id).toBe(claims.session_id);

    const got = await supabase.auth.getUser();
    expect(got.data.user?.email).toBe(email);

    const withName = await supabase.auth.updateUser({ data: { full_name: "Ada Lovelace", plan: null } });
    expect(withName.error).toBeNull();
    expect(withName.data.user?.user_metadata).toMatchObject({ full_name: "Ada Lovelace", email });
    expect(withName.data.user?.user_metadata).not.toHaveProperty("plan");

    const same = await supabase.auth.updateUser({ password: PASSWORD });
    expect(same.error).toMatchObject({ code: "same_password", status: 422 });
    const changed = await supabase.auth.updateUser({ password: "a brand new one" });
    expect(changed.error).toBeNull();
    const old = await supabaseClient(server.url).auth.signInWithPassword({ email, password: PASSWORD });
    expect(old.error?.message).toBe("Invalid login credentials");
    const fresh = await supabaseClient(server.url).auth.signInWithPassword({ email, password: "a brand new one" });
    expect(fresh.error).toBeNull();
  });

  it("answers every failed sign-in the same, and explains weak and missing passwords", async () => {
    const supabase = supabaseClient(server.url);
    const email = await confirmedUser("grace");
    const wrong = await supabase.auth.signInWithPassword({ email, password: "not the password" });
    const unknown = await supabase.auth.signInWithPassword({ email: address("nobody"), password: PASSWORD });
    for (const { error } of [wrong, unknown]) {
      expect(error).toMatchObject({ status: 400, code: "invalid_credentials", message: "Invalid login credentials" });
    }

    const weak = await supabase.auth.signUp({ email: address("weak"), password: "12345" });
    expect(weak.error).toMatchObject({ name: "AuthWeakPasswordError", status: 422, code: "weak_password" });
    expect((weak.error as unknown as { reasons: string[] }).reasons).toEqual(["length"]);

    const missing = await fetch(`${server.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: JSON.stringify({ email: address("nopassword") }),
    });
    expect(missing.status).toBe(400);
    expect(missing.headers.get("x-sb-error-code")).toBe("validation_failed");
    expect(await missing.json()).toEqual({
      code: "validation_failed",
      message: "You must provide either an email or phone number and a password",
    });
  });

  it("does not reveal a registered address on sign-up: a look-alike user and no mail", async () => {
    const email = await confirmedUser("linus");
    const before = await mailCount(mailbox.apiUrl, email);
    // Within the minute it would be refused like any address (the limit is counted before the look-up).
    const tooSoon = await supabaseClient(server.url).auth.signUp({ email, password: "something else" });
    expect(tooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    resetAuthRateLimits();
    const { data, error } = await supabaseClient(server.url).auth.signUp({ email, password: "something else" });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    expect(data.user?.email).toBe(email);
    const [row] = await database.db.select().from(users).where(eq(users.email, email));
    expect(data.user?.id).not.toBe(row?.id);
    expect(await mailCount(mailbox.apiUrl, email)).toBe(before);
  });

  it("signs in by magic link: verifyOtp with the mailed token_hash; unknown addresses are not created on request", async () => {
    const email = await confirmedUser("hedy");
    const supabase = supabaseClient(server.url);
    const sent = await supabase.auth.signInWithOtp({ email, options: { emailRedirectTo: `${server.url}/app` } });
    expect(sent.error).toBeNull();
    expect(sent.data).toEqual({ user: null, session: null });
    const mail = await latestMail(mailbox.apiUrl, email, "Your Plotline sign-in link");
    const link = verifyLinkIn(mail);
    expect(link.searchParams.get("type")).toBe("magiclink");
    expect(link.searchParams.get("redirect_to")).toBe(`${server.url}/app`);
    const verified = await supabase.auth.verifyOtp({
      token_hash: link.searchParams.get("token") ?? "",
      type: "magiclink",
    });
    expect(verified.error).toBeNull();
    expect(verified.data.session?.user.email).toBe(email);
    expect(jwtPayload(verified.data.session?.access_token ?? "").amr).toEqual([
      { method: "otp", timestamp: expect.any(Number) },
    ]);
    const reused = await supabase.auth.verifyOtp({
      token_hash: link.searchParams.get("token") ?? "",
      type: "magiclink",
    });
    expect(reused.error).toMatchObject({ status: 403, code: "otp_expired" });

    const stranger = address("stranger");
    const refused = await supabase.auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    expect(refused.error).toBeNull();
    expect(await database.db.select().from(users).where(eq(users.email, stranger))).toEqual([]);
    expect(await mailCount(mailbox.apiUrl, stranger)).toBe(0);

    // A new address gets an account and, as it is unconfirmed, the sign-up confirmation.
    const newcomer = address("newcomer");
    expect((await supabase.auth.signInWithOtp({ email: newcomer })).error).toBeNull();
    const confirm = verifyLinkIn(await latestMail(mailbox.apiUrl, newcomer));
    expect(confirm.searchParams.get("type")).toBe("signup");
    const session = await supabase.auth.verifyOtp({
      token_hash: confirm.searchParams.get("token") ?? "",
      type: "email",
    });
    expect(session.data.user?.email_confirmed_at).toEqual(expect.any(String));
  });

  it("recovers a password: the recovery link opens a session that sets a new password", async () => {
    const email = await confirmedUser("barbara");
    const supabase = supabaseClient(server.url);
    expect((await supabase.auth.resetPasswordForEmail(email)).error).toBeNull();
    const unknown = await supabase.auth.resetPasswordForEmail(address("ghost"));
    expect(unknown).toEqual({ data: {}, error: null });
    const link = verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Reset your Plotline password"));
    expect(link.searchParams.get("type")).toBe("recovery");
    const opened = await openLink(link);
    expect(opened.fragment.get("type")).toBe("recovery");
    const set = await supabase.auth.setSession({
      access_token: opened.fragment.get("access_token") ?? "",
      refresh_token: opened.fragment.get("refresh_token") ?? "",
    });
    expect(set.error).toBeNull();
    expect((await supabase.auth.updateUser({ password: "recovered password" })).error).toBeNull();
    const signIn = await supabaseClient(server.url).auth.signInWithPassword({ email, password: "recovered password" });
    expect(signIn.error).toBeNull();

    // One recovery mail per address per minute.
    const tooSoon = await supabase.auth.resetPasswordForEmail(email);
    expect(tooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
  });

  it("signs out: the refresh token and the access token of an ended session stop working", async () => {
    const email = await confirmedUser("margaret");
    const supabase = supabaseClient(server.url);
    const other = supabaseClient(server.url);
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const second = await other.auth.signInWithPassword({ email, password: PASSWORD });
    const session = data.session;
    expect(session).not.toBeNull();

    // local: only this session; the other device stays signed in.
    expect((await supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    const revoked = await supabaseClient(server.url).auth.getUser(session?.access_token);
    expect(revoked.error).toMatchObject({ name: "AuthSessionMissingError" });
    const refresh = await supabaseClient(server.url).auth.refreshSession({
      refresh_token: session?.refresh_token ?? "",
    });
    expect(refresh.error).toMatchObject({ code: "refresh_token_not_found" });
    expect((await other.auth.getUser()).data.user?.email).toBe(email);

    // global (the default): every session.
    expect((await other.auth.signOut()).error).toBeNull();
    const after = await supabaseClient(server.url).auth.refreshSession({
      refresh_token: second.data.session?.refresh_token ?? "",
    });
    expect(after.error).toMatchObject({ status: 400, code: "refresh_token_not_found" });

    const raw = await fetch(`${server.url}/auth/v1/user`, {
      headers: { Authorization: `Bearer ${second.data.session?.access_token}`, "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(raw.status).toBe(403);
    expect(await raw.json()).toEqual({
      code: "session_not_found",
      message: "Session from session_id claim in JWT does not exist",
    });
  });

  it("checks a session in-process as GET /user does (the same user, without identities); a token verified before still stops at its expiry, a ban, a deletion and with its session", async () => {
    const { userForAccessToken } = await import("~/.server/auth-service");
    const email = await confirmedUser("dorothy");
    const supabase = supabaseClient(server.url);
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const token = data.session?.access_token ?? "";
    const overHttp = await fetch(`${server.url}/auth/v1/user`, { headers: { Authorization: `Bearer ${token}` } });
    const { identities, ...user } = (await overHttp.json()) as { identities: unknown[] };
    expect(identities).toHaveLength(1);
    expect(JSON.parse(JSON.stringify(await userForAccessToken(token)))).toEqual(user);

    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(((jwtPayload(token).exp as number) + 1) * 1000);
      await expect(userForAccessToken(token)).rejects.toMatchObject({ status: 403, code: "bad_jwt" });
    } finally {
      vi.useRealTimers();
    }
    expect((await userForAccessToken(token)).email).toBe(email);
    // A ban or a deletion ends the session check at once, as GET /user's does.
    const byEmail = eq(users.email, email);
    await database.db
      .update(users)
      .set({ bannedUntil: new Date(Date.now() + 60_000) })
      .where(byEmail);
    await expect(userForAccessToken(token)).rejects.toMatchObject({ status: 403, code: "user_banned" });
    await database.db.update(users).set({ bannedUntil: null, deletedAt: new Date() }).where(byEmail);
    await expect(userForAccessToken(token)).rejects.toMatchObject({ status: 403, code: "user_not_found" });
    await database.db.update(users).set({ deletedAt: null }).where(byEmail);
    expect((await userForAccessToken(token)).email).toBe(email);
    expect((await supabase.auth.signOut({ scope: "local" })).error).toBeNull();
    await expect(userForAccessToken(token)).rejects.toMatchObject({ status: 403, code: "session_not_found" });
  });

  it("runs PKCE sign-up and magic link: the link redirects with a code exchanged once", async () => {
    const supabase = supabaseClient(server.url, "pkce");
    const email = address("pkce");
    const signUp = await supabase.auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: `${server.url}/auth/callback?next=/app` },
    });
    expect(signUp.error).toBeNull();
    const link = verifyLinkIn(await latestMail(mailbox.apiUrl, email));
    expect(link.searchParams.get("token")).toMatch(/^pkce_/);
    const opened = await openLink(link);
    expect(opened.location.pathname).toBe("/auth/callback");
    expect(opened.query.get("next")).toBe("/app");
    const code = opened.query.get("code") ?? "";
    expect(code).toMatch(/^[0-9a-f-]{36}$/);
    const exchanged = await supabase.auth.exchangeCodeForSession(code);
    expect(exchanged.error).toBeNull();
    expect(exchanged.data.session?.user.email).toBe(email);
    expect(jwtPayload(exchanged.data.session?.access_token ?? "").amr).toEqual([
      { method: "email/signup", timestamp: expect.any(Number) },
    ]);

    const magic = supabaseClient(server.url, "pkce");
    expect((await magic.auth.signInWithOtp({ email })).error).toBeNull();
    const magicLink = verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Your Plotline sign-in link"));
    const magicCode = (await openLink(magicLink)).query.get("code") ?? "";
    const magicSession = await magic.auth.exchangeCodeForSession(magicCode);
    expect(magicSession.error).toBeNull();
    expect(jwtPayload(magicSession.data.session?.access_token ?? "").amr).toEqual([
      { method: "magiclink", timestamp: expect.any(Number) },
    ]);

    const pkceToken = (body: object) =>
      fetch(`${server.url}/auth/v1/token?grant_type=pkce`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
        body: JSON.stringify(body),
      });
    const spent = await pkceToken({ auth_code: magicCode, code_verifier: "x".repeat(43) });
    expect(spent.status).toBe(404);
    expect((await spent.json()).code).toBe("flow_state_not_found");

    // A third flow to test a wrong verifier and an expired code.
    const third = supabaseClient(server.url, "pkce");
    await database.db.delete(flowState);
    resetAuthRateLimits();
    await third.auth.signInWithOtp({ email });
    const thirdCode = (
      await openLink(verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Your Plotline sign-in link")))
    ).query.get("code");
    const bad = await pkceToken({ auth_code: thirdCode, code_verifier: "y".repeat(50) });
    expect(bad.status).toBe(400);
    expect((await bad.json()).code).toBe("bad_code_verifier");
    await database.db.update(flowState).set({ authCodeIssuedAt: new Date(Date.now() - 301_000) });
    const expired = await third.auth.exchangeCodeForSession(thirdCode ?? "");
    expect(expired.error).toMatchObject({ status: 422, code: "flow_state_expired" });
  });

  it("never trades a PKCE link's token for a session without the verifier (magic link, sign-up, recovery)", async () => {
    const verify = (body: object) =>
      fetch(`${server.url}/auth/v1/verify`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
        body: JSON.stringify(body),
      });
    const refusedThenRedeemed = async (link: URL, type: string, client: ReturnType<typeof supabaseClient>) => {
      const token = link.searchParams.get("token") ?? "";
      expect(token).toMatch(/^pkce_/);
      for (const body of [
        { type, token_hash: token },
        { type: "email", token_hash: token },
        // The prefix is hashed with the token: without it, the token does not exist.
        { type, token_hash: token.slice("pkce_".length) },
      ]) {
        const refused = await verify(body);
        expect(refused.status).toBe(403);
        expect((await refused.json()).code).toBe("otp_expired");
      }
      // The implicit way to open a link fails the same way for the bare token.
      const bare = new URL(link);
      bare.searchParams.set("token", token.slice("pkce_".length));
      expect((await openLink(bare)).fragment.get("error_code")).toBe("otp_expired");
      // None of that spent the link: its owner, with the verifier, still signs in.
      const code = (await openLink(link)).query.get("code") ?? "";
      const exchanged = await client.auth.exchangeCodeForSession(code);
      expect(exchanged.error).toBeNull();
      return exchanged.data.session;
    };

    const email = address("pkce.strict");
    const signingUp = supabaseClient(server.url, "pkce");
    expect((await signingUp.auth.signUp({ email, password: PASSWORD })).error).toBeNull();
    const confirmed = await refusedThenRedeemed(
      verifyLinkIn(await latestMail(mailbox.apiUrl, email)),
      "signup",
      signingUp,
    );
    expect(confirmed?.user.email_confirmed_at).toEqual(expect.any(String));

    resetAuthRateLimits();
    const magic = supabaseClient(server.url, "pkce");
    expect((await magic.auth.signInWithOtp({ email })).error).toBeNull();
    const magicLink = verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Your Plotline sign-in link"));
    expect((await refusedThenRedeemed(magicLink, "magiclink", magic))?.user.email).toBe(email);

    resetAuthRateLimits();
    const recovering = supabaseClient(server.url, "pkce");
    expect((await recovering.auth.resetPasswordForEmail(email)).error).toBeNull();
    const recoveryLink = verifyLinkIn(await latestMail(mailbox.apiUrl, email, "Reset your Plotline password"));
    expect((await refusedThenRedeemed(recoveryLink, "recovery", recovering))?.user.email).toBe(email);
  });

  it("bounds user metadata as the profile form does, on sign-up, magic link and PUT /user", async () => {
    const email = await confirmedUser("metadata");
    const supabase = supabaseClient(server.url);
    expect((await supabase.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
    const refused = async (data: Record<string, unknown>, message: string | RegExp) => {
      const { error } = await supabase.auth.updateUser({ data });
      expect(error).toMatchObject({ status: 400, code: "validation_failed" });
      expect(error?.message).toMatch(message);
    };
    await refused({ full_name: "x".repeat(81) }, "full_name must be at most 80 characters");
    await refused({ full_name: 42 }, "full_name must be a string");
    await refused({ avatar_url: "https://tracker.example/pixel.gif" }, /avatar_url must be the path of an avatar/);
    await refused({ avatar_url: "/uploads/../secrets.json" }, /avatar_url/);
    await refused({ email_verified: true }, "email_verified is set by the server and cannot be changed");
    await refused({ blob: "x".repeat(900_000) }, "User metadata must be at most 2048 bytes");
    // 80 characters of four-byte emoji fit; a name is trimmed; our own uploads are taken.
    const fine = await supabase.auth.updateUser({
      data: { full_name: `  ${"😀".repeat(80)}  `, avatar_url: "/uploads/avatars/a1_B-2.webp" },
    });
    expect(fine.error).toBeNull();
    expect(fine.data.user?.user_metadata).toMatchObject({
      full_name: "😀".repeat(80),
      avatar_url: "/uploads/avatars/a1_B-2.webp",
      email,
      email_verified: true,
    });
    expect(
      (await supabase.auth.updateUser({ data: { avatar_url: null } })).data.user?.user_metadata,
    ).not.toHaveProperty("avatar_url");

    resetAuthRateLimits();
    const signUp = await supabaseClient(server.url).auth.signUp({
      email: address("metadata.new"),
      password: PASSWORD,
      options: { data: { full_name: "y".repeat(5000) } },
    });
    expect(signUp.error).toMatchObject({ status: 400, code: "validation_failed" });
    const otp = await supabaseClient(server.url).auth.signInWithOtp({
      email: address("metadata.otp"),
      options: { data: { avatar_url: "https://tracker.example/pixel.gif" } },
    });
    expect(otp.error).toMatchObject({ status: 400, code: "validation_failed" });
    expect(
      await database.db
        .select()
        .from(users)
        .where(eq(users.email, address("metadata.new"))),
    ).toEqual([]);
  });

  it("refuses JSON that PostgreSQL could not store (NUL in a key or value, unpaired surrogates) with validation_failed", async () => {
    const email = await confirmedUser("unicode");
    const { data } = await supabaseClient(server.url).auth.signInWithPassword({ email, password: PASSWORD });
    const send = (path: string, method: string, body: string, token?: string) =>
      fetch(`${server.url}/auth/v1/${path}`, {
        method,
        headers: {
          "Content-Type": "application/json",
          "X-Supabase-Api-Version": "2024-01-01",
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body,
      });
    const bodies = [
      `{"email":"${address("nul.key")}","password":"${PASSWORD}","data":{"na\\u0000me":"x"}}`,
      `{"email":"${address("nul.value")}","password":"${PASSWORD}","data":{"full_name":"a\\u0000b"}}`,
      `{"email":"${address("surrogate")}","password":"${PASSWORD}","data":{"full_name":"\\ud800"}}`,
      `{"email":"${address("surrogate.key")}","password":"${PASSWORD}","data":{"\\udc00":"x"}}`,
    ];
    for (const body of bodies) {
      for (const answer of [
        await send("signup", "POST", body),
        await send("user", "PUT", body.replace(/"email":"[^"]*","password":"[^"]*",/, ""), data.session?.access_token),
      ]) {
        expect(answer.status).toBe(400);
        const json = await answer.json();
        expect(json.code).toBe("validation_failed");
        expect(json.message).toMatch(/NUL character|unpaired surrogate/);
      }
    }
    // A surrogate pair (an emoji written as escapes) is fine.
    const pair = await send("user", "PUT", '{"data":{"full_name":"\\ud83d\\ude00"}}', data.session?.access_token);
    expect(pair.status).toBe(200);
    expect((await pair.json()).user_metadata.full_name).toBe("😀");
  });

  it("signs ES256 access tokens that getClaims verifies with the published JWKS, without asking the server", async () => {
    const email = await confirmedUser("katherine");
    const supabase = supabaseClient(server.url);
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const accessToken = data.session?.access_token ?? "";
    const jwks = await (await fetch(`${server.url}/auth/v1/.well-known/jwks.json`)).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({
      kty: "EC",
      crv: "P-256",
      alg: "ES256",
      use: "sig",
      kid: jwtHeader(accessToken).kid,
    });
    expect(jwks.keys[0]).not.toHaveProperty("d");
    expect(jwtHeader(accessToken)).toMatchObject({ alg: "ES256", typ: "JWT" });

    const first = await supabase.auth.getClaims(accessToken);
    expect(first.error).toBeNull();
    expect(first.data?.claims).toMatchObject({ sub: data.user?.id, email, role: "authenticated" });
    const before = server.paths.length;
    const second = await supabase.auth.getClaims(accessToken);
    expect(second.data?.claims.session_id).toBe(jwtPayload(accessToken).session_id);
    expect(server.paths.slice(before)).toEqual([]);

    // A forged signature fails locally.
    const [head, payload] = accessToken.split(".");
    const forged = `${head}.${payload}.${Buffer.from("nope").toString("base64url")}`;
    expect((await supabase.auth.getClaims(forged)).error).not.toBeNull();
  });

  it("rotates refresh tokens: a spent one is honoured for 10 s, after that it ends the session", async () => {
    const email = await confirmedUser("radia");
    const supabase = supabaseClient(server.url);
    const { data } = await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const first = data.session?.refresh_token ?? "";
    const sessionId = jwtPayload(data.session?.access_token ?? "").session_id;
    const refresh = (refresh_token: string) => supabaseClient(server.url).auth.refreshSession({ refresh_token });

    const rotated = await refresh(first);
    expect(rotated.error).toBeNull();
    const second = rotated.data.session?.refresh_token ?? "";
    // A second tab presenting the spent token at once keeps the same session.
    const race = await refresh(first);
    expect(race.error).toBeNull();
    expect(jwtPayload(race.data.session?.access_token ?? "").session_id).toBe(sessionId);

    await database.db
      .update(refreshTokens)
      .set({ updatedAt: new Date(Date.now() - 20_000) })
      .where(eq(refreshTokens.token, hashToken(first)));
    const stolen = await refresh(first);
    expect(stolen.error).toMatchObject({ status: 400, code: "refresh_token_already_used" });
    expect((await refresh(second)).error).toMatchObject({ code: "refresh_token_not_found" });
    const user = await supabaseClient(server.url).auth.getUser(rotated.data.session?.access_token);
    expect(user.error).toMatchObject({ name: "AuthSessionMissingError" });

    const malformed = await refresh("short");
    expect(malformed.error).toMatchObject({ code: "validation_failed" });
  });

  it("locks an address after 10 wrong passwords in 15 minutes on that IP only, the right one included", async () => {
    const email = await confirmedUser("alan");
    for (let attempt = 1; attempt <= 10; attempt++) {
      const response = await passwordSignIn(email, `wrong ${attempt}`, "203.0.113.1");
      expect(response.code).toBe("invalid_credentials");
    }
    expect(await passwordSignIn(email, "wrong 11", "203.0.113.1")).toMatchObject({
      status: 429,
      code: "over_request_rate_limit",
    });
    expect((await passwordSignIn(email, PASSWORD, "203.0.113.1")).status).toBe(429);
    // The owner, elsewhere, is not locked out.
    expect(await passwordSignIn(email, PASSWORD, "198.51.100.7")).toMatchObject({ status: 200 });
  });

  it("lets the owner sign in during a wrong-password attack on the address spread over many IPs", async () => {
    const email = await confirmedUser("joan");
    const attacker = (n: number) => `192.0.2.${n}`;
    // Ten guesses from one attacking IP through the endpoint, then 90 more from nine others
    // counted directly (a bcrypt compare each would take this test past its time): the
    // address's ceiling of 100.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, guess) => passwordSignIn(email, `guess ${guess}`, attacker(1))),
    );
    expect(answers.map((answer) => answer.code)).toEqual(Array(10).fill("invalid_credentials"));
    for (let ip = 2; ip <= 10; ip++) {
      for (let guess = 0; guess < 10; guess++) await recordFailedSignIn(email, attacker(ip));
    }
    expect((await passwordSignIn(email, "guess 11", attacker(1))).status).toBe(429);
    // Past the ceiling, a further IP gets one guess, then waits.
    expect((await passwordSignIn(email, "one more", attacker(11))).code).toBe("invalid_credentials");
    expect((await passwordSignIn(email, "and another", attacker(11))).status).toBe(429);
    // The owner, from an IP that has not failed, signs in with the right password.
    expect(await passwordSignIn(email, PASSWORD, "198.51.100.20")).toMatchObject({ status: 200 });
  });

  it("changes the e-mail address once the new one confirms by mail", async () => {
    const email = await confirmedUser("frances");
    const supabase = supabaseClient(server.url);
    await supabase.auth.signInWithPassword({ email, password: PASSWORD });
    const taken = await supabase.auth.updateUser({ email: address("ada") });
    expect(taken.error).toMatchObject({ status: 422, code: "email_exists" });
    const newEmail = address("frances.new");
    const asked = await supabase.auth.updateUser({ email: newEmail });
    expect(asked.error).toBeNull();
    expect(asked.data.user).toMatchObject({ email, new_email: newEmail, email_change_sent_at: expect.any(String) });
    const link = verifyLinkIn(await latestMail(mailbox.apiUrl, newEmail, "Confirm your new e-mail address"));
    expect(link.searchParams.get("type")).toBe("email_change");
    const opened = await openLink(link);
    expect(opened.fragment.get("type")).toBe("email_change");
    const moved = await supabaseClient(server.url).auth.getUser(opened.fragment.get("access_token") ?? "");
    expect(moved.data.user).toMatchObject({ email: newEmail });
    expect(moved.data.user?.new_email).toBeUndefined();
    expect(moved.data.user?.identities?.[0]?.identity_data).toMatchObject({ email: newEmail, email_verified: true });
    expect(
      (await supabaseClient(server.url).auth.signInWithPassword({ email: newEmail, password: PASSWORD })).error,
    ).toBeNull();
  });

  it("resends a pending confirmation and stays silent for confirmed or unknown addresses", async () => {
    const supabase = supabaseClient(server.url);
    const email = address("pending");
    await supabase.auth.signUp({ email, password: PASSWORD });
    const firstLink = verifyLinkIn(await latestMail(mailbox.apiUrl, email));
    const tooSoon = await supabase.auth.resend({ type: "signup", email });
    expect(tooSoon.error).toMatchObject({ status: 429, code: "over_email_send_rate_limit" });
    resetAuthRateLimits();
    expect((await supabase.auth.resend({ type: "signup", email })).error).toBeNull();
    expect(await mailCount(mailbox.apiUrl, email)).toBe(2);
    // The new link replaces the old one.
    expect((await openLink(firstLink)).fragment.get("error_code")).toBe("otp_expired");
    const secondLink = verifyLinkIn(await latestMail(mailbox.apiUrl, email));
    expect((await openLink(secondLink)).fragment.get("access_token")).toBeTruthy();
    resetAuthRateLimits();
    expect((await supabase.auth.resend({ type: "signup", email })).error).toBeNull();
    expect((await supabase.auth.resend({ type: "signup", email: address("unknown") })).error).toBeNull();
    expect(await mailCount(mailbox.apiUrl, email)).toBe(2);
  });

  it("speaks Supabase's wire format: versioned and legacy errors, settings, health, safe redirects", async () => {
    const legacy = await fetch(`${server.url}/auth/v1/token?grant_type=password`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: address("nobody"), password: "whatever" }),
    });
    expect(legacy.status).toBe(400);
    expect(legacy.headers.get("X-Supabase-Api-Version")).toBe("2024-01-01");
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: "invalid_credentials",
      msg: "Invalid login credentials",
    });

    const badJson = await fetch(`${server.url}/auth/v1/signup`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Supabase-Api-Version": "2024-01-01" },
      body: "{",
    });
    expect(badJson.status).toBe(400);
    expect((await badJson.json()).code).toBe("bad_json");

    const settings = await fetch(`${server.url}/auth/v1/settings`);
    expect(settings.headers.get("X-Supabase-Api-Version")).toBe("2024-01-01");
    const body = await settings.json();
    expect(body).toMatchObject({ disable_signup: false, mailer_autoconfirm: false });
    expect(body.external).toMatchObject({ email: true, github: false, google: false, phone: false });
    expect(Object.entries(body.external).filter(([, on]) => on)).toEqual([["email", true]]);
    expect((await (await fetch(`${server.url}/auth/v1/health`)).json()).name).toBe("GoTrue");
    expect((await fetch(`${server.url}/auth/v1/nope`)).status).toBe(404);
    const noToken = await fetch(`${server.url}/auth/v1/user`, { headers: { "X-Supabase-Api-Version": "2024-01-01" } });
    expect(noToken.status).toBe(401);
    expect((await noToken.json()).code).toBe("no_authorization");

    // A redirect to another site is replaced by the app's default.
    const email = address("redirect");
    await supabaseClient(server.url).auth.signUp({
      email,
      password: PASSWORD,
      options: { emailRedirectTo: "https://evil.example.com/steal" },
    });
    const link = verifyLinkIn(await latestMail(mailbox.apiUrl, email));
    expect(link.searchParams.get("redirect_to")).toBe(callback);
    link.searchParams.set("redirect_to", "https://evil.example.com/steal");
    const opened = await openLink(link);
    expect(opened.location.origin).toBe(server.url);
    expect(opened.fragment.get("access_token")).toBeTruthy();
  });

  it("stores only hashes of passwords and tokens, and keeps tokens out of the activity log", async () => {
    const email = address("hashes");
    const supabase = supabaseClient(server.url);
    await supabase.auth.signUp({ email, password: PASSWORD });
    const token = verifyLinkIn(await latestMail(mailbox.apiUrl, email)).searchParams.get("token") ?? "";
    const [user] = await database.db.select().from(users).where(eq(users.email, email));
    // bcrypt at the suite's AUTH_PASSWORD_HASH_COST (tests/setup/vitest.setup.ts; 10 by default).
    expect(user?.encryptedPassword).toMatch(/^\$2[aby]\$04\$/);
    const [stored] = await database.db
      .select()
      .from(oneTimeTokens)
      .where(eq(oneTimeTokens.userId, user?.id ?? ""));
    expect(stored).toMatchObject({ tokenType: "confirmation_token", tokenHash: hashToken(token), relatesTo: email });
    const logged = await database.db
      .select()
      .from(activity)
      .where(eq(activity.subjectId, user?.id ?? ""));
    expect(logged.map((row) => row.verb)).toEqual(["auth.confirmation_requested"]);
    expect(JSON.stringify(logged)).not.toContain(token);

    const opened = await openLink(verifyLinkIn(await latestMail(mailbox.apiUrl, email)));
    const refreshToken = opened.fragment.get("refresh_token") ?? "";
    const rows = await database.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, user?.id ?? ""));
    expect(rows.map((row) => row.token)).toEqual([hashToken(refreshToken)]);
    const count = await database.db.execute(
      sql`select count(*)::int as n from auth.one_time_tokens where user_id = ${user?.id}`,
    );
    expect((count as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);
  });
});

afterAll(async () => {
  await server.close();
  await mailbox.close();
});
