import { createHash } from "node:crypto";

import pg from "pg";
import {
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRes,
  type RateLimiterAbstract,
} from "rate-limiter-flexible";

/**
 * Per-key rate limits (rate-limiter-flexible). With the embedded database the counts live
 * in this process's memory; with DATABASE_URL they live in PostgreSQL (one table,
 * `rate_limits`), so every app process behind a load balancer shares them. A process that
 * cannot reach PostgreSQL falls back to its own memory rather than refuse everyone.
 */
export type Limit = { points: number; durationSeconds: number };

export const LIMITS = {
  /** Contact, support, demo and newsletter forms, per IP and form. */
  publicForm: { points: 10, durationSeconds: 15 * 60 },
  /** Invitation mails (new and resent), per inviting user: a team, not a mailing list. */
  invitationMail: { points: 50, durationSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

export const RATE_LIMIT_TABLE = "rate_limits";

type Store = { kind: "memory" } | { kind: "postgres"; pool: pg.Pool; ownsPool: boolean; ready: Promise<void> };

const holder = globalThis as typeof globalThis & {
  __plotlineLimiters?: Map<string, RateLimiterAbstract>;
  __plotlineRateLimitStore?: Store;
};
const limiters = (holder.__plotlineLimiters ??= new Map());
const store = () => (holder.__plotlineRateLimitStore ??= { kind: "memory" });

/**
 * Where the counts live: PostgreSQL when a URL (or a pool) is given, memory otherwise.
 * Called once at boot; the table is created when missing.
 */
export async function openRateLimitStore(options: { databaseUrl?: string; pool?: pg.Pool }) {
  await closeRateLimitStore();
  if (!options.databaseUrl && !options.pool) {
    holder.__plotlineRateLimitStore = { kind: "memory" };
    return;
  }
  const pool =
    options.pool ?? new pg.Pool({ connectionString: options.databaseUrl, max: 4, connectionTimeoutMillis: 3000 });
  // An idle client losing its server must not crash the process; the pool reconnects.
  if (!options.pool) pool.on("error", () => {});
  const ready = new Promise<void>((resolve, reject) => {
    // The library creates its table (key, points, expire) on construction and reports here.
    new RateLimiterPostgres(
      { storeClient: pool, tableName: RATE_LIMIT_TABLE, keyPrefix: "setup", points: 1, duration: 1 },
      (error?: unknown) => (error ? reject(error) : resolve()),
    );
  });
  holder.__plotlineRateLimitStore = { kind: "postgres", pool, ownsPool: !options.pool, ready };
  await ready;
}

/** Ends the PostgreSQL pool, if this module opened one, and forgets every limiter. */
export async function closeRateLimitStore() {
  const current = holder.__plotlineRateLimitStore;
  holder.__plotlineRateLimitStore = { kind: "memory" };
  limiters.clear();
  if (current?.kind === "postgres" && current.ownsPool) await current.pool.end().catch(() => undefined);
}

/** Where a limit's counts live: `shared` (the store: PostgreSQL when there is one) or this process's memory. */
export type Scope = "shared" | "process";

function limiterFor(name: string, limit: Limit, scope: Scope): RateLimiterAbstract {
  const id = `${name}:${limit.points}:${limit.durationSeconds}:${scope}`;
  let limiter = limiters.get(id);
  if (limiter) return limiter;
  const options = { keyPrefix: id, points: limit.points, duration: limit.durationSeconds };
  const current = store();
  if (current.kind === "memory" || scope === "process") {
    limiter = new RateLimiterMemory(options);
  } else {
    limiter = new RateLimiterPostgres({
      ...options,
      storeClient: current.pool,
      tableName: RATE_LIMIT_TABLE,
      tableCreated: true,
      // Expired rows are deleted by one limiter only (the library schedules it per limiter).
      clearExpiredByTimeout: limiters.size === 0,
      // A key over its limit is refused from memory until its window ends: a flood costs no queries.
      inMemoryBlockOnConsumed: limit.points + 1,
      insuranceLimiter: new RateLimiterMemory(options),
    });
  }
  limiters.set(id, limiter);
  return limiter;
}

/** PostgreSQL keys are fixed-length digests: no addresses in the table, nothing over its 255 characters. */
function storedKey(key: string, scope: Scope) {
  return scope === "shared" && store().kind === "postgres" ? createHash("sha256").update(key).digest("base64url") : key;
}

export type Outcome = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Takes one point; answers how long to wait when the limit is reached. `process` counts in
 * this process's memory even when PostgreSQL is there: for a limit checked on every
 * request, where a round trip per request costs more than it protects (behind N processes
 * the effective limit is then up to N times the setting).
 */
export async function consume(name: string, limit: Limit, key: string, scope: Scope = "shared"): Promise<Outcome> {
  try {
    await limiterFor(name, limit, scope).consume(storedKey(key, scope));
    return { allowed: true as const };
  } catch (error) {
    if (error instanceof RateLimiterRes)
      return { allowed: false as const, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
    // The store failed and so did its fallback: let the request through rather than fail it.
    // (The logger is loaded here, not at the top: loading it reads env(), which tests set first.)
    const { logger } = await import("../logger");
    logger.error({ err: error, limiter: name }, "rate limiter failed");
    return { allowed: true as const };
  }
}

/** Forgets every count (tests only). */
export function resetRateLimits() {
  limiters.clear();
}
