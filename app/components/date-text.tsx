import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useRevalidator } from "react-router";

import { DEFAULT_LOCALE, formatDay, formatInstant, isLocale, LOCALE_COOKIE, type DateViewer } from "~/utils/dates";
import { DEFAULT_TIME_ZONE, isTimeZone, TIME_ZONE_COOKIE, todayIn } from "~/utils/time-zones";

/**
 * Dates on screen, the same on the server and in the browser (no hydration mismatch): the
 * root loader reads the viewer's locale, zone, today and now once per request
 * (`dateViewerOf`, app/.server/http/viewer.ts) and `DateViewerProvider` hands them down;
 * `<DayText day="2026-11-28" />` and `<TimeAgo at={iso} />` format from them alone. After
 * hydration "now" moves on each minute, so "5 minutes ago" stays true on an open page.
 */

type Viewer = Omit<DateViewer, "now">;

// Without a provider (a component rendered on its own): UTC and en-US.
const ViewerContext = createContext<Viewer>({
  locale: DEFAULT_LOCALE,
  timeZone: DEFAULT_TIME_ZONE,
  today: todayIn(DEFAULT_TIME_ZONE),
});
// "now" apart, so that its tick re-renders only what counts from it, not every due date.
const NowContext = createContext<number>(Date.now());

function writeCookie(name: string, value: string) {
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=31536000; samesite=lax`;
}

function browserZone() {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * Provides the viewer's dates to the page. Once hydrated: when the browser's zone or
 * language is not the one the page was drawn with, remembers it in the `plotline-tz` and
 * `plotline-locale` cookies (a year, first-party, not a secret) and, for a signed-in page,
 * loads the data again once so its days are the viewer's. Without JavaScript the server
 * keeps the cookies' last values, else UTC and the Accept-Language header's first language.
 */
export function DateViewerProvider({
  viewer,
  revalidate,
  children,
}: {
  viewer: DateViewer;
  /** Whether to load the page's data again when the cookies change (signed-in pages). */
  revalidate: boolean;
  children: ReactNode;
}) {
  const { locale, timeZone, today, now } = viewer;
  const [tick, setTick] = useState(0);
  const revalidator = useRevalidator();
  const synced = useRef(false);

  useEffect(() => {
    if (synced.current) return;
    synced.current = true;
    let changed = false;
    const zone = browserZone();
    if (zone && isTimeZone(zone) && zone !== timeZone) {
      writeCookie(TIME_ZONE_COOKIE, zone);
      changed = true;
    }
    const language = navigator.language;
    if (isLocale(language) && language !== locale) {
      writeCookie(LOCALE_COOKIE, language);
      changed = true;
    }
    if (changed && revalidate) void revalidator.revalidate();
  }, [timeZone, locale, revalidate, revalidator]);

  useEffect(() => {
    const timer = window.setInterval(() => setTick(Date.now()), 60_000);
    return () => window.clearInterval(timer);
  }, []);

  const shown = useMemo(() => ({ locale, timeZone, today }), [locale, timeZone, today]);
  return (
    <ViewerContext.Provider value={shown}>
      <NowContext.Provider value={Math.max(now, tick)}>{children}</NowContext.Provider>
    </ViewerContext.Provider>
  );
}

/** The viewer's locale, zone and today (YYYY-MM-DD), for code that needs the strings themselves. */
export function useDateViewer(): Viewer {
  return useContext(ViewerContext);
}

/**
 * The two formatters bound to the viewer: `day("2026-11-28")` and `instant(iso)` each give
 * `{ text, full, dateTime }` ("Sat", "Saturday, November 28, 2026", "2026-11-28"), for
 * labels, option texts and toasts. Only `instant` re-renders the caller each minute.
 */
export function useDates() {
  const viewer = useContext(ViewerContext);
  return useMemo(() => ({ day: (day: string) => formatDay(day, viewer), today: viewer.today }), [viewer]);
}

/**
 * A day (YYYY-MM-DD: due, start) as "Today", "Tomorrow", "Fri", "Nov 28": a plain `<time>`
 * whose title is the full date. Cheap enough for every card of a board (decision 009): no
 * styles of its own, the parent's class names style it.
 */
export function DayText({ day, className }: { day: string; className?: string }) {
  const shown = formatDay(day, useContext(ViewerContext));
  return (
    <time className={className} dateTime={shown.dateTime} title={shown.full}>
      {shown.text}
    </time>
  );
}

/** An instant (ISO string or Date) as "just now", "5 minutes ago", "Yesterday", "Nov 28": a `<time>` titled with the day and time. */
export function TimeAgo({ at, className }: { at: string | Date; className?: string }) {
  const viewer = useContext(ViewerContext);
  const now = useContext(NowContext);
  const shown = formatInstant(at, { ...viewer, now });
  return (
    <time className={className} dateTime={shown.dateTime} title={shown.full}>
      {shown.text}
    </time>
  );
}
