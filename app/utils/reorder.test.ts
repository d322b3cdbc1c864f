import { describe, expect, it } from "vitest";

import { reordered } from "./reorder";

describe("reordered", () => {
  const list = ["A", "B", "C", "D"];

  it("moves an entry up or down to the index it ends at", () => {
    expect(reordered(list, 3, 1)).toEqual(["A", "D", "B", "C"]);
    expect(reordered(list, 0, 2)).toEqual(["B", "C", "A", "D"]);
    expect(reordered(list, 1, 0)).toEqual(["B", "A", "C", "D"]);
    expect(reordered(list, 2, 3)).toEqual(["A", "B", "D", "C"]);
  });

  it("clamps a place past either end, and leaves the list as it was for an unknown entry", () => {
    expect(reordered(list, 1, 99)).toEqual(["A", "C", "D", "B"]);
    expect(reordered(list, 2, -5)).toEqual(["C", "A", "B", "D"]);
    expect(reordered(list, 2, 2)).toEqual(list);
    expect(reordered(list, -1, 0)).toEqual(list);
    expect(reordered(list, 4, 0)).toEqual(list);
  });

  it("does not change the list it was given", () => {
    const given = [...list];
    reordered(given, 0, 3);
    expect(given).toEqual(list);
  });
});
