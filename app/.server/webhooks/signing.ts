import { createHash, createHmac, randomBytes } from "node:crypto";

/**
 * The Standard Webhooks scheme (standardwebhooks.com): a secret `whsec_` + base64 of random
 * bytes; each delivery carries `webhook-id`, `webhook-timestamp` (seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">` keyed with the
 * secret's decoded bytes, so a receiver can check who sent it and refuse a replay.
 */
export const SECRET_PREFIX = "whsec_";

export function newWebhookSecret() {
  return `${SECRET_PREFIX}${randomBytes(24).toString("base64")}`;
}

export function signatureOf(secret: string, messageId: string, timestamp: number, body: string) {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), "base64");
  const mac = createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64");
  return `v1,${mac}`;
}

/** The message id of one event at one endpoint: the same however often it is sent. */
export function messageIdOf(endpointId: string, sequence: number) {
  return `msg_${createHash("sha256").update(`${endpointId}:${sequence}`).digest("base64url").slice(0, 27)}`;
}

/** A message that is no event (Send test): its own random id. */
export function newMessageId() {
  return `msg_${randomBytes(20).toString("base64url").slice(0, 27)}`;
}
