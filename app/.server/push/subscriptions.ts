import { and, asc, eq, inArray } from "drizzle-orm";

import { writeWithActivity, type Actor } from "../activity/use-case";
import { pushSubscriptions } from "../db/schema";
import { FieldError } from "../errors";
import { pushEndpointSchema, pushSubscriptionSchema, type PushSubscriptionInput } from "~/validation/push";

/**
 * The browsers that receive a user's notifications by Web Push (one row per browser
 * profile: its push service's endpoint and keys). Saved from the settings page; the
 * delivery job (delivery.ts) removes the ones the push service says are gone.
 */
type SignedIn = Actor & { userId: string };

/** A user rarely has more browsers than this; past it the oldest subscription goes. */
export const MAX_PUSH_SUBSCRIPTIONS_PER_USER = 10;

/**
 * Saves this browser's subscription for the actor. The endpoint is unique: a browser that
 * subscribes again (new keys) or now for another account (someone else signed in on it)
 * takes its row over, so notifications follow whoever subscribed last on that browser.
 * Only the browser that holds an endpoint knows it, so owning it is proof enough.
 */
export async function savePushSubscription(actor: SignedIn, input: PushSubscriptionInput) {
  const parsed = pushSubscriptionSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new FieldError(String(issue?.path[0] ?? "endpoint"), issue?.message ?? "That subscription is not valid");
  }
  const { endpoint, p256dh, auth } = parsed.data;
  await writeWithActivity(actor, async (tx, record) => {
    await tx
      .insert(pushSubscriptions)
      .values({ userId: actor.userId, endpoint, p256dh, auth })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { userId: actor.userId, p256dh, auth, createdAt: new Date() },
      });
    const kept = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, actor.userId))
      .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id))
      .for("update");
    const oldest = kept.slice(0, Math.max(0, kept.length - MAX_PUSH_SUBSCRIPTIONS_PER_USER)).map((row) => row.id);
    if (oldest.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, oldest));
    // The endpoint is a capability (whoever has it may push to the browser): only its host is recorded.
    await record({
      verb: "push.subscribed",
      subjectType: "user",
      subjectId: actor.userId,
      data: { service: new URL(endpoint).host, dropped: oldest.length },
    });
  });
}

/** Forgets the actor's subscription with this endpoint; someone else's is left alone. */
export async function removePushSubscription(actor: SignedIn, endpoint: string) {
  const parsed = pushEndpointSchema.safeParse(endpoint);
  if (!parsed.success)
    throw new FieldError("endpoint", parsed.error.issues[0]?.message ?? "That endpoint is not valid");
  await writeWithActivity(actor, async (tx, record) => {
    const removed = await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, parsed.data), eq(pushSubscriptions.userId, actor.userId)))
      .returning({ id: pushSubscriptions.id });
    if (removed.length === 0) return;
    await record({
      verb: "push.unsubscribed",
      subjectType: "user",
      subjectId: actor.userId,
      data: { service: URL.canParse(parsed.data) ? new URL(parsed.data).host : "" },
    });
  });
}
