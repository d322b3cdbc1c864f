import { describe, expect, it } from "vitest";

import { isTimeZone, timeZoneOr, todayIn, zonedInstant, zonedMidnight, zonedParts } from "./time-zones";

describe("time zones", () => {
  it("reads a wall-clock time in a zone as the instant it names", () => {
    expect(zonedInstant("2026-05-04", "09:30", "Europe/Paris").toISOString()).toBe("2026-05-04T07:30:00.000Z");
    expect(zonedInstant("2026-01-15", "09:30", "Europe/Paris").toISOString()).toBe("2026-01-15T08:30:00.000Z");
    expect(zonedMidnight("2026-05-04", "Asia/Tokyo").toISOString()).toBe("2026-05-03T15:00:00.000Z");
    expect(zonedMidnight("2026-05-04", "Pacific/Kiritimati").toISOString()).toBe("2026-05-03T10:00:00.000Z");
    expect(zonedInstant("2026-05-04", "23:59", "Pacific/Pago_Pago").toISOString()).toBe("2026-05-05T10:59:00.000Z");
    expect(zonedInstant("0050-01-01", "00:00", "UTC").toISOString()).toBe("0050-01-01T00:00:00.000Z");
  });

  it("puts a time the clocks skip an hour later, and an hour that happens twice at its first", () => {
    // Paris springs forward at 02:00 on 2026-03-29 and falls back at 03:00 on 2026-10-25.
    const skipped = zonedInstant("2026-03-29", "02:30", "Europe/Paris");
    expect(zonedParts(skipped, "Europe/Paris")).toEqual({ day: "2026-03-29", time: "03:30" });
    expect(zonedInstant("2026-10-25", "02:30", "Europe/Paris").toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(zonedInstant("2026-11-01", "01:30", "America/New_York").toISOString()).toBe("2026-11-01T05:30:00.000Z");
  });

  it("reads an instant as the day and time of a zone", () => {
    const instant = new Date("2026-05-04T23:30:00Z");
    expect(zonedParts(instant, "UTC")).toEqual({ day: "2026-05-04", time: "23:30" });
    expect(zonedParts(instant, "Asia/Tokyo")).toEqual({ day: "2026-05-05", time: "08:30" });
    expect(zonedParts(instant, "America/Los_Angeles")).toEqual({ day: "2026-05-04", time: "16:30" });
    expect(todayIn("Asia/Tokyo", instant)).toBe("2026-05-05");
  });

  it("knows real zones and refuses anything else, long strings unparsed", () => {
    for (const zone of ["UTC", "Europe/Paris", "America/Argentina/Buenos_Aires", "Etc/GMT+5"]) {
      expect(isTimeZone(zone)).toBe(true);
    }
    for (const bad of ["", "Mars/Olympus", "Europe/Paris; x", "a".repeat(65), null, 5]) {
      expect(isTimeZone(bad)).toBe(false);
    }
    expect(timeZoneOr("Nowhere/Else")).toBe("UTC");
    expect(timeZoneOr("Asia/Tokyo")).toBe("Asia/Tokyo");
  });
});
