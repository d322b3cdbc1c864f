import { describe, expect, it } from "vitest";

import {
  colorForName,
  initialsOf,
  keyFromName,
  PROJECT_COLOR_NAMES,
  PROJECT_KEY_PATTERN,
  relativeTime,
} from "./projects";

describe("project helpers", () => {
  it("derives keys that match the key rule", () => {
    expect(keyFromName("Website Redesign")).toBe("WR");
    expect(keyFromName("Marketing")).toBe("MAR");
    expect(keyFromName("Q3 mobile app launch plan")).toBe("QMAL");
    expect(keyFromName("  ")).toBe("PRJ");
    expect(keyFromName("42")).toBe("PRJ");
    expect(keyFromName("Café Ünïcode")).toBe("CU");
    for (const name of ["Website Redesign", "x", "2024 plan", "Ørsted"]) {
      expect(keyFromName(name)).toMatch(PROJECT_KEY_PATTERN);
    }
  });

  it("draws initials and a stable colour", () => {
    expect(initialsOf("Website Redesign")).toBe("WR");
    expect(initialsOf("marketing")).toBe("MA");
    // Pinned values: a change to the hash would recolour every existing project's cover.
    expect([colorForName("Website"), colorForName("Marketing")]).toEqual(["green", "purple"]);
    // Names spread over the palette rather than landing on one colour.
    const names = ["a", "b", "c", "d", "e", "f", "g", "h", "Website", "Marketing"];
    expect(new Set(names.map(colorForName)).size).toBe(PROJECT_COLOR_NAMES.length);
  });

  it("says how long ago", () => {
    const now = new Date("2026-01-10T12:00:00Z");
    expect(relativeTime("2026-01-10T11:59:50Z", now)).toBe("just now");
    expect(relativeTime("2026-01-10T11:55:00Z", now)).toBe("5 minutes ago");
    expect(relativeTime("2026-01-10T11:00:00Z", now)).toBe("1 hour ago");
    expect(relativeTime("2026-01-07T12:00:00Z", now)).toBe("3 days ago");
    expect(relativeTime("2025-10-01T12:00:00Z", now)).toBe("Oct 1, 2025");
  });
});
