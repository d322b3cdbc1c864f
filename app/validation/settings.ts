import { z } from "zod";

import { THEME_PREFERENCES } from "~/theme/preference";

/** Settings' forms, checked the same in the browser and on the server. */
export const SETTINGS_TABS = ["profile", "notifications", "appearance", "security", "billing", "integrations"] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The longest full name a profile holds (the profile form, sign-up, and the auth service's metadata). */
export const FULL_NAME_MAX_LENGTH = 80;

export const profileSchema = z.object({
  intent: z.literal("profile"),
  fullName: z
    .string({ error: "Enter your full name" })
    .trim()
    .min(1, { error: "Enter your full name" })
    .max(FULL_NAME_MAX_LENGTH, { error: `Keep your name under ${FULL_NAME_MAX_LENGTH} characters` }),
});

/** Unchecked boxes are absent from the form: absent means off. */
const toggle = z.boolean().optional().default(false);

export const notificationsSchema = z.object({
  intent: z.literal("notifications"),
  emailNotifications: toggle,
  pushNotifications: toggle,
  aiSuggestions: toggle,
});

export const appearanceSchema = z.object({
  intent: z.literal("appearance"),
  theme: z.enum(THEME_PREFERENCES, { error: "Choose Light, Dark or System" }),
});
