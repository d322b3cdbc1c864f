import { eq, inArray, max } from "drizzle-orm";

import { db } from "../db";
import type { Transaction } from "../db/client";
import { notifications, userSettings } from "../db/schema";
import { env } from "../env";
import { enqueue, type NewJob } from "../jobs/queue";
import { wakeWorkers } from "../jobs/worker";
import { sendToUserEverywhere } from "../realtime/user-messages";
import type { NewNotification } from "./notifications";

/**
 * The one way a notification is made. The rules (subscribers.ts, reminders.ts, the team's)
 * decide who hears about what; this writes the rows, and in the same transaction the jobs
 * that carry them further: the e-mail (email.ts batches a burst into one digest) and a
 * Web Push per notification for those who turned push on. After commit each recipient's
 * open tabs hear of it at once.
 */
export type NotificationItem = NewNotification & {
  /** At most one notification per user and key (`due:<task>:<date>`): a second is dropped. */
  dedupeKey?: string;
  /** Its own e-mail went out already (an invitation's): counted as mailed, never in a digest. */
  mailedAlready?: boolean;
};

/** The quiet time after an e-mail: what comes in meanwhile waits and goes out as one digest. */
export const MAIL_WINDOW_MS = 10 * 60_000;
export const MAIL_JOB = "notifications.email";
export const PUSH_JOB = "push.notification";

export const mailJobKey = (userId: string) => `${MAIL_JOB}:${userId}`;

/** Writes the notifications (never to the person who acted) and returns those written. */
export async function deliverNotifications(items: NotificationItem[], options: { now?: Date } = {}) {
  const wanted = items.filter((item) => item.userId && item.userId !== item.actorId);
  if (wanted.length === 0) return [];
  const now = options.now ?? new Date();
  const created = await db().transaction(async (tx) => {
    const rows = await tx
      .insert(notifications)
      .values(
        wanted.map(({ mailedAlready, ...item }) => ({
          ...item,
          dedupeKey: item.dedupeKey ?? null,
          emailedAt: mailedAlready ? now : null,
        })),
      )
      .onConflictDoNothing()
      .returning({
        id: notifications.id,
        userId: notifications.userId,
        title: notifications.title,
        link: notifications.link,
        emailedAt: notifications.emailedAt,
      });
    await enqueue(tx, await followUpJobs(tx, rows, now));
    return rows;
  });
  if (created.length === 0) return created;
  wakeWorkers();
  for (const row of created) {
    await sendToUserEverywhere(row.userId, {
      event: "notification",
      data: { type: "notification.created", id: row.id, title: row.title, link: row.link },
    });
  }
  return created;
}

type Written = { id: string; userId: string; emailedAt: Date | null };

/** Per recipient the e-mail job (unless they turned e-mail off), per notification a push job. */
async function followUpJobs(tx: Transaction, rows: Written[], now: Date): Promise<NewJob[]> {
  if (rows.length === 0) return [];
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const settings = await tx
    .select({
      userId: userSettings.userId,
      email: userSettings.emailNotifications,
      push: userSettings.pushNotifications,
    })
    .from(userSettings)
    .where(inArray(userSettings.userId, userIds));
  // No settings row yet means the defaults: e-mail on, push off.
  const wants = (userId: string) => settings.find((row) => row.userId === userId);
  const jobs: NewJob[] = [];
  for (const userId of userIds) {
    const first = rows.find((row) => row.userId === userId && row.emailedAt === null);
    if (!first || wants(userId)?.email === false) continue;
    jobs.push(await mailJob(tx, userId, first.id, now));
  }
  if (env().vapid) {
    for (const row of rows) {
      if (wants(row.userId)?.push) jobs.push({ kind: PUSH_JOB, payload: { notificationId: row.id } });
    }
  }
  return jobs;
}

/**
 * Right away when no mail went out in the last 10 minutes (naming the notification, which
 * goes alone); otherwise a digest when those 10 minutes are up. One waiting job per user
 * (the dedupe key): what comes while it waits joins it.
 */
export async function mailJob(tx: Transaction, userId: string, notificationId: string | null, now: Date) {
  const quietUntil = await mailQuietUntil(tx, userId);
  const batching = quietUntil !== null && quietUntil > now;
  return {
    kind: MAIL_JOB,
    payload: batching || !notificationId ? { userId } : { userId, notificationId },
    runAt: batching ? quietUntil : now,
    dedupeKey: mailJobKey(userId),
  } satisfies NewJob;
}

/** When the 10 minutes after the user's last notification e-mail end; null if none went out. */
export async function mailQuietUntil(tx: Transaction, userId: string) {
  const [row] = await tx
    .select({ at: max(notifications.emailedAt) })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return row?.at ? new Date(new Date(row.at).getTime() + MAIL_WINDOW_MS) : null;
}
