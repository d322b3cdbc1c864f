import { and, eq } from "drizzle-orm";
import type { PushSubscription, WebPushError } from "web-push";

import { db } from "../db";
import { notifications, pushSubscriptions, userSettings } from "../db/schema";
import { defineJob } from "../jobs/registry";
import { isUuid } from "~/validation/ids";
import { vapidDetails } from "./vapid";

/**
 * Sends one in-app notification to every browser its user subscribed, by Web Push (RFC 8030,
 * VAPID per RFC 8292, the payload encrypted per RFC 8291 by web-push). The job
 * `push.notification` (payload `{ notificationId }`) is enqueued with the notification; it
 * runs after commit and is retried with backoff while a push service fails.
 */
export const PUSH_NOTIFICATION_JOB = "push.notification";

/** A day: a notification older than that is stale news, so the push service may drop it. */
export const PUSH_TTL_SECONDS = 86_400;

/** Push services accept about 4 KB of payload; these bounds keep the JSON well under. */
const TITLE_MAX = 200;
const BODY_MAX = 1000;

/** Registers the job's handler; returns the unregister. Called once per process at boot. */
export function registerPushJobs() {
  return defineJob(PUSH_NOTIFICATION_JOB, async (payload) => {
    await pushNotification(payload.notificationId);
  });
}

/**
 * Nothing to send (no VAPID keys any more, the notification gone or already read, the user
 * turned push off, no browser subscribed) completes the job. Subscriptions the push
 * service no longer knows (404, 410) are deleted; any other failure throws, so the job is
 * retried (browsers that already got it then replace it: same tag, same topic).
 */
export async function pushNotification(notificationId: unknown) {
  const vapid = vapidDetails();
  if (!vapid || !isUuid(notificationId)) return;
  const notification = await unreadNotification(notificationId);
  if (!notification || !(await wantsPush(notification.userId))) return;
  const subscriptions = await db()
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, notification.userId));
  const message = JSON.stringify({
    id: notification.id,
    title: notification.title.slice(0, TITLE_MAX),
    body: notification.body.slice(0, BODY_MAX),
    link: notification.link,
  });
  const options = {
    vapidDetails: vapid,
    TTL: PUSH_TTL_SECONDS,
    // A retry replaces a copy still waiting at the push service instead of queueing a second.
    topic: notification.id.replaceAll("-", ""),
    timeout: 15_000,
  };
  // Loaded with the first push sent, not at start (decision 038).
  const webpush = (await import("web-push")).default;
  const results = await Promise.allSettled(
    subscriptions.map((row) => webpush.sendNotification(asSubscription(row), message, options)),
  );
  const gone: string[] = [];
  const failures: string[] = [];
  results.forEach((result, index) => {
    if (result.status === "fulfilled") return;
    const status = result.reason instanceof webpush.WebPushError ? result.reason.statusCode : undefined;
    if (status === 404 || status === 410) gone.push(subscriptions[index]!.id);
    else failures.push(describeFailure(result.reason, webpush.WebPushError));
  });
  for (const id of gone) await db().delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  if (failures.length > 0) {
    throw new Error(
      `Web Push failed for ${failures.length} of ${subscriptions.length} subscriptions: ${failures.join("; ")}`,
    );
  }
}

async function unreadNotification(id: string) {
  const [row] = await db()
    .select({
      id: notifications.id,
      userId: notifications.userId,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(eq(notifications.id, id));
  return row && row.readAt === null ? row : undefined;
}

/** The account-wide switch on the settings page (off by default). */
async function wantsPush(userId: string) {
  const [row] = await db()
    .select({ on: userSettings.pushNotifications })
    .from(userSettings)
    .where(and(eq(userSettings.userId, userId), eq(userSettings.pushNotifications, true)));
  return Boolean(row?.on);
}

function asSubscription(row: { endpoint: string; p256dh: string; auth: string }): PushSubscription {
  return { endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } };
}

/** The status and host only: an endpoint is a capability and never goes to the log or the jobs table. */
function describeFailure(error: unknown, pushError: typeof WebPushError) {
  if (error instanceof pushError) {
    const host = URL.canParse(error.endpoint) ? new URL(error.endpoint).host : "push service";
    return `${host} answered ${error.statusCode}`;
  }
  return error instanceof Error ? error.message : String(error);
}
