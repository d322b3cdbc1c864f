import { and, count, desc, eq, isNull } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { notifications } from "../db/schema";

/**
 * In-app notifications. Event subscribers create them (`notify`, inside their own
 * transaction); the user reads them in the top bar's menu and at /app/notifications.
 * Marking them read touches only the reader's own rows and is not workspace activity.
 */
export type NewNotification = {
  userId: string;
  kind: string;
  title: string;
  body?: string;
  link?: string | null;
  workspaceId?: string | null;
  actorId?: string | null;
  data?: Record<string, unknown>;
};

export async function notify(tx: Transaction, items: NewNotification[]) {
  if (items.length > 0) await tx.insert(notifications).values(items);
}

export async function latestNotifications(userId: string, limit = 8) {
  const [items, [unread]] = await Promise.all([
    notificationRows(userId, limit, 0),
    db()
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt))),
  ]);
  return { items, unread: unread?.n ?? 0 };
}

export const NOTIFICATIONS_PAGE_SIZE = 30;

export async function notificationPage(userId: string, page: number) {
  const [items, [total]] = await Promise.all([
    notificationRows(userId, NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE),
    db().select({ n: count() }).from(notifications).where(eq(notifications.userId, userId)),
  ]);
  return { items, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / NOTIFICATIONS_PAGE_SIZE)) };
}

async function notificationRows(userId: string, limit: number, offset: number) {
  const rows = await db()
    .select({
      id: notifications.id,
      kind: notifications.kind,
      title: notifications.title,
      body: notifications.body,
      link: notifications.link,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt))
    .limit(limit)
    .offset(offset);
  return rows.map((row) => ({
    ...row,
    read: row.readAt !== null,
    readAt: undefined,
    createdAt: row.createdAt.toISOString(),
  }));
}
export type NotificationItem = Awaited<ReturnType<typeof notificationRows>>[number];

/** Marks one of the actor's notifications read (someone else's id changes nothing). */
export async function markNotificationRead(actor: Actor & { userId: string }, notificationId: string) {
  await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(eq(notifications.id, notificationId), eq(notifications.userId, actor.userId), isNull(notifications.readAt)),
    );
}

export async function markAllNotificationsRead(actor: Actor & { userId: string }) {
  await db()
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, actor.userId), isNull(notifications.readAt)));
}
