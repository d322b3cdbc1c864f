import { data, redirect } from "react-router";

import { optionalUser } from "~/.server/auth/session";
import { setThemePreference } from "~/.server/profiles/settings";
import { clientIpContext } from "~/.server/request-context";
import { themeCookie } from "~/.server/theme/theme-cookie";
import { isThemePreference, type ThemePreference } from "~/theme/preference";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/set-theme";

/**
 * Saves the theme choice in the `vite-ui-theme` cookie. Two callers:
 * - a plain form (`theme=light|dark|system`, JavaScript off): answered with a redirect back;
 * - remix-themes' client (`{"theme": "dark"}`, null meaning system): answered with JSON.
 * For a signed-in user the choice is saved to their settings too.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const secure = new URL(request.url).protocol === "https:";
  // Signed in, the choice is also the user's setting, so it follows them to other devices.
  const user = await optionalUser(context);
  const remember = (theme: ThemePreference) =>
    user ? setThemePreference({ userId: user.id, ip: context.get(clientIpContext) }, theme) : Promise.resolve();
  const contentType = request.headers.get("Content-Type") ?? "";
  if (contentType.includes("form")) {
    const form = await request.formData();
    const theme = form.get("theme");
    if (!isThemePreference(theme)) return data({ error: "Choose light, dark or system" }, { status: 400 });
    const back = safeRedirectPath(form.get("redirectTo") ?? refererPath(request), "/");
    await remember(theme);
    return redirect(back, { headers: { "Set-Cookie": themeCookie(theme, secure) } });
  }
  const body = (await request.json().catch(() => undefined)) as { theme?: unknown } | undefined;
  const theme: ThemePreference | undefined =
    body?.theme === null ? "system" : isThemePreference(body?.theme) ? body.theme : undefined;
  if (!theme) return data({ error: "Choose light, dark or system" }, { status: 400 });
  await remember(theme);
  return data({ theme }, { headers: { "Set-Cookie": themeCookie(theme, secure) } });
}

export function loader() {
  return redirect("/");
}

/** Back where the form was, if the Referer is a URL of this site; anything else goes home. */
function refererPath(request: Request) {
  const referer = request.headers.get("Referer");
  if (!referer) return "/";
  let url: URL;
  try {
    url = new URL(referer);
  } catch {
    return "/";
  }
  return url.origin === new URL(request.url).origin ? url.pathname + url.search : "/";
}
