import { eq } from "drizzle-orm";

import { writeWithActivity, type ActivityInput, type Actor } from "../activity/use-case";
import { db } from "../db";
import { profiles, userSettings } from "../db/schema";
import type { ThemePreference } from "~/theme/preference";

/**
 * The signed-in user's own profile and preferences. Each save is a use case with its
 * activity row (no workspace: it concerns only the user), so later notifications and
 * audit views see it like any other change.
 */
type SignedIn = Actor & { userId: string };

export async function userSettingsOf(userId: string) {
  const [row] = await db()
    .select({
      fullName: profiles.fullName,
      email: profiles.email,
      avatarUrl: profiles.avatarUrl,
      theme: userSettings.theme,
      emailNotifications: userSettings.emailNotifications,
      pushNotifications: userSettings.pushNotifications,
      aiSuggestions: userSettings.aiSuggestions,
      plan: userSettings.plan,
    })
    .from(profiles)
    .leftJoin(userSettings, eq(userSettings.userId, profiles.id))
    .where(eq(profiles.id, userId));
  return {
    fullName: row?.fullName ?? "",
    email: row?.email ?? "",
    avatarUrl: row?.avatarUrl ?? null,
    theme: row?.theme ?? "light",
    emailNotifications: row?.emailNotifications ?? true,
    pushNotifications: row?.pushNotifications ?? false,
    aiSuggestions: row?.aiSuggestions ?? true,
    plan: row?.plan ?? "free",
  };
}

/** Full name, and the avatar when a new one was uploaded; answers the avatar it replaced. */
export async function updateProfile(actor: SignedIn, input: { fullName: string; avatarUrl?: string }) {
  return writeWithActivity(actor, async (tx, record) => {
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, actor.userId)).for("update");
    const fullName = input.fullName.trim();
    const avatarUrl = input.avatarUrl ?? before?.avatarUrl ?? null;
    await tx.update(profiles).set({ fullName, avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, actor.userId));
    await record({
      verb: "profile.updated",
      subjectType: "user",
      subjectId: actor.userId,
      data: { fullName, avatarChanged: input.avatarUrl !== undefined },
    });
    return {
      fullName,
      avatarUrl,
      previousAvatarUrl: input.avatarUrl !== undefined ? (before?.avatarUrl ?? null) : null,
    };
  });
}

export type NotificationPreferences = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  aiSuggestions: boolean;
};

async function saveSettings(
  actor: SignedIn,
  values: Partial<typeof userSettings.$inferInsert>,
  verb: "settings.notifications_updated" | "settings.theme_changed",
) {
  return writeWithActivity(actor, async (tx, record) => {
    await tx
      .insert(userSettings)
      .values({ userId: actor.userId, ...values })
      .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } });
    await record({ verb, subjectType: "user", subjectId: actor.userId, data: values } as ActivityInput);
  });
}

export function updateNotificationPreferences(actor: SignedIn, input: NotificationPreferences) {
  return saveSettings(actor, input, "settings.notifications_updated");
}

export function setThemePreference(actor: SignedIn, theme: ThemePreference) {
  return saveSettings(actor, { theme }, "settings.theme_changed");
}
