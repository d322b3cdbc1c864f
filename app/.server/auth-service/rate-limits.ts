import { RateLimiterMemory } from "rate-limiter-flexible";

import { env } from "../env";
import { consume, resetRateLimits } from "../security/rate-limit";
import { MAIL_INTERVAL_SECONDS } from "./config";
import { emailRateLimited, requestRateLimited } from "./errors";

/**
 * Supabase's per-IP limits (AUTH_RATE_LIMIT_PER_IP, 30 per 5 minutes by default), caps
 * on wrong passwords per address and IP, and one mail of each kind per address per minute.
 * In memory, like the public forms' limits (decision 004).
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

/**
 * Wrong passwords are counted per address *and* IP, so nobody can lock an account's owner
 * out by guessing from elsewhere: after 10 in 15 minutes that address waits on that IP, the
 * right password included, or guessing could simply continue. Across all IPs an address
 * has a far higher ceiling (100): past it, a spread attack gets one guess per IP and
 * window, while an IP that has not failed (the owner's) still signs in.
 */
export const FAILED_SIGN_INS = {
  perAddressAndIp: { points: 10, duration: 15 * 60 },
  perAddress: { points: 100, duration: 15 * 60 },
};

type FailedSignInLimiters = { pair: RateLimiterMemory; address: RateLimiterMemory };
const holder = globalThis as typeof globalThis & { __plotlineFailedSignIns?: FailedSignInLimiters };

function failedSignIns() {
  holder.__plotlineFailedSignIns ??= {
    pair: new RateLimiterMemory({ keyPrefix: "auth-failed-sign-in-ip", ...FAILED_SIGN_INS.perAddressAndIp }),
    address: new RateLimiterMemory({ keyPrefix: "auth-failed-sign-in", ...FAILED_SIGN_INS.perAddress }),
  };
  return holder.__plotlineFailedSignIns;
}

const pairKey = (email: string, ip: string | null) => `${ip ?? "unknown"} ${email}`;

/** Checked before the password is, so a refused attempt never learns whether it was right. */
export async function assertSignInAllowed(email: string, ip: string | null) {
  const { pair, address } = failedSignIns();
  const failedHere = (await pair.get(pairKey(email, ip)))?.consumedPoints ?? 0;
  const failedEverywhere = (await address.get(email))?.consumedPoints ?? 0;
  const allowedHere =
    failedEverywhere >= FAILED_SIGN_INS.perAddress.points ? 1 : FAILED_SIGN_INS.perAddressAndIp.points;
  if (failedHere >= allowedHere) throw requestRateLimited();
}

export async function recordFailedSignIn(email: string, ip: string | null) {
  const { pair, address } = failedSignIns();
  await Promise.all([
    pair.consume(pairKey(email, ip)).catch(() => undefined),
    address.consume(email).catch(() => undefined),
  ]);
}

/** The right password from an IP forgets that IP's wrong ones (not the address's total). */
export async function recordSuccessfulSignIn(email: string, ip: string | null) {
  await failedSignIns().pair.delete(pairKey(email, ip));
}

/** Forgets every count (tests only). */
export function resetAuthRateLimits() {
  resetRateLimits();
  holder.__plotlineFailedSignIns = undefined;
}
