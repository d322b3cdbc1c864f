import { RateLimiterMemory } from "rate-limiter-flexible";

import { env } from "../env";
import { consume, resetRateLimits } from "../security/rate-limit";
import { MAIL_INTERVAL_SECONDS } from "./config";
import { emailRateLimited, requestRateLimited } from "./errors";

/**
 * Supabase's per-IP limits (AUTH_RATE_LIMIT_PER_IP, 30 per 5 minutes by default), a cap
 * on wrong passwords per address, and one mail of each kind per address per minute. In memory, like the public forms' limits (decision 004).
 */
function ipLimits() {
  const perIp = env().authRateLimitPerIp;
  return {
    /** /signup, /otp, /recover, /resend: each can send a mail. */
    email: { points: perIp, durationSeconds: 5 * 60 },
    token: { points: perIp * 5, durationSeconds: 5 * 60 },
    verify: { points: perIp, durationSeconds: 5 * 60 },
  };
}

export async function limitByIp(group: "email" | "token" | "verify", ip: string | null) {
  const result = await consume(`auth-${group}`, ipLimits()[group], ip ?? "unknown");
  if (!result.allowed) throw requestRateLimited();
}

export type MailKind = "confirmation" | "magiclink" | "recovery" | "email_change";

export async function limitMail(kind: MailKind, address: string) {
  const result = await consume(`auth-mail-${kind}`, { points: 1, durationSeconds: MAIL_INTERVAL_SECONDS }, address);
  if (!result.allowed) throw emailRateLimited(result.retryAfterSeconds);
}

const FAILED_SIGN_INS = { points: 10, duration: 15 * 60 };
const holder = globalThis as typeof globalThis & { __plotlineFailedSignIns?: RateLimiterMemory };

function failedSignIns() {
  holder.__plotlineFailedSignIns ??= new RateLimiterMemory({ keyPrefix: "auth-failed-sign-in", ...FAILED_SIGN_INS });
  return holder.__plotlineFailedSignIns;
}

/**
 * Checked before the password is: once an address has had 10 wrong passwords in 15
 * minutes, even the right one waits, or guessing could simply continue.
 */
export async function assertSignInAllowed(email: string) {
  const res = await failedSignIns().get(email);
  if (res && res.consumedPoints >= FAILED_SIGN_INS.points) throw requestRateLimited();
}

export async function recordFailedSignIn(email: string) {
  await failedSignIns()
    .consume(email)
    .catch(() => undefined);
}

/** Forgets every count (tests only). */
export function resetAuthRateLimits() {
  resetRateLimits();
  holder.__plotlineFailedSignIns = undefined;
}
