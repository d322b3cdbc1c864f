import { RateLimiterMemory, RateLimiterRes } from "rate-limiter-flexible";

/**
 * Per-key rate limits (rate-limiter-flexible). In memory, per process: enough for one
 * server; several processes will move these to PostgreSQL with the same calls.
 */
export type Limit = { points: number; durationSeconds: number };

const holder = globalThis as typeof globalThis & { __plotlineLimiters?: Map<string, RateLimiterMemory> };
const limiters = (holder.__plotlineLimiters ??= new Map());

export const LIMITS = {
  /** Contact, support, demo and newsletter forms, per IP and form. */
  publicForm: { points: 10, durationSeconds: 15 * 60 },
  /** Invitation mails (new and resent), per inviting user: a team, not a mailing list. */
  invitationMail: { points: 50, durationSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

/** Takes one point; answers how long to wait when the limit is reached. */
export async function consume(name: string, limit: Limit, key: string) {
  const id = `${name}:${limit.points}:${limit.durationSeconds}`;
  let limiter = limiters.get(id);
  if (!limiter) {
    limiter = new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationSeconds });
    limiters.set(id, limiter);
  }
  try {
    await limiter.consume(key);
    return { allowed: true as const };
  } catch (error) {
    if (error instanceof RateLimiterRes)
      return { allowed: false as const, retryAfterSeconds: Math.ceil(error.msBeforeNext / 1000) };
    throw error;
  }
}

/** Forgets every count (tests only). */
export function resetRateLimits() {
  limiters.clear();
}
