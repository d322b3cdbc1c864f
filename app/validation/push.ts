import { z } from "zod";

/**
 * A browser's Web Push subscription as the settings page posts it (`PushSubscription.toJSON()`:
 * the push service's URL and the two keys of RFC 8291, base64url). Bounded before anything
 * stores it or sends to it.
 */
export const PUSH_ENDPOINT_MAX_LENGTH = 2048;

const base64url = (bytes: number) => Math.ceil((bytes * 4) / 3);

/** A push service's address: https, and a named host (never an IP address or a one-word name like localhost). */
export function isPushServiceUrl(value: string) {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol !== "https:" || url.username || url.password) return false;
  const host = url.hostname;
  const ipLiteral = host.startsWith("[") || /^[\d.]+$/.test(host);
  return !ipLiteral && host.includes(".") && !host.endsWith(".localhost") && !host.endsWith(".local");
}

export const pushSubscriptionSchema = z.object({
  endpoint: z
    .string({ error: "The subscription has no endpoint" })
    .max(PUSH_ENDPOINT_MAX_LENGTH, { error: "That push endpoint is too long" })
    .refine(isPushServiceUrl, { error: "The push endpoint must be an https address of a push service" }),
  // An uncompressed P-256 point (65 bytes, first byte 4, so its base64url starts with B).
  p256dh: z
    .string({ error: "The subscription has no p256dh key" })
    .regex(new RegExp(`^B[A-Za-z0-9_-]{${base64url(65) - 1}}=?$`), {
      error: "The p256dh key must be a P-256 public key in base64url",
    }),
  // The 16-byte authentication secret.
  auth: z
    .string({ error: "The subscription has no auth secret" })
    .regex(new RegExp(`^[A-Za-z0-9_-]{${base64url(16)}}(==)?$`), {
      error: "The auth secret must be 16 bytes in base64url",
    }),
});

export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const pushEndpointSchema = z
  .string({ error: "The subscription has no endpoint" })
  .min(1, { error: "The subscription has no endpoint" })
  .max(PUSH_ENDPOINT_MAX_LENGTH, { error: "That push endpoint is too long" });
