import { todayIn } from "./time-zones";

/**
 * Dates as people read them at a glance, in the viewer's locale and time zone: a day
 * (a due date, YYYY-MM-DD) as "Today", "Tomorrow", "Yesterday", "Fri" within the coming
 * week, else "Nov 28" ("Nov 28, 2027" in another year); an instant (a comment, a
 * notification) as "just now", "5 minutes ago", "3 hours ago", "Yesterday", "4 days ago",
 * then its day. Each comes with the full date for a tooltip. Pure functions of their
 * arguments: the server and the browser get the same `today`, `now`, locale and zone from
 * the root loader (components/date-text.tsx), so both render the same text.
 */

/** The locale used when the viewer's is not known (no `plotline-locale` cookie or Accept-Language). */
export const DEFAULT_LOCALE = "en-US";
/** The cookie the root's script writes the browser's locale to, for the server's next renders. */
export const LOCALE_COOKIE = "plotline-locale";

/** What the date functions need to know about the viewer. */
export type DateViewer = {
  /** A BCP 47 tag `Intl` supports ("en-US", "de-DE"). */
  locale: string;
  /** An IANA zone ("Europe/Paris", "UTC"). */
  timeZone: string;
  /** Today in `timeZone`, YYYY-MM-DD. */
  today: string;
  /** The instant "ago" counts from, in milliseconds. */
  now: number;
};

/** A date as shown (`text`), as the tooltip gives it (`full`) and as a machine reads it (`dateTime`). */
export type ShownDate = { text: string; full: string; dateTime: string };

const DAY_MS = 86_400_000;
const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat>();

function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat>(key: string, make: () => T): T {
  let value = cache.get(key) as T | undefined;
  if (!value) {
    value = make();
    // Bounded: a locale and zone per viewer, a handful of formats each.
    if (cache.size > 1000) cache.clear();
    cache.set(key, value);
  }
  return value;
}

function dateFormat(locale: string, timeZone: string, options: Intl.DateTimeFormatOptions, name: string) {
  return cached(`d|${locale}|${timeZone}|${name}`, () => new Intl.DateTimeFormat(locale, { ...options, timeZone }));
}

function relativeFormat(locale: string) {
  return cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
}

/** True for a locale tag `Intl` supports; bounded, so a long header is never parsed. */
export function isLocale(value: unknown): value is string {
  if (typeof value !== "string" || value.length < 2 || value.length > 35) return false;
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(value)) return false;
  try {
    return Intl.DateTimeFormat.supportedLocalesOf([value]).length === 1;
  } catch {
    return false;
  }
}

/** The first supported language of an Accept-Language header ("de-DE,de;q=0.9,en;q=0.8"), else the default. */
export function localeFromAcceptLanguage(header: string | null | undefined, fallback = DEFAULT_LOCALE) {
  for (const entry of (header ?? "").slice(0, 500).split(",").slice(0, 10)) {
    const tag = entry.split(";")[0]!.trim();
    if (isLocale(tag)) return tag;
  }
  return fallback;
}

/** Milliseconds of midnight UTC starting a day (YYYY-MM-DD), or null when it is not one. */
function dayMs(day: string) {
  const match = DAY_PATTERN.exec(day);
  if (!match) return null;
  const date = new Date(0);
  date.setUTCFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return date.getTime();
}

/** Days from `from` to `to` (both YYYY-MM-DD): 1 when `to` is the day after. */
export function daysBetween(from: string, to: string) {
  const a = dayMs(from);
  const b = dayMs(to);
  if (a === null || b === null) return Number.NaN;
  return Math.round((b - a) / DAY_MS);
}

function capitalized(text: string, locale: string) {
  return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
}

/** "Nov 28", or "Nov 28, 2027" when the year is not `today`'s. Days are read in UTC: a day is not an instant. */
function monthDay(ms: number, today: string, locale: string) {
  const sameYear = new Date(ms).getUTCFullYear() === Number(today.slice(0, 4));
  return sameYear
    ? dateFormat(locale, "UTC", { month: "short", day: "numeric" }, "md").format(ms)
    : dateFormat(locale, "UTC", { month: "short", day: "numeric", year: "numeric" }, "mdy").format(ms);
}

/**
 * A day (YYYY-MM-DD, a due or start date) relative to `today`: "Today", "Tomorrow",
 * "Yesterday", the weekday ("Fri") within the coming week, else "Nov 28" (with the year
 * when it is not this year). `full` is "Friday, November 28, 2025". A value that is not a
 * day is shown as it is.
 */
export function formatDay(day: string, viewer: Pick<DateViewer, "today" | "locale">): ShownDate {
  const { today, locale } = viewer;
  // A board shows the same few days on many cards: each is formatted once.
  const key = `${locale}|${today}|${day}`;
  let shown = shownDays.get(key);
  if (!shown) {
    shown = dayAsShown(day, today, locale);
    if (shownDays.size > 2000) shownDays.clear();
    shownDays.set(key, shown);
  }
  return shown;
}

const shownDays = new Map<string, ShownDate>();

function dayAsShown(day: string, today: string, locale: string): ShownDate {
  const ms = dayMs(day);
  if (ms === null) return { text: day, full: day, dateTime: day };
  const full = dateFormat(locale, "UTC", { dateStyle: "full" }, "full").format(ms);
  const ahead = daysBetween(today, day);
  let text: string;
  if (ahead >= -1 && ahead <= 1) text = capitalized(relativeFormat(locale).format(ahead, "day"), locale);
  else if (ahead > 1 && ahead < 7) text = dateFormat(locale, "UTC", { weekday: "short" }, "wd").format(ms);
  else text = monthDay(ms, today, locale);
  return { text, full, dateTime: day };
}

/**
 * An instant (an ISO string or a Date) relative to `now`, in the viewer's zone: "just now"
 * (under 45 seconds, or a little in the future), "5 minutes ago", "3 hours ago", then by
 * the viewer's days "Yesterday", "4 days ago", then "Nov 28" (with the year when it is
 * not this year). `full` is the day and time, "Friday, November 28, 2025 at 3:04 PM".
 */
export function formatInstant(instant: string | Date, viewer: DateViewer): ShownDate {
  const { locale, timeZone, now } = viewer;
  const at = typeof instant === "string" ? new Date(instant) : instant;
  const ms = at.getTime();
  if (Number.isNaN(ms)) return { text: String(instant), full: String(instant), dateTime: String(instant) };
  const dateTime = at.toISOString();
  const full = dateFormat(locale, timeZone, { dateStyle: "full", timeStyle: "short" }, "full-time").format(ms);
  const relative = relativeFormat(locale);
  const seconds = Math.round((now - ms) / 1000);
  let text: string;
  if (seconds < 45) {
    text = locale.toLowerCase().startsWith("en") ? "just now" : relative.format(0, "second");
  } else if (seconds < 3600 - 30) {
    text = relative.format(-Math.max(1, Math.round(seconds / 60)), "minute");
  } else {
    const today = todayIn(timeZone, new Date(now));
    const day = todayIn(timeZone, at);
    const ago = daysBetween(day, today);
    // Hours for the last day, and for a day that lasted 25 hours (a clock set back).
    if (seconds < DAY_MS / 1000 - 1800 || ago <= 0) text = relative.format(-Math.round(seconds / 3600), "hour");
    else if (ago === 1) text = capitalized(relative.format(-1, "day"), locale);
    else if (ago < 7) text = relative.format(-ago, "day");
    else text = monthDay(dayMs(day)!, today, locale);
  }
  return { text, full, dateTime };
}
