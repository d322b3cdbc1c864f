import { and, asc, eq, gt, inArray, isNull } from "drizzle-orm";

import { db } from "../db";
import { notifications, profiles, userSettings } from "../db/schema";
import { env } from "../env";
import { enqueue } from "../jobs/queue";
import { defineJob } from "../jobs/registry";
import { sendMail } from "../mail/mailer";
import type { MailBlock } from "../mail/render";
import { excerptOf } from "./context";
import { MAIL_JOB, MAIL_WINDOW_MS, mailJob, mailJobKey, mailQuietUntil } from "./deliver";

/**
 * The notification e-mail (job `notifications.email`, one waiting per user). The first
 * notification after a quiet spell goes out alone and at once; whatever follows within 10
 * minutes of that mail waits and goes out as one digest when they are up. What the user
 * read in the app meanwhile is not mailed; `emailed_at` marks what went out.
 */
/** Older unread notifications are not mailed any more (e.g. after e-mail was turned back on). */
const MAILABLE_FOR_MS = 24 * 3_600_000;
/** A digest lists this many; the rest are counted. */
const DIGEST_LIST = 20;
/** What one run reads, and marks as mailed. */
const DIGEST_MAX = 200;

export function registerNotificationMail() {
  return defineJob(MAIL_JOB, async (payload, _job, now) => {
    if (typeof payload.userId === "string") {
      await mailNotifications(
        payload.userId,
        typeof payload.notificationId === "string" ? payload.notificationId : null,
        now,
      );
    }
  });
}

async function mailNotifications(userId: string, notificationId: string | null, now: Date) {
  const [person] = await db()
    .select({ email: profiles.email, wanted: userSettings.emailNotifications })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId));
  if (!person?.email || person.wanted === false) return;
  const quietUntil = await db().transaction((tx) => mailQuietUntil(tx, userId));
  if (quietUntil && quietUntil > now) {
    // Mailed meanwhile (another run, another process): this becomes the digest at the window's end.
    await db().transaction(async (tx) => enqueue(tx, [await mailJob(tx, userId, null, now)]));
    return;
  }
  const pending = await db()
    .select({ id: notifications.id, title: notifications.title, body: notifications.body, link: notifications.link })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        isNull(notifications.emailedAt),
        gt(notifications.createdAt, new Date(now.getTime() - MAILABLE_FOR_MS)),
      ),
    )
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(DIGEST_MAX);
  if (pending.length === 0) return;
  const alone = notificationId ? pending.find((row) => row.id === notificationId) : undefined;
  const batch = alone ? [alone] : pending;
  await sendMail({ to: person.email, content: batch.length === 1 ? single(batch[0]!) : digest(batch) });
  await db()
    .update(notifications)
    .set({ emailedAt: now })
    .where(
      inArray(
        notifications.id,
        batch.map((row) => row.id),
      ),
    );
  if (pending.length > batch.length) {
    await enqueue(db(), [
      {
        kind: MAIL_JOB,
        payload: { userId },
        runAt: new Date(now.getTime() + MAIL_WINDOW_MS),
        dedupeKey: mailJobKey(userId),
      },
    ]);
  }
}

type Pending = { title: string; body: string; link: string | null };

const FOOTER: MailBlock[] = [
  { kind: "paragraph", text: "You can turn these e-mails off in Settings → Notifications." },
];

function single(item: Pending) {
  return {
    subject: item.title,
    blocks: [
      { kind: "paragraph", text: item.title },
      ...(item.body ? [{ kind: "quote" as const, text: item.body }] : []),
      { kind: "button", label: "Open in Plotline", url: `${env().appUrl}${item.link ?? "/app/notifications"}` },
    ] satisfies MailBlock[],
    footer: FOOTER,
  };
}

function digest(items: Pending[]) {
  const listed = items.slice(0, DIGEST_LIST);
  const more = items.length - listed.length;
  return {
    subject: `${items.length} new notifications on Plotline`,
    blocks: [
      { kind: "paragraph", text: `You have ${items.length} new notifications:` },
      ...listed.map((item): MailBlock => ({
        kind: "paragraph",
        text: `• ${item.title}${item.body ? ` — ${excerptOf(item.body)}` : ""}${item.link ? ` (${env().appUrl}${item.link})` : ""}`,
      })),
      ...(more > 0 ? [{ kind: "paragraph" as const, text: `…and ${more} more.` }] : []),
      { kind: "button", label: "View all notifications", url: `${env().appUrl}/app/notifications` },
    ] satisfies MailBlock[],
    footer: FOOTER,
  };
}
