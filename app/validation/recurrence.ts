import {
  afterCompletionRule,
  FREQUENCIES,
  MAX_AFTER_DAYS,
  MAX_INTERVAL,
  MAX_RULE_LENGTH,
  NTHS,
  ruleOf,
  WEEKDAYS,
  type Frequency,
  type Nth,
  type RepeatMode,
  type Weekday,
} from "~/utils/recurrence";

/**
 * The Repeat editor's form (app/components/tasks/task-repeat.tsx) as a rule: a preset posts
 * its RRULE as `preset` (the loader wrote them for the task's day); "custom" posts the
 * frequency, interval, days, the month's mode and "after completion". Bad input names its
 * field; the command has the last word on the rule itself.
 */
export type RepeatFormResult =
  { ok: true; rule: string; mode: RepeatMode } | { ok: false; field: string; message: string };

const CUSTOM = "custom";

function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

function wholeNumber(value: string, min: number, max: number) {
  if (!/^\d{1,3}$/.test(value)) return null;
  const number = Number(value);
  return number >= min && number <= max ? number : null;
}

export function repeatFromForm(form: FormData): RepeatFormResult {
  const preset = text(form, "preset");
  if (!preset) return { ok: false, field: "preset", message: "Choose how often the task repeats." };
  if (preset !== CUSTOM) {
    if (preset.length > MAX_RULE_LENGTH || !preset.startsWith("FREQ=")) {
      return { ok: false, field: "preset", message: "Choose how often the task repeats." };
    }
    return { ok: true, rule: preset, mode: "schedule" };
  }
  if (text(form, "mode") === "after_completion") {
    const days = wholeNumber(text(form, "afterDays"), 1, MAX_AFTER_DAYS);
    if (days === null)
      return { ok: false, field: "afterDays", message: `Enter a number of days from 1 to ${MAX_AFTER_DAYS}.` };
    return { ok: true, rule: afterCompletionRule(days), mode: "after_completion" };
  }
  const frequency = text(form, "frequency") as Frequency;
  if (!FREQUENCIES.includes(frequency))
    return { ok: false, field: "frequency", message: "Choose days, weeks, months or years." };
  const interval = wholeNumber(text(form, "interval") || "1", 1, MAX_INTERVAL);
  if (interval === null) return { ok: false, field: "interval", message: `Repeat every 1 to ${MAX_INTERVAL}.` };
  const days = form
    .getAll("day")
    .slice(0, 7)
    .map(String)
    .filter((day): day is Weekday => WEEKDAYS.includes(day as Weekday));
  if (frequency === "weekly" && days.length === 0) {
    return { ok: false, field: "day", message: "Choose at least one day of the week." };
  }
  const monthDay = wholeNumber(text(form, "monthDay") || "1", 1, 31);
  if (monthDay === null) return { ok: false, field: "monthDay", message: "Choose a day of the month from 1 to 31." };
  const nth = Number(text(form, "nth")) as Nth;
  const weekday = text(form, "weekday") as Weekday;
  const monthly = text(form, "monthly") === "weekday" ? "weekday" : "day";
  if (frequency === "monthly" && monthly === "weekday" && (!NTHS.includes(nth) || !WEEKDAYS.includes(weekday))) {
    return { ok: false, field: "nth", message: "Choose which weekday of the month." };
  }
  const month = wholeNumber(text(form, "month") || "1", 1, 12);
  if (month === null) return { ok: false, field: "month", message: "Choose a month." };
  const rule = ruleOf({
    frequency,
    interval,
    days,
    monthly,
    monthDay,
    nth: NTHS.includes(nth) ? nth : 1,
    weekday: WEEKDAYS.includes(weekday) ? weekday : "MO",
    month,
  });
  return { ok: true, rule, mode: "schedule" };
}
