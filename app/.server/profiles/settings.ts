import { eq } from "drizzle-orm";
import { z } from "zod";

import type { ActivityInput, Actor } from "../activity/use-case";
import { defineCommand, execute, type UnitOfWork } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import { profiles, userSettings } from "../db/schema";
import { removeImage } from "../uploads/images";
import { THEME_PREFERENCES, type ThemePreference } from "~/theme/preference";

/**
 * The signed-in user's own profile and preferences. Each save is a use case with its
 * activity row (no workspace: it concerns only the user), so later notifications and
 * audit views see it like any other change.
 */

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

/**
 * Full name, and the avatar when a new one was uploaded; answers the avatar it replaced,
 * whose file (an upload) is removed once the change has committed.
 */
export const updateProfileCommand = defineCommand({
  name: "profile.update",
  input: z.object({ fullName: z.string().max(200), avatarUrl: z.string().max(500).optional() }),
  policy: null,
  async run({ tx, record, principal, afterCommit }, input: { fullName: string; avatarUrl?: string }) {
    const userId = memberIdOf(principal);
    const [before] = await tx.select().from(profiles).where(eq(profiles.id, userId)).for("update");
    const fullName = input.fullName.trim();
    const avatarUrl = input.avatarUrl ?? before?.avatarUrl ?? null;
    await tx.update(profiles).set({ fullName, avatarUrl, updatedAt: new Date() }).where(eq(profiles.id, userId));
    await record({
      verb: "profile.updated",
      subjectType: "user",
      subjectId: userId,
      data: { fullName, avatarChanged: input.avatarUrl !== undefined },
    });
    const previousAvatarUrl = input.avatarUrl !== undefined ? (before?.avatarUrl ?? null) : null;
    if (previousAvatarUrl?.startsWith("/uploads/")) {
      afterCommit(() => removeImage(previousAvatarUrl.slice("/uploads/".length)));
    }
    return { fullName, avatarUrl, previousAvatarUrl };
  },
});

export function updateProfile(actor: Actor, input: { fullName: string; avatarUrl?: string }) {
  return execute(updateProfileCommand, principalOf(actor), input);
}

export type NotificationPreferences = {
  emailNotifications: boolean;
  pushNotifications: boolean;
  aiSuggestions: boolean;
};

async function saveSettings(
  { tx, record, principal }: UnitOfWork,
  values: Partial<typeof userSettings.$inferInsert>,
  verb: "settings.notifications_updated" | "settings.theme_changed",
) {
  const userId = memberIdOf(principal);
  await tx
    .insert(userSettings)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userSettings.userId, set: { ...values, updatedAt: new Date() } });
  await record({ verb, subjectType: "user", subjectId: userId, data: values } as ActivityInput);
}

export const updateNotificationPreferencesCommand = defineCommand({
  name: "settings.notifications",
  input: z.object({ emailNotifications: z.boolean(), pushNotifications: z.boolean(), aiSuggestions: z.boolean() }),
  policy: null,
  run: (uow, input: NotificationPreferences) => saveSettings(uow, input, "settings.notifications_updated"),
});

export function updateNotificationPreferences(actor: Actor, input: NotificationPreferences) {
  return execute(updateNotificationPreferencesCommand, principalOf(actor), input);
}

export const setThemePreferenceCommand = defineCommand({
  name: "settings.theme",
  input: z.object({ theme: z.enum(THEME_PREFERENCES, { error: "Choose light, dark or system" }) }),
  policy: null,
  run: (uow, { theme }: { theme: ThemePreference }) => saveSettings(uow, { theme }, "settings.theme_changed"),
});

export function setThemePreference(actor: Actor, theme: ThemePreference) {
  return execute(setThemePreferenceCommand, principalOf(actor), { theme });
}
