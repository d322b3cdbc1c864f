/**
 * Wall-clock times in IANA time zones, for the team calendar: what instant "2026-05-04 09:30
 * in Europe/Paris" is, and which day and time an instant reads as in a zone. Pure functions
 * on `Intl` (no library), shared by the server (which computes the grid in the viewer's zone)
 * and the browser (which sends its zone).
 */

/** The zone used when the viewer's is not known (no JavaScript and no `plotline-tz` cookie yet). */
export const DEFAULT_TIME_ZONE = "UTC";
/** The cookie the calendar's script writes the browser's zone to, for the server's next renders. */
export const TIME_ZONE_COOKIE = "plotline-tz";

const formatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string) {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    if (formatters.size > 500) formatters.clear();
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** True for a zone name `Intl` knows ("Europe/Paris", "UTC"); bounded, so a long string is never parsed. */
export function isTimeZone(value: unknown): value is string {
  if (typeof value !== "string" || value.length === 0 || value.length > 64) return false;
  if (!/^[A-Za-z0-9_+\-/]+$/.test(value)) return false;
  try {
    partsFormatter(value);
    return true;
  } catch {
    return false;
  }
}

/** The zone if it is one, else the default. */
export function timeZoneOr(value: unknown, fallback = DEFAULT_TIME_ZONE) {
  return isTimeZone(value) ? value : fallback;
}

type Wall = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function wallOf(instant: Date, timeZone: string): Wall {
  const parts = Object.fromEntries(
    partsFormatter(timeZone)
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour) % 24,
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

/** Milliseconds as if the wall time were UTC; `setUTCFullYear` keeps years below 100 as they are. */
function wallMs(wall: Wall) {
  const date = new Date(0);
  date.setUTCFullYear(wall.year, wall.month - 1, wall.day);
  date.setUTCHours(wall.hour, wall.minute, wall.second, 0);
  return date.getTime();
}

/** How far the zone's wall clock is ahead of UTC at that instant, in milliseconds. */
function offsetAt(instant: Date, timeZone: string) {
  return wallMs(wallOf(instant, timeZone)) - (instant.getTime() - instant.getUTCMilliseconds());
}

function pad(value: number, width = 2) {
  return String(value).padStart(width, "0");
}

/**
 * The instant a wall-clock time names in a zone (`day` YYYY-MM-DD, `time` HH:MM). A time the
 * clocks skip (02:30 on a spring-forward night) is read with the offset from before the
 * change, so it lands an hour later; an hour that happens twice reads as its first time.
 */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const [hour, minute] = time.split(":").map(Number) as [number, number];
  const wall = wallMs({ year, month, day: date, hour, minute, second: 0 });
  // Two passes settle on the offset in force at the result (enough for every real zone).
  const before = offsetAt(new Date(wall - 86_400_000), timeZone);
  let guess = wall - before;
  const offset = offsetAt(new Date(guess), timeZone);
  if (offset !== before) {
    const second = wall - offset;
    // Outside a gap the later offset gives a self-consistent answer; inside one, keep the first.
    if (offsetAt(new Date(second), timeZone) === offset) guess = second;
  }
  return new Date(guess);
}

/** Midnight starting a day in a zone. */
export function zonedMidnight(day: string, timeZone: string) {
  return zonedInstant(day, "00:00", timeZone);
}

/** The day (YYYY-MM-DD) and time (HH:MM) an instant reads as in a zone. */
export function zonedParts(instant: Date, timeZone: string) {
  const wall = wallOf(instant, timeZone);
  return {
    day: `${pad(wall.year, 4)}-${pad(wall.month)}-${pad(wall.day)}`,
    time: `${pad(wall.hour)}:${pad(wall.minute)}`,
  };
}

/** Today in a zone (YYYY-MM-DD). */
export function todayIn(timeZone: string, now = new Date()) {
  return zonedParts(now, timeZone).day;
}
