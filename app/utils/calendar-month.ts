/**
 * Month arithmetic for calendar grids (a project's Calendar view, the team calendar): pure
 * functions on calendar days written as `YYYY-MM-DD` and months as `YYYY-MM`, computed in
 * UTC so the server and the browser agree whatever their time zones. Weeks start on Sunday.
 */

/** A month: `month` is 1 (January) to 12. */
export type Month = { year: number; month: number };

/** One cell of a month grid. */
export type GridDay = {
  /** `YYYY-MM-DD`. */
  date: string;
  /** The day of the month, 1–31. */
  day: number;
  /** False for the days of the previous and next months that fill the first and last weeks. */
  inMonth: boolean;
};

export const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

/** Years PostgreSQL's `date` and `Date` both hold as four digits. */
const FIRST_YEAR = 1;
const LAST_YEAR = 9999;
const DAY_MS = 86_400_000;

/** Midnight UTC of a day; `setUTCFullYear` because `Date.UTC` reads years 0–99 as 1900–1999. */
function utc(year: number, monthIndex: number, day: number) {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date;
}

function pad(value: number, width = 2) {
  return String(value).padStart(width, "0");
}

function dayString(date: Date) {
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

/** True for a real calendar day written `YYYY-MM-DD` (2026-02-29 is not one). */
export function isCalendarDay(value: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || month < 1 || month > 12 || day < 1) return false;
  return day <= daysInMonth({ year, month });
}

/** The day `count` days after `day` (before when negative). */
export function addDays(day: string, count: number) {
  const { year, month } = monthOf(day);
  return dayString(utc(year, month - 1, Number(day.slice(8, 10)) + count));
}

/** The next day after `day` that falls on `weekday` (0 Sunday … 6 Saturday): "next Monday". */
export function nextWeekday(day: string, weekday: number) {
  const current = new Date(`${day}T00:00:00Z`).getUTCDay();
  return addDays(day, ((weekday - current + 6) % 7) + 1);
}

/** `YYYY-MM` as a month, or null when it is not one. */
export function parseMonth(value: string | null | undefined): Month | null {
  const match = /^(\d{4})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const [year, month] = [Number(match[1]), Number(match[2])];
  return year >= FIRST_YEAR && month >= 1 && month <= 12 ? { year, month } : null;
}

export function formatMonth({ year, month }: Month) {
  return `${pad(year, 4)}-${pad(month)}`;
}

/** The month a `YYYY-MM-DD` day belongs to. */
export function monthOf(day: string): Month {
  return { year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) };
}

/** `count` months later (earlier when negative), or null past the years a date can hold. */
export function addMonths({ year, month }: Month, count: number): Month | null {
  const index = year * 12 + (month - 1) + count;
  const next = { year: Math.floor(index / 12), month: (index % 12) + 1 };
  return next.year >= FIRST_YEAR && next.year <= LAST_YEAR ? next : null;
}

export function daysInMonth({ year, month }: Month) {
  return utc(year, month, 0).getUTCDate();
}

/** "November 2026". */
export function monthName({ year, month }: Month) {
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** "November 5, 2026" for `2026-11-05`. */
export function dayName(day: string) {
  const { year, month } = monthOf(day);
  return `${MONTH_NAMES[month - 1]} ${Number(day.slice(8, 10))}, ${year}`;
}

/** What a month view's header shows: the month, its title and its neighbours (null past year 9999 or before 1). */
export function monthHeader(month: Month) {
  const around = (count: number) => {
    const next = addMonths(month, count);
    return next ? formatMonth(next) : null;
  };
  return { month: formatMonth(month), title: monthName(month), previous: around(-1), next: around(1) };
}

/**
 * The month's grid, whole weeks from Sunday: 35 cells, or 42 when the month touches six
 * weeks (31 days starting on a Friday or Saturday, 30 starting on a Saturday); the days of
 * the months around it fill the first and last weeks.
 */
export function monthGrid(month: Month): GridDay[] {
  const first = utc(month.year, month.month - 1, 1);
  const leading = first.getUTCDay();
  const cells = Math.max(35, Math.ceil((leading + daysInMonth(month)) / 7) * 7);
  const start = first.getTime() - leading * DAY_MS;
  return Array.from({ length: cells }, (_, index) => {
    const date = new Date(start + index * DAY_MS);
    return {
      date: dayString(date),
      day: date.getUTCDate(),
      inMonth: date.getUTCMonth() === month.month - 1,
    };
  });
}
