import { describe, expect, it } from "vitest";

import { todayIn } from "./time-zones";
import { daysBetween, formatDay, formatInstant, isLocale, localeFromAcceptLanguage, type DateViewer } from "./dates";

const en = (today: string) => ({ today, locale: "en-US" });

function viewerAt(iso: string, timeZone: string, locale = "en-US"): DateViewer {
  const now = new Date(iso);
  return { locale, timeZone, now: now.getTime(), today: todayIn(timeZone, now) };
}

describe("formatDay", () => {
  it("names the days around today and the weekdays of the coming week", () => {
    // 2026-11-26 is a Thursday.
    expect(formatDay("2026-11-26", en("2026-11-26")).text).toBe("Today");
    expect(formatDay("2026-11-27", en("2026-11-26")).text).toBe("Tomorrow");
    expect(formatDay("2026-11-25", en("2026-11-26")).text).toBe("Yesterday");
    expect(formatDay("2026-11-28", en("2026-11-26")).text).toBe("Sat");
    expect(formatDay("2026-12-02", en("2026-11-26")).text).toBe("Wed");
    // A week ahead is a date again, so "Thu" never means two days.
    expect(formatDay("2026-12-03", en("2026-11-26")).text).toBe("Dec 3");
    expect(formatDay("2026-11-20", en("2026-11-26")).text).toBe("Nov 20");
  });

  it("adds the year only outside this year, across the year's end", () => {
    expect(formatDay("2027-01-02", en("2026-12-30")).text).toBe("Sat");
    expect(formatDay("2027-01-20", en("2026-12-30")).text).toBe("Jan 20, 2027");
    expect(formatDay("2026-12-31", en("2027-01-01")).text).toBe("Yesterday");
    expect(formatDay("2026-12-20", en("2027-01-01")).text).toBe("Dec 20, 2026");
    expect(formatDay("2027-12-31", en("2027-01-01")).text).toBe("Dec 31");
  });

  it("gives the full date and the machine date, in the viewer's locale", () => {
    expect(formatDay("2026-11-28", en("2026-11-26"))).toEqual({
      text: "Sat",
      full: "Saturday, November 28, 2026",
      dateTime: "2026-11-28",
    });
    const de = { today: "2026-11-26", locale: "de-DE" };
    expect(formatDay("2026-11-26", de).text).toBe("Heute");
    expect(formatDay("2026-11-27", de).text).toBe("Morgen");
    expect(formatDay("2027-03-01", de).text).toBe("1. März 2027");
    expect(formatDay("2026-11-28", { today: "2026-11-26", locale: "en-GB" }).full).toMatch(
      /^Saturday,? 28 November 2026$/,
    );
  });

  it("shows what is not a day as it is", () => {
    expect(formatDay("soon", en("2026-11-26")).text).toBe("soon");
  });

  it("counts days without time zones or daylight saving", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-26", "2026-10-24")).toBe(-2);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
  });
});

describe("formatInstant", () => {
  it("counts minutes and hours back from now", () => {
    const viewer = viewerAt("2026-01-10T12:00:00Z", "UTC");
    expect(formatInstant("2026-01-10T11:59:50Z", viewer).text).toBe("just now");
    // A clock a little ahead of the server's still reads as now.
    expect(formatInstant("2026-01-10T12:00:20Z", viewer).text).toBe("just now");
    expect(formatInstant("2026-01-10T11:59:00Z", viewer).text).toBe("1 minute ago");
    expect(formatInstant("2026-01-10T11:55:00Z", viewer).text).toBe("5 minutes ago");
    expect(formatInstant("2026-01-10T11:00:20Z", viewer).text).toBe("1 hour ago");
    expect(formatInstant("2026-01-09T15:00:00Z", viewer).text).toBe("21 hours ago");
  });

  it("counts days in the viewer's zone", () => {
    // 02:00 in Tokyo on Jan 11; 23:00 on Jan 9 in Tokyo is two of its days back.
    const tokyo = viewerAt("2026-01-10T17:00:00Z", "Asia/Tokyo");
    expect(formatInstant("2026-01-09T14:00:00Z", tokyo).text).toBe("2 days ago");
    expect(formatInstant("2026-01-09T14:00:00Z", viewerAt("2026-01-10T17:00:00Z", "UTC")).text).toBe("Yesterday");
    expect(formatInstant("2026-01-06T12:00:00Z", tokyo).text).toBe("5 days ago");
    expect(formatInstant("2026-01-01T12:00:00Z", tokyo).text).toBe("Jan 1");
    expect(formatInstant("2025-12-20T12:00:00Z", tokyo).text).toBe("Dec 20, 2025");
  });

  it("reads the year by the viewer's calendar across New Year", () => {
    // New Year's Day in Paris, still Dec 31 in New York.
    const paris = viewerAt("2027-01-01T00:30:00Z", "Europe/Paris");
    const newYork = viewerAt("2027-01-01T00:30:00Z", "America/New_York");
    expect(formatInstant("2026-12-20T12:00:00Z", paris).text).toBe("Dec 20, 2026");
    expect(formatInstant("2026-12-20T12:00:00Z", newYork).text).toBe("Dec 20");
  });

  it("keeps hours over a day the clocks go back (25 hours long)", () => {
    // New York falls back on 2026-11-01: midnight to midnight lasts 25 hours.
    const viewer = viewerAt("2026-11-02T04:50:00Z", "America/New_York"); // 23:50 on Nov 1
    expect(formatInstant("2026-11-01T04:10:00Z", viewer).text).toBe("25 hours ago"); // 00:10 on Nov 1
    expect(formatInstant("2026-10-31T12:00:00Z", viewer).text).toBe("Yesterday");
  });

  it("gives the full day and time in the viewer's zone and the instant for the machine", () => {
    const viewer = viewerAt("2026-03-29T12:00:00Z", "Europe/Paris");
    // Paris springs forward at 02:00 that night: 00:30 UTC is 01:30 (+1), 01:30 UTC is 03:30 (+2).
    expect(formatInstant("2026-03-29T00:30:00Z", viewer).full).toBe("Sunday, March 29, 2026 at 1:30 AM");
    expect(formatInstant("2026-03-29T01:30:00Z", viewer).full).toBe("Sunday, March 29, 2026 at 3:30 AM");
    expect(formatInstant(new Date("2026-03-29T01:30:00Z"), viewer).dateTime).toBe("2026-03-29T01:30:00.000Z");
    expect(formatInstant("2026-03-29T11:58:00Z", { ...viewer, locale: "fr-FR" }).text).toBe("il y a 2 minutes");
  });
});

describe("locales", () => {
  it("takes the first supported language of the header", () => {
    expect(localeFromAcceptLanguage("de-DE,de;q=0.9,en;q=0.8")).toBe("de-DE");
    expect(localeFromAcceptLanguage("*;q=0.5, fr")).toBe("fr");
    expect(localeFromAcceptLanguage("")).toBe("en-US");
    expect(localeFromAcceptLanguage(null)).toBe("en-US");
    expect(localeFromAcceptLanguage("x".repeat(10_000))).toBe("en-US");
  });

  it("refuses what is not a locale", () => {
    expect(isLocale("en-GB")).toBe(true);
    expect(isLocale("en_GB")).toBe(false);
    expect(isLocale("<script>")).toBe(false);
    expect(isLocale(42)).toBe(false);
  });
});
