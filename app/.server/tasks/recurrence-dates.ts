import * as rrulePackage from "rrule";

import { addDays } from "~/utils/calendar-month";
import { zonedMidnight, zonedParts } from "~/utils/time-zones";

/**
 * A series' dates (docs/decisions/034). A rule is computed on calendar days, not instants:
 * each day is handed to `rrule` as midnight UTC, a "floating" date that no zone shifts, so
 * "every Monday" stays Monday across daylight-saving changes whatever the server's zone. The
 * zone enters only where a day becomes an instant: an occurrence is made at the start of its
 * day in the series' zone (`createAt`), and a completion's day is read in that zone.
 */
// The package is CommonJS: Node hands its exports as the default export, a bundler as named ones.
const { RRule } = "RRule" in rrulePackage ? rrulePackage : (rrulePackage as { default: typeof rrulePackage }).default;

/** Rules read once per process: a scheduler run reads the same few rules many times. */
const parsed = new Map<string, ReturnType<typeof RRule.parseString>>();

function optionsOf(rule: string) {
  let options = parsed.get(rule);
  if (!options) {
    options = RRule.parseString(rule);
    if (parsed.size > 5000) parsed.clear();
    parsed.set(rule, options);
  }
  return options;
}

const floating = (day: string) => new Date(`${day}T00:00:00Z`);
const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The first occurrence strictly after `after` of a rule that started on `anchor`; null when it
 * has ended. Any occurrence may stand for the anchor (the rules the form makes have no COUNT
 * or UNTIL, and an occurrence keeps an INTERVAL's weeks and months in step), so callers pass
 * the latest one they know: `rrule` walks from its start, and a years-old start is slow.
 */
export function nextOccurrence(rule: string, anchor: string, after: string): string | null {
  // A pure function of its arguments, and a run asks the same of many series (every daily one today).
  const key = `${rule}|${anchor}|${after}`;
  const known = nexts.get(key);
  if (known !== undefined) return known;
  const series = new RRule({ ...optionsOf(rule), dtstart: floating(anchor) });
  const next = series.after(floating(after), false);
  const day = next ? dayOf(next) : null;
  if (nexts.size > 10_000) nexts.clear();
  nexts.set(key, day);
  return day;
}
const nexts = new Map<string, string | null>();

/** The occurrences in [from, to] (both days), for tests and previews. */
export function occurrencesBetween(rule: string, anchor: string, from: string, to: string): string[] {
  const series = new RRule({ ...optionsOf(rule), dtstart: floating(anchor) });
  return series.between(floating(from), floating(to), true).map(dayOf);
}

/** Whether `rrule` reads the rule (the form's parser has vetted its shape already). */
export function isReadableRule(rule: string) {
  try {
    const options = RRule.parseString(rule);
    return options.freq !== undefined;
  } catch {
    return false;
  }
}

/**
 * When an occurrence on `day` is made: at the start of its first dated day (its start date,
 * when the template has one before its due date) in the series' zone.
 */
export function createAt(day: string, startOffset: number | null, timeZone: string): Date {
  const start = addDays(day, Math.min(0, startOffset ?? 0));
  // A scheduler's run asks for the same few days in the same few zones many times.
  const key = `${start} ${timeZone}`;
  let instant = midnights.get(key);
  if (instant === undefined) {
    instant = zonedMidnight(start, timeZone).getTime();
    if (midnights.size > 10_000) midnights.clear();
    midnights.set(key, instant);
  }
  return new Date(instant);
}
const midnights = new Map<string, number>();

/** The calendar day an instant falls on in a zone (a completion's day, "today"). */
export function dayIn(instant: Date, timeZone: string) {
  return zonedParts(instant, timeZone).day;
}
