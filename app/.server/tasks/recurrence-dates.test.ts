import { describe, expect, it } from "vitest";

import { zonedParts } from "~/utils/time-zones";
import { parseRule, presetRule, ruleOf, defaultRepeat } from "~/utils/recurrence";
import { createAt, nextOccurrence, occurrencesBetween } from "./recurrence-dates";

/** Every occurrence after `anchor`, `count` of them, one `nextOccurrence` at a time (as the scheduler walks). */
function walk(rule: string, anchor: string, count: number) {
  const days: string[] = [];
  let day = anchor;
  for (let index = 0; index < count; index++) {
    const next = nextOccurrence(rule, anchor, day);
    if (!next) break;
    days.push(next);
    day = next;
  }
  return days;
}

describe("a series' dates", () => {
  it("monthly on the 31st falls on each month's last day when it has no 31st, across a year and a leap February", () => {
    const rule = ruleOf({ ...defaultRepeat("2027-01-31", "monthly"), monthDay: 31 });
    expect(rule).toBe("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1");
    expect(walk(rule, "2027-01-31", 13)).toEqual([
      "2027-02-28",
      "2027-03-31",
      "2027-04-30",
      "2027-05-31",
      "2027-06-30",
      "2027-07-31",
      "2027-08-31",
      "2027-09-30",
      "2027-10-31",
      "2027-11-30",
      "2027-12-31",
      "2028-01-31",
      "2028-02-29",
    ]);
    // The plain BYMONTHDAY=31 skips the short months: the case the form never writes.
    expect(occurrencesBetween("FREQ=MONTHLY;BYMONTHDAY=31", "2027-01-31", "2027-02-01", "2027-04-30")).toEqual([
      "2027-03-31",
    ]);
  });

  it("monthly on the 30th and 29th keep their day where it exists, and February's last otherwise", () => {
    const on30 = presetRule("monthly", "2027-01-30");
    expect(walk(on30, "2027-01-30", 3)).toEqual(["2027-02-28", "2027-03-30", "2027-04-30"]);
    const on29 = presetRule("monthly", "2028-01-29");
    expect(walk(on29, "2028-01-29", 2)).toEqual(["2028-02-29", "2028-03-29"]);
  });

  it("the first and the last weekday of a month, every other week, weekdays, yearly on Feb 29", () => {
    expect(walk("FREQ=MONTHLY;BYDAY=-1FR", "2027-01-29", 3)).toEqual(["2027-02-26", "2027-03-26", "2027-04-30"]);
    expect(walk("FREQ=MONTHLY;BYDAY=1MO", "2027-01-04", 2)).toEqual(["2027-02-01", "2027-03-01"]);
    expect(walk("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", "2027-01-04", 4)).toEqual([
      "2027-01-07",
      "2027-01-18",
      "2027-01-21",
      "2027-02-01",
    ]);
    expect(walk(presetRule("weekdays", "2027-01-08"), "2027-01-08", 3)).toEqual([
      "2027-01-11",
      "2027-01-12",
      "2027-01-13",
    ]);
    expect(walk(presetRule("yearly", "2028-02-29"), "2028-02-29", 2)).toEqual(["2029-02-28", "2030-02-28"]);
  });

  it.each([
    // Winter, the first Monday of summer time, the first Monday after it ends: local midnight in UTC.
    [
      "America/New_York",
      "2027-03-01",
      { "2027-03-08": "2027-03-08T05:00", "2027-03-15": "2027-03-15T04:00", "2027-11-08": "2027-11-08T05:00" },
    ],
    [
      "Europe/Berlin",
      "2027-03-15",
      { "2027-03-22": "2027-03-21T23:00", "2027-03-29": "2027-03-28T22:00", "2027-11-01": "2027-10-31T23:00" },
    ],
  ])("weekly in %s keeps the wall-clock day across both changes of the clocks", (zone, anchor, instants) => {
    const days = walk(presetRule("weekly", anchor), anchor, 40);
    // Every occurrence is a Monday, a week after the one before, through spring and autumn.
    for (const [index, day] of days.entries()) {
      expect(new Date(`${day}T00:00:00Z`).getUTCDay()).toBe(1);
      const previous = index === 0 ? anchor : days[index - 1]!;
      expect((Date.parse(day) - Date.parse(previous)) / 86_400_000).toBe(7);
      // Made at the start of its day there, whatever the offset that day.
      expect(zonedParts(createAt(day, null, zone), zone)).toEqual({ day, time: "00:00" });
    }
    for (const [day, instant] of Object.entries(instants)) {
      expect(days).toContain(day);
      expect(createAt(day, null, zone).toISOString().slice(0, 16)).toBe(instant);
    }
  });

  it("reads back the rules it writes, and refuses others", () => {
    for (const rule of [
      "FREQ=DAILY",
      "FREQ=DAILY;INTERVAL=3",
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
      "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
      "FREQ=MONTHLY;BYDAY=-1FR",
      "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1",
    ]) {
      expect(ruleOf(parseRule(rule, "2027-01-04")!)).toBe(rule);
    }
    for (const rule of ["FREQ=HOURLY", "FREQ=WEEKLY;BYDAY=XX", "FREQ=MONTHLY;BYMONTHDAY=30,31;BYSETPOS=-1", "X", ""]) {
      expect(parseRule(rule, "2027-01-04")).toBeNull();
    }
  });
});
