import { parse, serialize } from "cookie";

import { DEFAULT_THEME, isThemePreference, THEME_STORAGE_KEY, type ThemePreference } from "~/theme/preference";

const ONE_YEAR = 60 * 60 * 24 * 365;

/** The visitor's theme choice from the `vite-ui-theme` cookie; light on a first visit. */
export function readThemePreference(request: Request): ThemePreference {
  const value = parse(request.headers.get("Cookie") ?? "")[THEME_STORAGE_KEY];
  return isThemePreference(value) ? value : DEFAULT_THEME;
}

export function themeCookie(preference: ThemePreference, secure: boolean) {
  return serialize(THEME_STORAGE_KEY, preference, {
    path: "/",
    maxAge: ONE_YEAR,
    sameSite: "lax",
    httpOnly: true,
    secure,
  });
}

/**
 * The browser's colour scheme from the `Sec-CH-Prefers-Color-Scheme` client hint, which
 * Chromium sends once a response asked for it (entry.server sets `Accept-CH`). It lets the
 * server render "system" correctly even with JavaScript off.
 */
export function readSystemThemeHint(request: Request): "light" | "dark" | undefined {
  const hint = request.headers.get("Sec-CH-Prefers-Color-Scheme")?.replaceAll('"', "");
  return hint === "dark" || hint === "light" ? hint : undefined;
}

export const SYSTEM_THEME_HINT_HEADERS = {
  "Accept-CH": "Sec-CH-Prefers-Color-Scheme",
  Vary: "Sec-CH-Prefers-Color-Scheme",
};
