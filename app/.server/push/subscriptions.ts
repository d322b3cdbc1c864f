import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { pushSubscriptions } from "../db/schema";
import { pushEndpointSchema, pushSubscriptionSchema, type PushSubscriptionInput } from "~/validation/push";

/**
 * The browsers that receive a user's notifications by Web Push (one row per browser
 * profile: its push service's endpoint and keys). Saved from the settings page; the
 * delivery job (delivery.ts) removes the ones the push service says are gone.
 */
/** A user rarely has more browsers than this; past it the oldest subscription goes. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Saves this browser's subscription for the actor. The endpoint is unique: a browser that
 * subscribes again (new keys) or now for another account (someone else signed in on it)
 * takes its row over, so notifications follow whoever subscribed last on that browser.
 * Only the browser that holds an endpoint knows it, so owning it is proof enough.
 */
export const savePushSubscriptionCommand = defineCommand({
  name: "push.subscribe",
  input: pushSubscriptionSchema,
  policy: null,
  async run({ tx, record, principal }, { endpoint, p256dh, auth }: PushSubscriptionInput) {
    const userId = memberIdOf(principal);
    await tx
      .insert(pushSubscriptions)
      .values({ userId, endpoint, p256dh, auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId, p256dh, auth, createdAt: new Date() },
      });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
      .for("update");
    const oldest = kept.slice(0, Math.max(0, kept.length - MAX_PUSH_SUBSCRIPTIONS_PER_USER)).map((row) => row.id);
    if (oldest.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
    // The endpoint is a capability (whoever has it may push to the browser): only its host is recorded.
    await record({
      verb: "push.subscribed",
      subjectType: "user",
      subjectId: userId,
      data: { service: new URL(endpoint).host, dropped: oldest.length },
    });
  },
});

export function savePushSubscription(actor: Actor, input: PushSubscriptionInput) {
  return execute(savePushSubscriptionCommand, principalOf(actor), input);
}

/** Forgets the member's subscription with this endpoint; someone else's is left alone. */
export const removePushSubscriptionCommand = defineCommand({
  name: "push.unsubscribe",
  input: z.object({ endpoint: pushEndpointSchema }),
  policy: null,
  async run({ tx, record, principal }, { endpoint }: { endpoint: string }) {
    const userId = memberIdOf(principal);
    const removed = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.userId, userId)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) return;
    await record({
      verb: "push.unsubscribed",
      subjectType: "user",
      subjectId: userId,
      data: { service: URL.canParse(endpoint) ? new URL(endpoint).host : "" },
    });
  },
});

export function removePushSubscription(actor: Actor, endpoint: string) {
  return execute(removePushSubscriptionCommand, principalOf(actor), { endpoint });
}
