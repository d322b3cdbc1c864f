import { generateKeyBetween } from "fractional-indexing";
import { describe, expect, it } from "vitest";

import { keyBetween } from "./positions";

describe("keyBetween", () => {
  // Open ends, neighbours far apart and next to each other, and midpoints that are a
  // prefix of the upper bound ("a1" between "a1" and "a12" would be "a11"…).
  const gaps: [string | null, string | null][] = [
    [null, null],
    ["a0", null],
    [null, "a0"],
    ["a0", "a1"],
    ["a1", "a12"],
    ["a1", "a11"],
    ["a1", "a101"],
    ["a0", "a00001"],
    ["Zz", "a0"],
  ];

  it.each(gaps)("between %s and %s: inside the gap, a key the package can build on", (low, high) => {
    for (let i = 0; i < 500; i++) {
      const key = keyBetween(low, high);
      if (low !== null) expect(key > low).toBe(true);
      if (high !== null) expect(key < high).toBe(true);
      expect(() => generateKeyBetween(key, null)).not.toThrow();
    }
  });

  it("gives writers placing a card in the same gap at once keys of their own", () => {
    const keys = Array.from({ length: 1000 }, () => keyBetween("a0", "a1"));
    expect(new Set(keys).size).toBe(keys.length);
  });
});
