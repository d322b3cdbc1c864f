import { isIP } from "node:net";
import path from "node:path";

import { z } from "zod";

import { AUTOMATION_RATE_CAP } from "~/utils/automations";

/**
 * The one place that reads `process.env`. Everything else imports the typed config.
 * Unset or empty variables take the embedded defaults described in the README.
 */

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToUndefined, schema.optional());

const flag = (name: string, fallback: "true" | "false" = "false") =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0"], { error: `${name} must be true or false` })
      .default(fallback)
      .transform((value) => value === "true" || value === "1"),
  );

const wholeNumber = (name: string, fallback: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: `${name} must be a whole number of at least 1` })
      .int({ error: `${name} must be a whole number of at least 1` })
      .min(1, { error: `${name} must be a whole number of at least 1` })
      .default(fallback),
  );

/** A whole number from `min` to `max`, `fallback` when unset. */
const wholeNumberFrom = (name: string, min: number, max: number, fallback: number) => {
  const error = `${name} must be a whole number from ${min} to ${max}`;
  return z.preprocess(
    emptyToUndefined,
    z.coerce.number({ error }).int({ error }).min(min, { error }).max(max, { error }).default(fallback),
  );
};

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
/** An address or CIDR (`10.0.0.0/8`, `fd00::/8`) or one of Express's names for a range. */
function isProxyEntry(entry: string) {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
const trustedProxies = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((entry) => entry.trim())
      .filter(Boolean),
  )
  .refine((entries) => entries.length > 0 && entries.every(isProxyEntry), {
    error:
      "TRUSTED_PROXIES must be comma-separated addresses or CIDRs (like 10.0.0.0/8, 192.168.1.5) or loopback, linklocal, uniquelocal",
  });

const url = (name: string, protocols: string[], example: string) =>
  z.url({ error: `${name} must be a URL like ${example}` }).refine(
    // zod runs refinements after a failed check too, so the URL may not parse here.
    (value) => !URL.canParse(value) || protocols.includes(new URL(value).protocol),
    { error: `${name} must start with ${protocols.map((p) => `${p}//`).join(" or ")} (like ${example})` },
  );

const schema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z
        .enum(["development", "production", "test"], {
          error: "NODE_ENV must be development, production or test",
        })
        .default("production"),
    ),
    PORT: wholeNumberFrom("PORT", 1, 65535, 3000),
    HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    APP_URL: optional(url("APP_URL", ["http:", "https:"], "https://plotline.example.com")),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("./data")),
    DATABASE_URL: optional(
      url("DATABASE_URL", ["postgres:", "postgresql:"], "postgres://user:password@localhost:5432/plotline"),
    ),
    SUPABASE_URL: optional(url("SUPABASE_URL", ["http:", "https:"], "https://abcd.supabase.co")),
    SUPABASE_ANON_KEY: optional(z.string()),
    SMTP_URL: optional(url("SMTP_URL", ["smtp:", "smtps:"], "smtp://user:password@smtp.example.com:587")),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("Plotline <no-reply@localhost>")),
    SUPPORT_EMAIL: z.preprocess(
      emptyToUndefined,
      z.email({ error: "SUPPORT_EMAIL must be an e-mail address" }).default("support@localhost"),
    ),
    MAIL_OUTBOX_PUBLIC: flag("MAIL_OUTBOX_PUBLIC"),
    /** `false` leaves the jobs to separate `npm run worker` processes (PostgreSQL only). */
    JOBS_IN_APP: flag("JOBS_IN_APP", "true"),
    /** How long a worker holds a claimed job before another may run it again (a killed worker's job). */
    JOB_LEASE_MS: wholeNumber("JOB_LEASE_MS", 60_000),
    /**
     * How long a process keeps trying to reach a lost database (backing off from 0.5 s to 30 s)
     * before it exits with code 1 for its supervisor to restart it.
     */
    DB_RECONNECT_GIVE_UP_MS: wholeNumber("DB_RECONNECT_GIVE_UP_MS", 300_000),
    /** Web Push: all three, or none (the settings page then says what is missing). */
    VAPID_PUBLIC_KEY: optional(z.string()),
    VAPID_PRIVATE_KEY: optional(z.string()),
    VAPID_SUBJECT: optional(z.string()),
    DEV_MAIL_TOKEN: optional(z.string().min(16, { error: "DEV_MAIL_TOKEN must be at least 16 characters" })),
    METRICS_TOKEN: optional(z.string().min(16, { error: "METRICS_TOKEN must be at least 16 characters" })),
    /** Lets webhooks reach private, loopback and link-local addresses (a receiver on the same network). */
    WEBHOOKS_ALLOW_PRIVATE: flag("WEBHOOKS_ALLOW_PRIVATE"),
    /**
     * The reverse proxies whose X-Forwarded-For is believed: addresses, CIDRs, or Express's
     * names (loopback, linklocal, uniquelocal), comma-separated; loopback when unset.
     */
    TRUSTED_PROXIES: z.preprocess(emptyToUndefined, trustedProxies.default(["loopback"])),
    AI_BASE_URL: optional(url("AI_BASE_URL", ["http:", "https:"], "https://api.example.com/v1")),
    AI_API_KEY: optional(z.string()),
    AI_MODEL: optional(z.string()),
    /** How long one answer of a configured model may take, tool calls included. */
    AI_TIMEOUT_MS: wholeNumber("AI_TIMEOUT_MS", 60_000),
    /** The most tokens a model may write in one answer. */
    AI_MAX_OUTPUT_TOKENS: wholeNumber("AI_MAX_OUTPUT_TOKENS", 1_024),
    SESSION_SECRET: optional(z.string().min(32, { error: "SESSION_SECRET must be at least 32 characters" })),
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    GITHUB_CLIENT_ID: optional(z.string()),
    GITHUB_CLIENT_SECRET: optional(z.string()),
    GOOGLE_BASE_URL: optional(url("GOOGLE_BASE_URL", ["http:", "https:"], "https://oidc.example.com")),
    GITHUB_BASE_URL: optional(url("GITHUB_BASE_URL", ["http:", "https:"], "https://github.example.com")),
    AUTH_AUTOCONFIRM: flag("AUTH_AUTOCONFIRM"),
    AUTH_REDIRECT_URLS: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((entry) => entry.trim())
            .filter(Boolean),
        )
        .pipe(
          z.array(
            z.url({
              error: "AUTH_REDIRECT_URLS must be a comma-separated list of URLs like https://app.example.com/welcome",
            }),
          ),
        ),
    ),
    AUTH_RATE_LIMIT_PER_IP: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number({ error: "AUTH_RATE_LIMIT_PER_IP must be a whole number of at least 1" })
        .int({ error: "AUTH_RATE_LIMIT_PER_IP must be a whole number of at least 1" })
        .min(1, { error: "AUTH_RATE_LIMIT_PER_IP must be a whole number of at least 1" })
        .default(30),
    ),
    AUTH_PASSWORD_HASH_COST: wholeNumberFrom("AUTH_PASSWORD_HASH_COST", 4, 14, 10),
    RATE_LIMIT_REQUESTS: wholeNumber("RATE_LIMIT_REQUESTS", 600),
    RATE_LIMIT_WRITES: wholeNumber("RATE_LIMIT_WRITES", 120),
    RATE_LIMIT_EXPENSIVE: wholeNumber("RATE_LIMIT_EXPENSIVE", 30),
    API_RATE_LIMIT: wholeNumber("API_RATE_LIMIT", 600),
    AUTOMATION_RATE_LIMIT: wholeNumber("AUTOMATION_RATE_LIMIT", AUTOMATION_RATE_CAP),
    BILLING_ENABLED: flag("BILLING_ENABLED"),
    LOG_REQUESTS: flag("LOG_REQUESTS"),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z
        .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
          error: "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
        })
        .default("info"),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.SUPABASE_URL) !== Boolean(env.SUPABASE_ANON_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.SUPABASE_URL ? "SUPABASE_ANON_KEY" : "SUPABASE_URL"],
        message: "SUPABASE_URL and SUPABASE_ANON_KEY must be set together",
      });
    }
    if (Boolean(env.AI_BASE_URL) !== Boolean(env.AI_MODEL)) {
      ctx.addIssue({
        code: "custom",
        path: [env.AI_BASE_URL ? "AI_MODEL" : "AI_BASE_URL"],
        message: "AI_BASE_URL and AI_MODEL must be set together",
      });
    }
  });

export type Env = ReturnType<typeof toConfig>;

/** A configuration error: its message is one line that names the variable. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

function toConfig(raw: z.output<typeof schema>, cwd: string) {
  const appUrl = new URL(raw.APP_URL ?? `http://localhost:${raw.PORT}`);
  return {
    mode: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === "production",
    port: raw.PORT,
    host: raw.HOST,
    appUrl: appUrl.origin,
    dataDir: path.resolve(cwd, raw.DATA_DIR),
    databaseUrl: raw.DATABASE_URL,
    supabase: raw.SUPABASE_URL ? { url: raw.SUPABASE_URL, anonKey: raw.SUPABASE_ANON_KEY ?? "" } : undefined,
    smtpUrl: raw.SMTP_URL,
    mailFrom: raw.MAIL_FROM,
    supportEmail: raw.SUPPORT_EMAIL,
    mailOutboxPublic: raw.MAIL_OUTBOX_PUBLIC,
    jobsInApp: raw.JOBS_IN_APP,
    jobLeaseMs: raw.JOB_LEASE_MS,
    dbReconnectGiveUpMs: raw.DB_RECONNECT_GIVE_UP_MS,
    vapid:
      raw.VAPID_PUBLIC_KEY && raw.VAPID_PRIVATE_KEY
        ? { publicKey: raw.VAPID_PUBLIC_KEY, privateKey: raw.VAPID_PRIVATE_KEY, subject: raw.VAPID_SUBJECT ?? "" }
        : undefined,
    /** Opens /dev/mail from anywhere to whoever presents it (`?token=`); unset, only this machine reads it. */
    devMailToken: raw.DEV_MAIL_TOKEN,
    /** Opens /metrics to whoever sends it as a bearer token; unset, only this machine reads it. */
    metricsToken: raw.METRICS_TOKEN,
    /** Webhook URLs may resolve to private, loopback and link-local addresses (refused unless set). */
    webhooksAllowPrivate: raw.WEBHOOKS_ALLOW_PRIVATE,
    /** Express's `trust proxy`: whose X-Forwarded-For gives the client's address (rate limits, logs). */
    trustedProxies: raw.TRUSTED_PROXIES,
    ai: raw.AI_BASE_URL
      ? {
          baseUrl: raw.AI_BASE_URL,
          apiKey: raw.AI_API_KEY,
          model: raw.AI_MODEL ?? "",
          timeoutMs: raw.AI_TIMEOUT_MS,
          maxOutputTokens: raw.AI_MAX_OUTPUT_TOKENS,
        }
      : undefined,
    sessionSecret: raw.SESSION_SECRET,
    oauth: {
      google: pair(raw.GOOGLE_CLIENT_ID, raw.GOOGLE_CLIENT_SECRET),
      github: pair(raw.GITHUB_CLIENT_ID, raw.GITHUB_CLIENT_SECRET),
      /** Other endpoints than Google's and GitHub's own: for testing, or GitHub Enterprise. */
      googleBaseUrl: raw.GOOGLE_BASE_URL,
      githubBaseUrl: raw.GITHUB_BASE_URL,
    },
    authAutoconfirm: raw.AUTH_AUTOCONFIRM,
    authRedirectUrls: raw.AUTH_REDIRECT_URLS ?? [],
    /** Mail-sending and link requests per IP per 5 minutes (Supabase's default is 30); sign-in tokens get 5×. */
    authRateLimitPerIp: raw.AUTH_RATE_LIMIT_PER_IP,
    /**
     * bcrypt's cost for new password hashes (10, Supabase's, unless set). Each step doubles
     * the work; the test suites lower it, since it is the price of every sign-up there.
     * Existing hashes keep the cost they were made with.
     */
    passwordHashCost: raw.AUTH_PASSWORD_HASH_COST,
    /** Per client address per minute: every request, writes, and expensive ones (uploads, creations, searches). */
    rateLimits: {
      requests: { points: raw.RATE_LIMIT_REQUESTS, durationSeconds: 60 },
      writes: { points: raw.RATE_LIMIT_WRITES, durationSeconds: 60 },
      expensive: { points: raw.RATE_LIMIT_EXPENSIVE, durationSeconds: 60 },
      /** Per API token per minute (/api/v1). */
      api: { points: raw.API_RATE_LIMIT, durationSeconds: 60 },
      /** Runs of one automation rule per minute before it is paused (a runaway rule). */
      automation: { points: raw.AUTOMATION_RATE_LIMIT, durationSeconds: 60 },
    },
    billingEnabled: raw.BILLING_ENABLED,
    logLevel: raw.LOG_LEVEL,
    /**
     * A line for every answered request (LOG_REQUESTS=true). Off by default: a failed or
     * refused request is logged anyway, and a line per page, data request and static file
     * cost CPU on every request for lines nobody reads (a proxy's access log has them).
     */
    logRequests: raw.LOG_REQUESTS,
  };
}

function pair(clientId: string | undefined, clientSecret: string | undefined) {
  return clientId && clientSecret ? { clientId, clientSecret } : undefined;
}

/** Parses an environment; throws a ConfigError whose one-line message names each bad variable. */
export function parseEnv(source: Record<string, string | undefined>, cwd = process.cwd()) {
  const result = schema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? "environment");
      const got = source[name];
      const shown = got === undefined || isSensitive(name) ? "" : ` (got "${got}")`;
      return `${issue.message}${shown}`;
    });
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}.`);
  }
  return toConfig(result.data, cwd);
}

/** Values that may hold credentials are never echoed back in an error. */
function isSensitive(name: string) {
  return /SECRET|KEY|PASSWORD|TOKEN/.test(name) || name === "DATABASE_URL" || name === "SMTP_URL";
}

let cached: Env | undefined;

/** The process's configuration, read once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}
