import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, localeFromAcceptLanguage, type DateViewer } from "~/utils/dates";
import { DEFAULT_TIME_ZONE, TIME_ZONE_COOKIE, timeZoneOr, todayIn } from "~/utils/time-zones";

/**
 * Who is looking, for dates: the time zone and locale the root's script wrote to the
 * `plotline-tz` and `plotline-locale` cookies (components/date-text.tsx), else UTC and the
 * first language of Accept-Language (else en-US). Loaders compute "today" and "now" from
 * this once per request, and the page renders dates from them on the server and, through
 * the root loader's data, identically in the browser.
 */
function cookieValue(request: Request, name: string) {
  const cookies = request.headers.get("Cookie") ?? "";
  for (const part of cookies.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key !== name) continue;
    try {
      return decodeURIComponent(rest.join("="));
    } catch {
      return null;
    }
  }
  return null;
}

/** The viewer's zone (the `plotline-tz` cookie), else UTC. */
export function viewerTimeZone(request: Request) {
  return timeZoneOr(cookieValue(request, TIME_ZONE_COOKIE), DEFAULT_TIME_ZONE);
}

/** The viewer's locale (the `plotline-locale` cookie, else Accept-Language), else en-US. */
export function viewerLocale(request: Request) {
  const chosen = cookieValue(request, LOCALE_COOKIE);
  if (isLocale(chosen)) return chosen;
  return localeFromAcceptLanguage(request.headers.get("Accept-Language"), DEFAULT_LOCALE);
}

/** The viewer's today (YYYY-MM-DD) in their zone. */
export function todayFor(request: Request, now = new Date()) {
  return todayIn(viewerTimeZone(request), now);
}

/** Everything the date functions need, for the root loader to hand to the page. */
export function dateViewerOf(request: Request, now = new Date()): DateViewer {
  const timeZone = viewerTimeZone(request);
  return { locale: viewerLocale(request), timeZone, today: todayIn(timeZone, now), now: now.getTime() };
}
