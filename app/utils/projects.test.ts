import { describe, expect, it } from "vitest";

import { colorForName, initialsOf, keyFromName, PROJECT_COLOR_NAMES, PROJECT_KEY_PATTERN } from "./projects";

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
});
