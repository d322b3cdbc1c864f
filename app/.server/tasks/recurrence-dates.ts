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

/** The first occurrence strictly after `after` of a rule that started on `anchor`; null when it has ended. */
export function nextOccurrence(rule: string, anchor: string, after: string): string | null {
  const series = new RRule({ ...optionsOf(rule), dtstart: floating(anchor) });
  const next = series.after(floating(after), false);
  return next ? dayOf(next) : null;
}

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
  return zonedMidnight(addDays(day, Math.min(0, startOffset ?? 0)), timeZone);
}

/** The calendar day an instant falls on in a zone (a completion's day, "today"). */
export function dayIn(instant: Date, timeZone: string) {
  return zonedParts(instant, timeZone).day;
}
