import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { OAuth2Server } from "oauth2-mock-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { resetAuthRateLimits } from "~/.server/auth-service/rate-limits";
import { setDatabase } from "~/.server/db";
import { initSecrets } from "~/.server/secrets";
import { jwtPayload, startAuthServer, supabaseClient } from "../setup/auth-server";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";

// A mock OpenID provider stands in for Google, a small server for GitHub (Enterprise-style paths).
const google = new OAuth2Server();
await google.issuer.keys.generate("RS256");
await google.start(0, "127.0.0.1");
let googleUser: Record<string, unknown> = {};
google.service.on("beforeUserinfo", (response: { body: unknown }) => {
  response.body = googleUser;
});

let githubUser: {
  id: number;
  login: string;
  name: string;
  emails: { email: string; primary: boolean; verified: boolean }[];
};
const githubScopes: string[] = [];
const github = http.createServer((req, res) => {
  const url = new URL(req.url ?? "/", "http://github.test");
  const reply = (body: unknown) => {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === "/login/oauth/authorize") {
    githubScopes.push(url.searchParams.get("scope") ?? "");
    const back = new URL(url.searchParams.get("redirect_uri") ?? "");
    back.searchParams.set("code", "github-code");
    back.searchParams.set("state", url.searchParams.get("state") ?? "");
    res.writeHead(302, { Location: back.toString() });
    res.end();
  } else if (url.pathname === "/login/oauth/access_token" && req.method === "POST") {
    reply({ access_token: "github-token", token_type: "bearer", scope: "read:user,user:email" });
  } else if (req.headers.authorization !== "Bearer github-token") {
    res.writeHead(401);
    res.end();
  } else if (url.pathname === "/api/v3/user") {
    reply({ id: githubUser.id, login: githubUser.login, name: githubUser.name, avatar_url: "https://avatars.test/1" });
  } else if (url.pathname === "/api/v3/user/emails") {
    reply(githubUser.emails);
  } else {
    res.writeHead(404);
    res.end();
  }
});
await new Promise<void>((resolve) => github.listen(0, "127.0.0.1", resolve));
const githubUrl = `http://127.0.0.1:${(github.address() as AddressInfo).port}`;

const server = await startAuthServer();
vi.stubEnv("APP_URL", server.url);
vi.stubEnv("AUTH_AUTOCONFIRM", "true");
vi.stubEnv("GOOGLE_CLIENT_ID", "google-client");
vi.stubEnv("GOOGLE_CLIENT_SECRET", "google-secret");
vi.stubEnv("GOOGLE_BASE_URL", google.issuer.url ?? "");
vi.stubEnv("GITHUB_CLIENT_ID", "github-client");
vi.stubEnv("GITHUB_CLIENT_SECRET", "github-secret");
vi.stubEnv("GITHUB_BASE_URL", githubUrl);

const callback = `${server.url}/auth/callback`;

afterAll(async () => {
  await google.stop();
  await new Promise<void>((resolve) => github.close(() => resolve()));
  await server.close();
});

/** Follows redirects like a browser would, until one leaves the auth service and the providers. */
async function browse(start: string) {
  let location = start;
  for (let hop = 0; hop < 5; hop++) {
    const response = await fetch(location, { redirect: "manual" });
    const next = response.headers.get("Location");
    if (!next) throw new Error(`no redirect from ${location}: ${response.status} ${await response.text()}`);
    location = new URL(next, location).toString();
    const hops = [`${server.url}/auth/v1/`, `${githubUrl}/`, `${google.issuer.url ?? ""}/`];
    if (!hops.some((prefix) => location.startsWith(prefix))) break;
  }
  const url = new URL(location);
  return { url, query: url.searchParams, fragment: new URLSearchParams(url.hash.slice(1)) };
}

describe.each(engines)("OAuth sign-in on %s", (engine) => {
  let database: TestDatabase;
  const address = (name: string) => `${name}.${engine}@example.com`;

  beforeAll(async () => {
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase(engine);
    setDatabase(database);
    resetAuthRateLimits();
  });
  afterAll(async () => {
    setDatabase(undefined);
    await database?.drop();
  });

  async function signIn(provider: "google" | "github") {
    const supabase = supabaseClient(server.url, "pkce");
    const { data, error } = await supabase.auth.signInWithOAuth({
      provider,
      options: { redirectTo: callback, skipBrowserRedirect: true },
    });
    expect(error).toBeNull();
    const landed = await browse(data.url ?? "");
    return { supabase, landed };
  }

  it("reports the configured providers in /settings", async () => {
    const settings = (await (await fetch(`${server.url}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external).toMatchObject({ google: true, github: true, email: true, apple: false });
  });

  it("signs in with Google into a new user, then into the same user again", async () => {
    const email = address("grace");
    googleUser = { sub: `google-${engine}-1`, email, email_verified: true, name: "Grace Hopper" };
    const first = await signIn("google");
    expect(`${first.landed.url.origin}${first.landed.url.pathname}`).toBe(callback);
    const code = first.landed.query.get("code") ?? "";
    expect(code).not.toBe("");
    const { data, error } = await first.supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    const user = data.session?.user;
    expect(user).toMatchObject({
      email,
      app_metadata: { provider: "google", providers: ["google"] },
      user_metadata: { full_name: "Grace Hopper", email_verified: true },
    });
    expect(user?.email_confirmed_at).toEqual(expect.any(String));
    expect(user?.identities).toHaveLength(1);
    expect(user?.identities?.[0]).toMatchObject({ provider: "google", id: `google-${engine}-1` });
    expect(jwtPayload(data.session?.access_token ?? "").amr).toEqual([
      { method: "oauth", timestamp: expect.any(Number) },
    ]);

    // The code is single use.
    const again = await first.supabase.auth.exchangeCodeForSession(code);
    expect(again.error).not.toBeNull();

    const second = await signIn("google");
    const next = await second.supabase.auth.exchangeCodeForSession(second.landed.query.get("code") ?? "");
    expect(next.error).toBeNull();
    expect(next.data.session?.user.id).toBe(user?.id);
    expect(next.data.session?.user.identities).toHaveLength(1);
  });

  it("links a Google account to the user with the same address", async () => {
    const email = address("linus");
    const supabase = supabaseClient(server.url);
    const signUp = await supabase.auth.signUp({ email, password: "correct horse 1" });
    expect(signUp.error).toBeNull();
    googleUser = { sub: `google-${engine}-2`, email: email.toUpperCase(), email_verified: true };
    const { supabase: client, landed } = await signIn("google");
    const { data, error } = await client.auth.exchangeCodeForSession(landed.query.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.session?.user.id).toBe(signUp.data.user?.id);
    expect(data.session?.user.app_metadata).toMatchObject({ provider: "email", providers: ["email", "google"] });
    expect(data.session?.user.identities?.map((identity) => identity.provider).sort()).toEqual(["email", "google"]);
    // A confirmed user keeps their password.
    const password = await supabaseClient(server.url).auth.signInWithPassword({ email, password: "correct horse 1" });
    expect(password.error).toBeNull();
  });

  it("refuses an address the provider has not verified", async () => {
    googleUser = { sub: `google-${engine}-3`, email: address("unverified"), email_verified: false };
    const { landed } = await signIn("google");
    expect(landed.query.get("error")).toBe("invalid_request");
    expect(landed.query.get("error_code")).toBe("provider_email_needs_verification");
    expect(landed.query.get("code")).toBeNull();
  });

  it("signs in with GitHub, with the primary verified address", async () => {
    const email = address("octo");
    githubUser = {
      id: engine === "pglite" ? 1001 : 1002,
      login: `octo-${engine}`,
      name: "Octo Cat",
      emails: [
        { email: address("other"), primary: false, verified: true },
        { email, primary: true, verified: true },
      ],
    };
    const { supabase, landed } = await signIn("github");
    expect(githubScopes.at(-1)).toBe("read:user user:email");
    const { data, error } = await supabase.auth.exchangeCodeForSession(landed.query.get("code") ?? "");
    expect(error).toBeNull();
    expect(data.session?.user).toMatchObject({
      email,
      app_metadata: { provider: "github", providers: ["github"] },
      user_metadata: { user_name: `octo-${engine}`, full_name: "Octo Cat" },
    });
    expect(data.session?.user.identities?.[0]).toMatchObject({ provider: "github", id: String(githubUser.id) });
  });

  it("puts the session in the fragment for an implicit-mode client", async () => {
    googleUser = { sub: `google-${engine}-4`, email: address("implicit"), email_verified: true };
    const supabase = supabaseClient(server.url);
    const { data } = await supabase.auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: callback, skipBrowserRedirect: true },
    });
    const landed = await browse(data.url ?? "");
    const accessToken = landed.fragment.get("access_token") ?? "";
    expect(jwtPayload(accessToken).email).toBe(address("implicit"));
    expect(landed.fragment.get("refresh_token")).toBeTruthy();
  });

  it("redirects an unknown or replayed state back to the app with an error", async () => {
    const unknown = await browse(`${server.url}/auth/v1/callback?code=x&state=${crypto.randomUUID()}`);
    expect(unknown.url.origin).toBe(server.url);
    expect(unknown.query.get("error_code")).toBe("bad_oauth_state");

    googleUser = { sub: `google-${engine}-5`, email: address("replay"), email_verified: true };
    const { data } = await supabaseClient(server.url, "pkce").auth.signInWithOAuth({
      provider: "google",
      options: { redirectTo: callback, skipBrowserRedirect: true },
    });
    const toProvider = await fetch(data.url ?? "", { redirect: "manual" });
    const fromProvider = await fetch(toProvider.headers.get("Location") ?? "", { redirect: "manual" });
    const callbackUrl = fromProvider.headers.get("Location") ?? "";
    const first = await browse(callbackUrl);
    expect(first.query.get("code")).toBeTruthy();
    const replay = await browse(callbackUrl);
    expect(replay.query.get("error_code")).toBe("flow_state_already_used");
    expect(`${replay.url.origin}${replay.url.pathname}`).toBe(callback);
  });

  it("answers provider_disabled for a provider that is not enabled, and refuses unknown ones", async () => {
    const disabled = await fetch(`${server.url}/auth/v1/authorize?provider=apple`, {
      headers: { "X-Supabase-Api-Version": "2024-01-01" },
    });
    expect(disabled.status).toBe(400);
    expect(await disabled.json()).toEqual({
      code: "provider_disabled",
      message: "Unsupported provider: provider is not enabled",
    });
    const unknown = await fetch(`${server.url}/auth/v1/authorize?provider=nope`);
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("x-sb-error-code")).toBe("validation_failed");
  });
});
