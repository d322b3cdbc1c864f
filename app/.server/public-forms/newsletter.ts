import { and, eq, gt, sql } from "drizzle-orm";

import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { principalOf } from "../commands/principal";
import { newsletterSubscribers } from "../db/schema";
import { secrets } from "../secrets";
import { createOneTimeToken, hashToken, sign, verifySignature } from "../security/tokens";

/**
 * The newsletter, double opt-in: subscribing sends a confirmation link; only opening it
 * subscribes. Subscribing again is harmless (idempotent), and every mail carries an
 * unsubscribe link signed for that subscriber.
 */
const CONFIRM_LINK_HOURS = 48;

export const subscribeToNewsletterCommand = defineCommand({
  name: "newsletter.subscribe",
  input: z.object({ email: z.string().max(254) }),
  policy: null,
  async run({ tx, record, principal }, input: { email: string }) {
    const email = input.email.trim().toLowerCase();
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(sql`lower(${newsletterSubscribers.email})`, email));
    if (existing?.status === "confirmed") return { status: "already-subscribed" as const };

    const { token, hash } = createOneTimeToken();
    const values = {
      status: "pending" as const,
      confirmTokenHash: hash,
      confirmTokenExpiresAt: new Date(Date.now() + CONFIRM_LINK_HOURS * 3600_000),
      ip: principal.ip,
      updatedAt: new Date(),
    };
    const [row] = existing
      ? await tx
          .update(newsletterSubscribers)
          .set(values)
          .where(eq(newsletterSubscribers.id, existing.id))
          .returning({ id: newsletterSubscribers.id })
      : await tx
          .insert(newsletterSubscribers)
          .values({ email, ...values })
          .returning({ id: newsletterSubscribers.id });
    if (!row) throw new Error("newsletter write returned no row");
    await record({
      verb: "newsletter.subscription_requested",
      subjectType: "newsletter_subscriber",
      subjectId: row.id,
      transient: { token },
    });
    return { status: "confirmation-sent" as const };
  },
});

export function subscribeToNewsletter(actor: Actor, input: { email: string }) {
  return execute(subscribeToNewsletterCommand, principalOf(actor), input);
}

/** Opens the confirmation link: the subscriber's e-mail, or null for an unknown or expired link. */
export const confirmNewsletterCommand = defineCommand({
  name: "newsletter.confirm",
  input: z.object({ token: z.string().max(200) }),
  policy: null,
  async run({ tx, record }, { token }: { token: string }) {
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({
        status: "confirmed",
        confirmedAt: new Date(),
        confirmTokenHash: null,
        confirmTokenExpiresAt: null,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(newsletterSubscribers.confirmTokenHash, hashToken(token)),
          gt(newsletterSubscribers.confirmTokenExpiresAt, new Date()),
        ),
      )
      .returning({ id: newsletterSubscribers.id, email: newsletterSubscribers.email });
    if (!row) return null;
    await record({ verb: "newsletter.subscribed", subjectType: "newsletter_subscriber", subjectId: row.id });
    return row.email;
  },
});

export function confirmNewsletter(actor: Actor, token: string) {
  return execute(confirmNewsletterCommand, principalOf(actor), { token });
}

export function unsubscribeSignature(subscriberId: string) {
  return sign(secrets().sessionSecret, "newsletter-unsubscribe", subscriberId);
}

/** Unsubscribes by the signed link in every newsletter mail; true when the link was valid. */
export const unsubscribeFromNewsletterCommand = defineCommand({
  name: "newsletter.unsubscribe",
  input: z.object({ subscriberId: z.string().max(100), signature: z.string().max(200) }),
  policy: null,
  async run({ tx, record }, { subscriberId, signature }: { subscriberId: string; signature: string }) {
    // The signed link is the only right to it.
    if (!verifySignature(secrets().sessionSecret, "newsletter-unsubscribe", subscriberId, signature)) return false;
    const [row] = await tx
      .update(newsletterSubscribers)
      .set({ status: "unsubscribed", unsubscribedAt: new Date(), updatedAt: new Date() })
      .where(eq(newsletterSubscribers.id, subscriberId))
      .returning({ id: newsletterSubscribers.id });
    if (!row) return false;
    await record({ verb: "newsletter.unsubscribed", subjectType: "newsletter_subscriber", subjectId: row.id });
    return true;
  },
});

export function unsubscribeFromNewsletter(actor: Actor, subscriberId: string, signature: string) {
  return execute(unsubscribeFromNewsletterCommand, principalOf(actor), { subscriberId, signature });
}
