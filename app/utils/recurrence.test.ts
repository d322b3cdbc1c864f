import { describe, expect, it } from "vitest";

import { repeatFromForm } from "~/validation/recurrence";
import { describeRepeat, parseRule, presetLabel, presetOf, presetRule, PRESETS } from "./recurrence";

const form = (fields: Record<string, string | string[]>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(name, item);
  }
  return data;
};
const sentence = (rule: string, mode: "schedule" | "after_completion" = "schedule") =>
  describeRepeat(parseRule(rule, "2027-01-31")!, mode);

describe("repeat rules as people read them", () => {
  it("says each rule as a sentence", () => {
    expect(sentence("FREQ=DAILY")).toBe("Repeats every day");
    expect(sentence("FREQ=DAILY;INTERVAL=3")).toBe("Repeats every 3 days");
    expect(sentence("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")).toBe("Repeats every weekday");
    expect(sentence("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH")).toBe("Repeats every 2 weeks on Mon, Thu");
    expect(sentence("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1")).toBe(
      "Repeats every month on the 31st (or the month's last day)",
    );
    expect(sentence("FREQ=MONTHLY;BYMONTHDAY=2")).toBe("Repeats every month on the 2nd");
    expect(sentence("FREQ=MONTHLY;INTERVAL=3;BYDAY=-1FR")).toBe("Repeats every 3 months on the last Friday");
    expect(sentence("FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=11")).toBe("Repeats every year on March 11");
    expect(sentence("FREQ=DAILY;INTERVAL=7", "after_completion")).toBe("Repeats 7 days after completion");
  });

  it("offers presets for the task's day, and knows a stored rule for one", () => {
    const labels = PRESETS.map((preset) => presetLabel(preset, "2027-01-31"));
    expect(labels).toEqual([
      "Daily",
      "Every weekday (Mon–Fri)",
      "Weekly on Sunday",
      "Monthly on the 31st",
      "Yearly on January 31",
    ]);
    expect(presetOf(presetRule("monthly", "2027-01-31"), "schedule", "2027-01-31")).toBe("monthly");
    expect(presetOf("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "schedule", "2027-01-31")).toBeNull();
  });

  it("turns the custom form into a rule, and names the field it refuses", () => {
    expect(repeatFromForm(form({ preset: "custom", frequency: "weekly", interval: "2", day: ["TH", "MO"] }))).toEqual({
      ok: true,
      rule: "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH",
      mode: "schedule",
    });
    expect(
      repeatFromForm(form({ preset: "custom", frequency: "monthly", monthly: "weekday", nth: "1", weekday: "MO" })),
    ).toEqual({ ok: true, rule: "FREQ=MONTHLY;BYDAY=1MO", mode: "schedule" });
    expect(repeatFromForm(form({ preset: "custom", mode: "after_completion", afterDays: "3" }))).toEqual({
      ok: true,
      rule: "FREQ=DAILY;INTERVAL=3",
      mode: "after_completion",
    });
    expect(repeatFromForm(form({ preset: "custom", frequency: "weekly" }))).toMatchObject({ ok: false, field: "day" });
    expect(repeatFromForm(form({ preset: "custom", frequency: "daily", interval: "0" }))).toMatchObject({
      ok: false,
      field: "interval",
    });
    expect(repeatFromForm(form({ preset: "custom", mode: "after_completion", afterDays: "x" }))).toMatchObject({
      ok: false,
      field: "afterDays",
    });
    expect(repeatFromForm(form({}))).toMatchObject({ ok: false, field: "preset" });
  });
});
