import { randomBytes, timingSafeEqual } from "node:crypto";

import { hashToken } from "../security/tokens";

/**
 * Opaque secrets: one-time tokens for mailed links and refresh tokens. The raw value goes
 * to the client or the mail; only its sha256 is stored, so a database leak yields nothing
 * usable.
 */

/** Mailed tokens of PKCE flows carry this prefix, as Supabase's do, so /verify answers with a code. */
export const PKCE_PREFIX = "pkce_";

export function newSecret() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

/** Refresh tokens are lower-case alphanumerics, the shape supabase-js and Supabase expect. */
export function newRefreshToken() {
  const alphabet = "abcdefghijklmnopqrstuvwxyz234567";
  const token = [...randomBytes(32)].map((byte) => alphabet[byte % 32]).join("");
  return { token, hash: hashToken(token) };
}

export { hashToken };

export function constantTimeEqual(a: string, b: string) {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
