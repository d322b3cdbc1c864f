import path from "node:path";

import { describe, expect, it } from "vitest";

import { ConfigError, parseEnv } from "./env";

describe("parseEnv", () => {
  it("gives the embedded defaults for an empty environment", () => {
    const config = parseEnv({}, "/srv/plotline");
    expect(config).toMatchObject({
      mode: "production",
      port: 3000,
      host: "0.0.0.0",
      appUrl: "http://localhost:3000",
      dataDir: path.resolve("/srv/plotline", "data"),
      databaseUrl: undefined,
      supabase: undefined,
      smtpUrl: undefined,
      ai: undefined,
      billingEnabled: false,
      authAutoconfirm: false,
      oauth: { google: undefined, github: undefined },
    });
  });

  it("believes X-Forwarded-For from loopback unless told which proxies to trust", () => {
    expect(parseEnv({}).trustedProxies).toEqual(["loopback"]);
    expect(parseEnv({ TRUSTED_PROXIES: " 10.0.0.0/8, 192.168.1.5 ,fd00::/8,uniquelocal" }).trustedProxies).toEqual([
      "10.0.0.0/8",
      "192.168.1.5",
      "fd00::/8",
      "uniquelocal",
    ]);
    for (const bad of ["10.0.0.0/33", "proxy.example.com", "10.0.0.1/8/1", ","])
      expect(() => parseEnv({ TRUSTED_PROXIES: bad })).toThrow(/TRUSTED_PROXIES must be/);
  });

  it("treats empty strings as unset", () => {
    expect(parseEnv({ PORT: "", DATABASE_URL: "" }).port).toBe(3000);
  });

  it("reads every setting it is given", () => {
    const config = parseEnv({
      PORT: "8080",
      APP_URL: "https://plotline.example.com/",
      DATABASE_URL: "postgres://u:p@db:5432/plotline",
      SUPABASE_URL: "https://abcd.supabase.co",
      SUPABASE_ANON_KEY: "anon",
      AI_BASE_URL: "http://127.0.0.1:11434/v1",
      AI_MODEL: "llama3",
      GITHUB_CLIENT_ID: "id",
      GITHUB_CLIENT_SECRET: "secret",
      BILLING_ENABLED: "true",
      AUTH_RATE_LIMIT_PER_IP: "500",
      AUTH_PASSWORD_HASH_COST: "12",
    });
    expect(config).toMatchObject({
      port: 8080,
      appUrl: "https://plotline.example.com",
      databaseUrl: "postgres://u:p@db:5432/plotline",
      supabase: { url: "https://abcd.supabase.co", anonKey: "anon" },
      ai: { baseUrl: "http://127.0.0.1:11434/v1", model: "llama3" },
      oauth: { github: { clientId: "id", clientSecret: "secret" }, google: undefined },
      billingEnabled: true,
      authRateLimitPerIp: 500,
      passwordHashCost: 12,
    });
    expect(parseEnv({}).authRateLimitPerIp).toBe(30);
    expect(parseEnv({}).passwordHashCost).toBe(10);
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "abc").'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be a whole number from 1 to 65535 (got "70000").'],
    [
      { DATABASE_URL: "nonsense" },
      "Invalid configuration: DATABASE_URL must be a URL like postgres://user:password@localhost:5432/plotline.",
    ],
    [
      { DATABASE_URL: "mysql://u:p@db/x" },
      "Invalid configuration: DATABASE_URL must start with postgres:// or postgresql:// (like postgres://user:password@localhost:5432/plotline).",
    ],
    [{ SUPABASE_URL: "https://a.supabase.co" }, "SUPABASE_URL and SUPABASE_ANON_KEY must be set together"],
    [{ BILLING_ENABLED: "yes" }, 'BILLING_ENABLED must be true or false (got "yes")'],
    [{ LOG_LEVEL: "loud" }, "LOG_LEVEL must be one of"],
    [{ AUTH_RATE_LIMIT_PER_IP: "0" }, 'AUTH_RATE_LIMIT_PER_IP must be a whole number of at least 1 (got "0")'],
    [{ AUTH_PASSWORD_HASH_COST: "3" }, "AUTH_PASSWORD_HASH_COST must be a whole number from 4 to 14."],
  ])("stops on %j with a one-line message naming it", (source, message) => {
    let error: unknown;
    try {
      parseEnv(source);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toContain(message);
    expect((error as Error).message).not.toContain("\n");
  });

  it("reads the rate-limit tiers and the outbox token, and refuses bad values by name", () => {
    expect(parseEnv({}).rateLimits).toEqual({
      requests: { points: 600, durationSeconds: 60 },
      writes: { points: 120, durationSeconds: 60 },
      expensive: { points: 30, durationSeconds: 60 },
      api: { points: 600, durationSeconds: 60 },
      automation: { points: 100, durationSeconds: 60 },
    });
    const config = parseEnv({
      RATE_LIMIT_REQUESTS: "5000",
      RATE_LIMIT_WRITES: "900",
      RATE_LIMIT_EXPENSIVE: "50",
      API_RATE_LIMIT: "1200",
      DEV_MAIL_TOKEN: "0123456789abcdef0123",
    });
    expect(config.rateLimits.requests.points).toBe(5000);
    expect(config.rateLimits.writes.points).toBe(900);
    expect(config.rateLimits.expensive.points).toBe(50);
    expect(config.rateLimits.api.points).toBe(1200);
    expect(config.devMailToken).toBe("0123456789abcdef0123");
    expect(() => parseEnv({ RATE_LIMIT_WRITES: "0" })).toThrow(
      "RATE_LIMIT_WRITES must be a whole number of at least 1",
    );
    expect(() => parseEnv({ DEV_MAIL_TOKEN: "short" })).toThrow(/DEV_MAIL_TOKEN must be at least 16 characters\.$/);
  });

  it("never echoes a secret back", () => {
    expect(() => parseEnv({ SESSION_SECRET: "short-secret-value" })).toThrow(
      "SESSION_SECRET must be at least 32 characters.",
    );
    expect(() => parseEnv({ SESSION_SECRET: "short-secret-value" })).not.toThrow(/short-secret-value/);
  });
});
