import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";

/** A random one-time token: the raw value goes in a link, only its hash is stored. */
export function createOneTimeToken() {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string) {
  return createHash("sha256").update(token).digest("hex");
}

/** A stateless signature for links that need no stored token (e.g. unsubscribe). */
export function sign(secret: string, purpose: string, value: string) {
  return createHmac("sha256", secret).update(`${purpose}:${value}`).digest("base64url");
}

export function verifySignature(secret: string, purpose: string, value: string, signature: string) {
  const expected = Buffer.from(sign(secret, purpose, value));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
