import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { listSessions, revokeSession } from "~/.server/auth-service/session-list";
import { sessions } from "~/.server/auth-service/schema";
import { activity, notifications } from "~/.server/db/schema";
import { NotFoundError } from "~/.server/errors";
import {
  latestNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notify,
} from "~/.server/notifications/notifications";
import {
  setThemePreference,
  updateNotificationPreferences,
  updateProfile,
  userSettingsOf,
} from "~/.server/profiles/settings";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";

/** The user's own settings, sessions and notifications, on PGlite and PostgreSQL. */
describe.each(engines)("settings, sessions and notifications on %s", (engine) => {
  const db = useTestDatabase(engine);

  it("saves the profile, preferences and theme, each with an activity row", async () => {
    const user = await buildUser({ fullName: "Before" });
    const first = await updateProfile(user.actor, { fullName: "  After  ", avatarUrl: "/uploads/avatars/a.webp" });
    expect(first).toEqual({ fullName: "After", avatarUrl: "/uploads/avatars/a.webp", previousAvatarUrl: null });
    const second = await updateProfile(user.actor, { fullName: "After", avatarUrl: "/uploads/avatars/b.webp" });
    expect(second.previousAvatarUrl).toBe("/uploads/avatars/a.webp");
    // No new file: the avatar stays.
    expect((await updateProfile(user.actor, { fullName: "Again" })).avatarUrl).toBe("/uploads/avatars/b.webp");
    await updateNotificationPreferences(user.actor, {
      emailNotifications: false,
      pushNotifications: true,
      aiSuggestions: false,
    });
    await setThemePreference(user.actor, "dark");
    expect(await userSettingsOf(user.id)).toMatchObject({
      fullName: "Again",
      avatarUrl: "/uploads/avatars/b.webp",
      theme: "dark",
      emailNotifications: false,
      pushNotifications: true,
      aiSuggestions: false,
    });
    const verbs = (await db().db.select().from(activity).where(eq(activity.actorId, user.id))).map((r) => r.verb);
    expect(verbs).toEqual(
      expect.arrayContaining(["profile.updated", "settings.notifications_updated", "settings.theme_changed"]),
    );
  });

  it("lists a user's sessions and revokes only their own", async () => {
    const user = await buildUser();
    const other = await buildUser();
    const [mine] = await db()
      .db.insert(sessions)
      .values({ userId: user.id, userAgent: "curl/8", ip: "203.0.113.1" })
      .returning();
    const [theirs] = await db().db.insert(sessions).values({ userId: other.id }).returning();
    expect((await listSessions(user.id)).map((session) => session.id)).toEqual([mine!.id]);
    await expect(revokeSession(user.actor, theirs!.id)).rejects.toThrow(NotFoundError);
    expect(await db().db.select().from(sessions).where(eq(sessions.id, theirs!.id))).toHaveLength(1);
    await revokeSession(user.actor, mine!.id);
    expect(await listSessions(user.id)).toEqual([]);
  });

  it("notifications: counts unread, marks one (only one's own) and all as read", async () => {
    const user = await buildUser();
    const other = await buildUser();
    await db().db.transaction((tx) =>
      notify(tx, [
        { userId: user.id, kind: "test", title: "One" },
        { userId: user.id, kind: "test", title: "Two" },
        { userId: other.id, kind: "test", title: "Theirs" },
      ]),
    );
    const latest = await latestNotifications(user.id);
    expect(latest.unread).toBe(2);
    expect(latest.items.map((item) => item.title).sort()).toEqual(["One", "Two"]);
    // The count is of every unread one, not only of those shown.
    expect(await latestNotifications(user.id, 1)).toMatchObject({ items: [{}], unread: 2 });
    const [theirs] = await db().db.select().from(notifications).where(eq(notifications.userId, other.id));
    await markNotificationRead(user.actor, theirs!.id);
    expect((await latestNotifications(other.id)).unread).toBe(1);
    await markNotificationRead(user.actor, latest.items[0]!.id);
    expect((await latestNotifications(user.id)).unread).toBe(1);
    await markAllNotificationsRead(user.actor);
    expect((await latestNotifications(user.id)).unread).toBe(0);
    expect((await latestNotifications(other.id)).unread).toBe(1);
  });
});
