import { and, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { prepared } from "../db/prepared";
import { notifications } from "../db/schema";
import { NOTIFICATION_GROUPS, type NotificationFilter } from "~/utils/notification-kinds";

/**
 * In-app notifications. Event subscribers create them (through deliver.ts); the user reads
 * them in the top bar's menu and at /app/notifications.
 * Marking them read (a command) touches only the reader's own rows and is not workspace activity.
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

/** Rows only, in the caller's transaction (fixtures, the demo seed); the rules use deliverNotifications. */
export async function notify(tx: Transaction, items: NewNotification[]) {
  if (items.length > 0) await tx.insert(notifications).values(items);
}

/** The notifications menu on every app page: the latest few and the unread count. */
export async function latestNotifications(userId: string, limit = 8) {
  const rows = await latestRows().execute({ userId, limit });
  // Someone without notifications has no rows, and nothing unread.
  return { items: rows.map(({ unread: _unread, ...row }) => toItem(row)), unread: rows[0]?.unread ?? 0 };
}

/** The latest rows, each carrying the unread count: one statement for the menu (PostgreSQL counts once). */
const latestRows = prepared((database) => {
  const userId = sql.placeholder("userId");
  return database
    .select({
      ...ITEM_FIELDS,
      unread: sql<number>`(select count(*)::int from ${notifications} as unread where unread.user_id = ${userId} and unread.read_at is null)`,
    })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(sql.placeholder("limit"))
    .prepare("latest_notifications");
});

export const NOTIFICATIONS_PAGE_SIZE = 30;

/** One page of the user's notifications, newest first, narrowed by the page's filter. */
export async function notificationPage(userId: string, page: number, filter: NotificationFilter = NO_FILTER) {
  const where = filtered(userId, filter);
  const [items, [total]] = await Promise.all([
    notificationRows(where, NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE),
    db().select({ n: count() }).from(notifications).where(where),
  ]);
  return { items, page, pages: Math.max(1, Math.ceil((total?.n ?? 0) / NOTIFICATIONS_PAGE_SIZE)), filter };
}

const NO_FILTER: NotificationFilter = { unread: false, group: null };

function filtered(userId: string, filter: NotificationFilter) {
  return and(
    eq(notifications.userId, userId),
    filter.unread ? isNull(notifications.readAt) : undefined,
    filter.group ? inArray(notifications.kind, [...NOTIFICATION_GROUPS[filter.group].kinds]) : undefined,
  )!;
}

const ITEM_FIELDS = {
  id: notifications.id,
  kind: notifications.kind,
  title: notifications.title,
  body: notifications.body,
  link: notifications.link,
  readAt: notifications.readAt,
  createdAt: notifications.createdAt,
};

async function notificationRows(where: SQL, limit: number, offset: number) {
  const rows = await db()
    .select(ITEM_FIELDS)
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset);
  return rows.map(toItem);
}

function toItem<Row extends { readAt: Date | null; createdAt: Date }>({ readAt, createdAt, ...rest }: Row) {
  return { ...rest, read: readAt !== null, createdAt: createdAt.toISOString() };
}
export type NotificationItem = Awaited<ReturnType<typeof notificationRows>>[number];

/** Marks one of the member's notifications read (someone else's id changes nothing). */
export const markNotificationReadCommand = defineCommand({
  name: "notification.read",
  input: z.object({ notificationId: z.uuid({ error: "That notification does not exist." }) }),
  policy: null,
  async run({ tx, principal }, input: { notificationId: string }) {
    const userId = memberIdOf(principal);
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(
        and(eq(notifications.id, input.notificationId), eq(notifications.userId, userId), isNull(notifications.readAt)),
      );
  },
});

export function markNotificationRead(actor: Actor, notificationId: string) {
  return execute(markNotificationReadCommand, principalOf(actor), { notificationId });
}

export const markAllNotificationsReadCommand = defineCommand({
  name: "notification.read_all",
  input: z.object({}),
  policy: null,
  async run({ tx, principal }) {
    await tx
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.userId, memberIdOf(principal)), isNull(notifications.readAt)));
  },
});

export function markAllNotificationsRead(actor: Actor) {
  return execute(markAllNotificationsReadCommand, principalOf(actor), {});
}
