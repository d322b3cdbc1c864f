/** The user's colour-scheme choice. `system` follows `prefers-color-scheme`. */
export const THEME_PREFERENCES = ["light", "dark", "system"] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];

/** The spec's key, used for the cookie and its localStorage mirror. */
export const THEME_STORAGE_KEY = "vite-ui-theme";
export const DEFAULT_THEME: ThemePreference = "light";

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}
