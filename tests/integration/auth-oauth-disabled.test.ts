import { afterAll, describe, expect, it, vi } from "vitest";

import { startAuthServer, supabaseClient } from "../setup/auth-server";

// No OAuth credentials: Google and GitHub are off (set before anything calls env()).
const server = await startAuthServer();
vi.stubEnv("APP_URL", server.url);
vi.stubEnv("GOOGLE_CLIENT_ID", "");
vi.stubEnv("GOOGLE_CLIENT_SECRET", "");
vi.stubEnv("GITHUB_CLIENT_ID", "");
vi.stubEnv("GITHUB_CLIENT_SECRET", "");

afterAll(() => server.close());

describe("OAuth sign-in without provider credentials", () => {
  it("reports Google and GitHub off and refuses to start their sign-in", async () => {
    const settings = (await (await fetch(`${server.url}/auth/v1/settings`)).json()) as {
      external: Record<string, boolean>;
    };
    expect(settings.external).toMatchObject({ google: false, github: false, email: true });
    for (const provider of ["google", "github"] as const) {
      const { data } = await supabaseClient(server.url, "pkce").auth.signInWithOAuth({
        provider,
        options: { redirectTo: `${server.url}/auth/callback`, skipBrowserRedirect: true },
      });
      const response = await fetch(data.url ?? "", {
        redirect: "manual",
        headers: { "X-Supabase-Api-Version": "2024-01-01" },
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        code: "provider_disabled",
        message: "Unsupported provider: provider is not enabled",
      });
    }
  });
});
