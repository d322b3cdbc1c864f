import { describe, expect, it } from "vitest";

import {
  addDays,
  nextWeekday,
  addMonths,
  dayName,
  daysInMonth,
  formatMonth,
  isCalendarDay,
  monthGrid,
  monthHeader,
  monthName,
  monthOf,
  parseMonth,
} from "./calendar-month";

describe("monthGrid", () => {
  it("gives a month starting on Saturday with 31 days six weeks (42 cells)", () => {
    // August 2026 starts on a Saturday.
    const grid = monthGrid({ year: 2026, month: 8 });
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual({ date: "2026-07-26", day: 26, inMonth: false });
    expect(grid[6]).toEqual({ date: "2026-08-01", day: 1, inMonth: true });
    expect(grid[36]).toEqual({ date: "2026-08-31", day: 31, inMonth: true });
    expect(grid[41]).toEqual({ date: "2026-09-05", day: 5, inMonth: false });
    expect(grid.filter((cell) => cell.inMonth)).toHaveLength(31);
  });

  it("gives a month that fits five weeks 35 cells, from the Sunday before the 1st", () => {
    // November 2026 starts on a Sunday: no days of October.
    const grid = monthGrid({ year: 2026, month: 11 });
    expect(grid).toHaveLength(35);
    expect(grid[0]).toEqual({ date: "2026-11-01", day: 1, inMonth: true });
    expect(grid.at(-1)).toEqual({ date: "2026-12-05", day: 5, inMonth: false });
  });

  it("keeps 35 cells for a February of exactly four weeks", () => {
    // February 2026 starts on a Sunday and has 28 days.
    const grid = monthGrid({ year: 2026, month: 2 });
    expect(grid).toHaveLength(35);
    expect(grid.filter((cell) => cell.inMonth).map((cell) => cell.day)).toEqual(
      Array.from({ length: 28 }, (_, i) => i + 1),
    );
    expect(grid.at(-1)!.date).toBe("2026-03-07");
  });

  it("counts February's days in leap and common years", () => {
    expect(daysInMonth({ year: 2028, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 2027, month: 2 })).toBe(28);
    expect(daysInMonth({ year: 2000, month: 2 })).toBe(29);
    expect(daysInMonth({ year: 1900, month: 2 })).toBe(28);
    const leap = monthGrid({ year: 2028, month: 2 });
    expect(leap.filter((cell) => cell.inMonth).at(-1)!.date).toBe("2028-02-29");
    expect(leap[0]!.date).toBe("2028-01-30");
  });

  it("gives February 2024 and 2000 (leap years) 29 days, 2025 and 1900 (common) 28, each in 35 cells", () => {
    for (const [year, days] of [
      [2024, 29],
      [2000, 29],
      [2025, 28],
      [1900, 28],
    ] as const) {
      const grid = monthGrid({ year, month: 2 });
      expect({ year, cells: grid.length }).toEqual({ year, cells: 35 });
      expect(grid.filter((cell) => cell.inMonth).map((cell) => cell.day)).toEqual(
        Array.from({ length: days }, (_, i) => i + 1),
      );
      expect(isCalendarDay(`${year}-02-29`)).toBe(days === 29);
    }
  });

  it("needs six weeks only when the month overflows five: Saturday-first 31-day months, not 30-day Friday-first ones", () => {
    // March 2025 and May 2027 start on a Saturday with 31 days; November 2024 starts on a
    // Friday with 30 (35 cells); June 2024 starts on a Saturday with 30 (42).
    expect(monthGrid({ year: 2025, month: 3 })).toHaveLength(42);
    expect(monthGrid({ year: 2027, month: 5 })).toHaveLength(42);
    expect(monthGrid({ year: 2024, month: 11 })).toHaveLength(35);
    expect(monthGrid({ year: 2024, month: 6 })).toHaveLength(42);
    expect(monthGrid({ year: 2025, month: 5 })).toHaveLength(35);
  });

  it("crosses year boundaries in the grid's first and last weeks", () => {
    const january = monthGrid({ year: 2027, month: 1 });
    expect(january[0]).toEqual({ date: "2026-12-27", day: 27, inMonth: false });
    const december = monthGrid({ year: 2026, month: 12 });
    expect(december.at(-1)).toEqual({ date: "2027-01-02", day: 2, inMonth: false });
  });

  it("handles years below 100 as themselves, not as 19xx", () => {
    expect(monthGrid({ year: 1, month: 1 }).find((cell) => cell.inMonth)!.date).toBe("0001-01-01");
  });
});

describe("months", () => {
  it("adds and subtracts months across years", () => {
    expect(addMonths({ year: 2026, month: 12 }, 1)).toEqual({ year: 2027, month: 1 });
    expect(addMonths({ year: 2027, month: 1 }, -1)).toEqual({ year: 2026, month: 12 });
    expect(addMonths({ year: 2026, month: 5 }, -17)).toEqual({ year: 2024, month: 12 });
    expect(addMonths({ year: 1, month: 1 }, -1)).toBeNull();
    expect(addMonths({ year: 9999, month: 12 }, 1)).toBeNull();
  });

  it("adds days across months and years", () => {
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    // Next Monday: from a Thursday, from a Sunday, and from a Monday (a week on, not today).
    expect(nextWeekday("2026-11-26", 1)).toBe("2026-11-30");
    expect(nextWeekday("2026-11-29", 1)).toBe("2026-11-30");
    expect(nextWeekday("2026-11-30", 1)).toBe("2026-12-07");
    expect(addDays("2026-11-05", -7)).toBe("2026-10-29");
  });

  it("parses and formats YYYY-MM, refusing anything else", () => {
    expect(parseMonth("2026-11")).toEqual({ year: 2026, month: 11 });
    expect(formatMonth({ year: 2026, month: 3 })).toBe("2026-03");
    expect(formatMonth({ year: 12, month: 3 })).toBe("0012-03");
    for (const bad of ["2026-13", "2026-00", "0000-05", "2026-1", "26-11", "2026-11-01", "", null, undefined]) {
      expect(parseMonth(bad)).toBeNull();
    }
  });

  it("names months and days", () => {
    expect(monthName({ year: 2026, month: 11 })).toBe("November 2026");
    expect(dayName("2026-11-05")).toBe("November 5, 2026");
    expect(monthOf("2026-11-05")).toEqual({ year: 2026, month: 11 });
  });

  it("tells real calendar days from lookalikes", () => {
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(isCalendarDay("2026-12-31")).toBe(true);
    for (const bad of ["2026-02-29", "2026-02-31", "2026-04-31", "2026-13-01", "0000-01-01", "2026-1-1", "x"]) {
      expect(isCalendarDay(bad)).toBe(false);
    }
  });
});

describe("monthHeader", () => {
  it("names the month and links its neighbours, none past the years a date holds", () => {
    expect(monthHeader({ year: 2025, month: 1 })).toEqual({
      month: "2025-01",
      title: "January 2025",
      previous: "2024-12",
      next: "2025-02",
    });
    expect(monthHeader({ year: 9999, month: 12 }).next).toBeNull();
    expect(monthHeader({ year: 1, month: 1 }).previous).toBeNull();
  });
});
