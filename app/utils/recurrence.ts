/**
 * Repeating tasks as people choose them and as RFC 5545 writes them (docs/decisions/034): the
 * Repeat editor's presets and custom form become one RRULE string, and a stored RRULE reads
 * back as the form's values and as a sentence ("Repeats every 2 weeks on Mon, Thu"). Only the
 * rules this form can make are accepted, so every stored rule can be shown and edited.
 * Shared by the server (which also computes dates with the `rrule` package) and the browser
 * (which shows the sentence); no library here.
 */
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_SHORT: Record<Weekday, string> = {
  MO: "Mon",
  TU: "Tue",
  WE: "Wed",
  TH: "Thu",
  FR: "Fri",
  SA: "Sat",
  SU: "Sun",
};
export const WEEKDAY_NAMES: Record<Weekday, string> = {
  MO: "Monday",
  TU: "Tuesday",
  WE: "Wednesday",
  TH: "Thursday",
  FR: "Friday",
  SA: "Saturday",
  SU: "Sunday",
};
export const FREQUENCIES = ["daily", "weekly", "monthly", "yearly"] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const REPEAT_MODES = ["schedule", "after_completion"] as const;
export type RepeatMode = (typeof REPEAT_MODES)[number];
/** Which weekday of the month: first … fourth, or the last (-1). */
export const NTHS = [1, 2, 3, 4, -1] as const;
export type Nth = (typeof NTHS)[number];
export const NTH_NAMES: Record<Nth, string> = { 1: "first", 2: "second", 3: "third", 4: "fourth", [-1]: "last" };
export const MAX_INTERVAL = 99;
export const MAX_AFTER_DAYS = 365;
export const MAX_RULE_LENGTH = 200;

export type Repeat = {
  frequency: Frequency;
  interval: number;
  /** Weekly: the days it falls on (at least one). */
  days: Weekday[];
  /** Monthly: on a day of the month (`monthDay`) or on the nth weekday. */
  monthly: "day" | "weekday";
  /** Monthly on a day, and yearly: 1–31; a day a month lacks falls on its last day. */
  monthDay: number;
  nth: Nth;
  weekday: Weekday;
  /** Yearly: 1–12. */
  month: number;
};

const MONTHS = [
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
];

/** The weekday of a day (YYYY-MM-DD), computed in UTC: a calendar day has no zone. */
export function weekdayOf(day: string): Weekday {
  const index = new Date(`${day}T00:00:00Z`).getUTCDay(); // 0 = Sunday
  return WEEKDAYS[(index + 6) % 7]!;
}

/** Which of its weekdays a day is in its month (1–4), or -1 when it is the month's last such day. */
export function nthOf(day: string): Nth {
  const date = Number(day.slice(8, 10));
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (date + 7 > daysInMonth) return -1;
  return Math.min(4, Math.ceil(date / 7)) as Nth;
}

/** The form's values for a rule that starts from `anchor` (the task's day). */
export function defaultRepeat(anchor: string, frequency: Frequency = "weekly"): Repeat {
  return {
    frequency,
    interval: 1,
    days: [weekdayOf(anchor)],
    monthly: "day",
    monthDay: Number(anchor.slice(8, 10)),
    nth: nthOf(anchor),
    weekday: weekdayOf(anchor),
    month: Number(anchor.slice(5, 7)),
  };
}

/**
 * A day of the month as BYMONTHDAY: up to the 28th as is; later days as "the last of 28…N"
 * (BYSETPOS=-1), so the 31st falls on Feb 28/29 and Apr 30 rather than skipping those months,
 * which is what a plain BYMONTHDAY=31 does.
 */
function monthDayParts(day: number) {
  if (day <= 28) return [`BYMONTHDAY=${day}`];
  const days = Array.from({ length: day - 27 }, (_, index) => 28 + index);
  return [`BYMONTHDAY=${days.join(",")}`, "BYSETPOS=-1"];
}

/** The RRULE (without the `RRULE:` prefix) for a repeat. */
export function ruleOf(repeat: Repeat): string {
  const parts = [`FREQ=${repeat.frequency.toUpperCase()}`];
  if (repeat.interval > 1) parts.push(`INTERVAL=${repeat.interval}`);
  if (repeat.frequency === "weekly") {
    const days = WEEKDAYS.filter((day) => repeat.days.includes(day));
    parts.push(`BYDAY=${days.join(",")}`);
  } else if (repeat.frequency === "monthly") {
    if (repeat.monthly === "weekday") parts.push(`BYDAY=${repeat.nth}${repeat.weekday}`);
    else parts.push(...monthDayParts(repeat.monthDay));
  } else if (repeat.frequency === "yearly") {
    parts.push(`BYMONTH=${repeat.month}`, ...monthDayParts(repeat.monthDay));
  }
  return parts.join(";");
}

/** The rule "N days after completion" repeats by: from the day it was completed, every N days. */
export function afterCompletionRule(days: number) {
  return days > 1 ? `FREQ=DAILY;INTERVAL=${days}` : "FREQ=DAILY";
}

/**
 * A stored rule read back as the form's values; null for a rule this form cannot make (then
 * it is refused before it is stored). `anchor` fills the parts the rule does not name.
 */
export function parseRule(rule: string, anchor: string): Repeat | null {
  if (rule.length > MAX_RULE_LENGTH) return null;
  const text = rule.replace(/^RRULE:/i, "").trim();
  const fields = new Map<string, string>();
  for (const part of text.split(";")) {
    const [key, value, extra] = part.split("=");
    if (!key || value === undefined || extra !== undefined || fields.has(key.toUpperCase())) return null;
    fields.set(key.toUpperCase(), value.toUpperCase());
  }
  const frequency = (fields.get("FREQ") ?? "").toLowerCase() as Frequency;
  if (!FREQUENCIES.includes(frequency)) return null;
  const repeat = defaultRepeat(anchor, frequency);
  const known = new Set(["FREQ", "INTERVAL", "BYDAY", "BYMONTHDAY", "BYSETPOS", "BYMONTH", "WKST"]);
  if ([...fields.keys()].some((key) => !known.has(key))) return null;
  const interval = fields.get("INTERVAL");
  if (interval !== undefined) {
    if (!/^\d{1,2}$/.test(interval) || Number(interval) < 1) return null;
    repeat.interval = Number(interval);
  }
  const byDay = fields.get("BYDAY");
  const byMonthDay = fields.get("BYMONTHDAY");
  const setPos = fields.get("BYSETPOS");
  const byMonth = fields.get("BYMONTH");
  const monthDay = () => {
    if (byMonthDay === undefined) return setPos === undefined;
    const days = byMonthDay.split(",").map(Number);
    if (days.some((day) => !Number.isInteger(day) || day < 1 || day > 31)) return false;
    if (days.length === 1 && setPos === undefined) {
      repeat.monthDay = days[0]!;
      return true;
    }
    // Only the form's own "last of 28…N".
    const last = days.at(-1)!;
    if (setPos !== "-1" || days.some((day, index) => day !== 28 + index) || last <= 28) return false;
    repeat.monthDay = last;
    return true;
  };
  switch (frequency) {
    case "daily":
      return byDay || byMonthDay || setPos || byMonth ? null : repeat;
    case "weekly": {
      if (byMonthDay || setPos || byMonth) return null;
      if (byDay !== undefined) {
        const days = byDay.split(",");
        if (days.length === 0 || !days.every((day): day is Weekday => WEEKDAYS.includes(day as Weekday))) return null;
        repeat.days = WEEKDAYS.filter((day) => days.includes(day));
      }
      return repeat;
    }
    case "monthly": {
      if (byMonth) return null;
      if (byDay !== undefined) {
        const match = /^(-1|[1-4])(MO|TU|WE|TH|FR|SA|SU)$/.exec(byDay);
        if (!match || byMonthDay || setPos) return null;
        repeat.monthly = "weekday";
        repeat.nth = Number(match[1]) as Nth;
        repeat.weekday = match[2] as Weekday;
        return repeat;
      }
      repeat.monthly = "day";
      return monthDay() ? repeat : null;
    }
    case "yearly": {
      if (byDay) return null;
      if (byMonth !== undefined) {
        if (!/^\d{1,2}$/.test(byMonth) || Number(byMonth) < 1 || Number(byMonth) > 12) return null;
        repeat.month = Number(byMonth);
      }
      return monthDay() ? repeat : null;
    }
  }
}

function ordinal(day: number) {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  return `${day}${{ 1: "st", 2: "nd", 3: "rd" }[day % 10] ?? "th"}`;
}

function every(interval: number, unit: string) {
  return interval === 1 ? `every ${unit}` : `every ${interval} ${unit}s`;
}

/** "Repeats every 2 weeks on Mon, Thu", "Repeats 3 days after completion". */
export function describeRepeat(repeat: Repeat, mode: RepeatMode = "schedule"): string {
  if (mode === "after_completion") {
    const days = repeat.frequency === "daily" ? repeat.interval : 1;
    return days === 1 ? "Repeats 1 day after completion" : `Repeats ${days} days after completion`;
  }
  switch (repeat.frequency) {
    case "daily":
      return `Repeats ${every(repeat.interval, "day")}`;
    case "weekly": {
      const weekdays = ["MO", "TU", "WE", "TH", "FR"];
      if (
        repeat.interval === 1 &&
        repeat.days.length === 5 &&
        weekdays.every((day) => repeat.days.includes(day as Weekday))
      ) {
        return "Repeats every weekday";
      }
      return `Repeats ${every(repeat.interval, "week")} on ${repeat.days.map((day) => WEEKDAY_SHORT[day]).join(", ")}`;
    }
    case "monthly":
      return repeat.monthly === "weekday"
        ? `Repeats ${every(repeat.interval, "month")} on the ${NTH_NAMES[repeat.nth]} ${WEEKDAY_NAMES[repeat.weekday]}`
        : `Repeats ${every(repeat.interval, "month")} on the ${ordinal(repeat.monthDay)}${repeat.monthDay > 28 ? " (or the month's last day)" : ""}`;
    case "yearly":
      return `Repeats ${every(repeat.interval, "year")} on ${MONTHS[repeat.month - 1]} ${repeat.monthDay}`;
  }
}

/** The one-click choices of the Repeat editor, for a task whose day is `anchor`. */
export const PRESETS = ["daily", "weekdays", "weekly", "monthly", "yearly"] as const;
export type Preset = (typeof PRESETS)[number];

export function presetRule(preset: Preset, anchor: string): string {
  switch (preset) {
    case "daily":
      return "FREQ=DAILY";
    case "weekdays":
      return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR";
    default:
      return ruleOf(defaultRepeat(anchor, preset));
  }
}

/** "Weekly on Friday", "Monthly on the 31st", as the preset menu names them. */
export function presetLabel(preset: Preset, anchor: string): string {
  const repeat = defaultRepeat(anchor);
  switch (preset) {
    case "daily":
      return "Daily";
    case "weekdays":
      return "Every weekday (Mon–Fri)";
    case "weekly":
      return `Weekly on ${WEEKDAY_NAMES[repeat.weekday]}`;
    case "monthly":
      return `Monthly on the ${ordinal(repeat.monthDay)}`;
    case "yearly":
      return `Yearly on ${MONTHS[repeat.month - 1]} ${repeat.monthDay}`;
  }
}

/** The preset a rule is, if it is one (the editor shows it chosen). */
export function presetOf(rule: string, mode: RepeatMode, anchor: string): Preset | null {
  if (mode !== "schedule") return null;
  return PRESETS.find((preset) => presetRule(preset, anchor) === rule) ?? null;
}
