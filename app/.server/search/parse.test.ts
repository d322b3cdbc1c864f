import { describe, expect, it } from "vitest";

import { MAX_QUERY_LENGTH, MAX_TERMS, parseSearchQuery } from "./parse";

describe("parseSearchQuery", () => {
  it("makes each word of letters and digits a lower-case prefix term, all ANDed", () => {
    expect(parseSearchQuery("  Launch PLAN v2 ")).toEqual({
      text: "Launch PLAN v2",
      terms: ["launch", "plan", "v2"],
      tsquery: "launch:* & plan:* & v2:*",
      key: null,
    });
  });

  it("keeps one-letter words whole and drops repeats", () => {
    expect(parseSearchQuery("a plan a Plan").tsquery).toBe("a & plan:*");
  });

  it("leaves every tsquery operator, quote and backslash out", () => {
    for (const raw of ["a & b | !c", "'x':* <-> (y)", '"x" \\ y', "x:*A", "x<2>y"]) {
      const { tsquery } = parseSearchQuery(raw);
      expect(tsquery).toMatch(/^[\p{L}\p{N}]+(:\*)?( & [\p{L}\p{N}]+(:\*)?)*$/u);
    }
    expect(parseSearchQuery("&|!():*'\"\\<->").tsquery).toBeNull();
    expect(parseSearchQuery("").tsquery).toBeNull();
    expect(parseSearchQuery(null).text).toBe("");
  });

  it("bounds the text and the number of terms", () => {
    const long = parseSearchQuery("word ".repeat(5_000));
    expect(long.text.length).toBeLessThanOrEqual(MAX_QUERY_LENGTH);
    expect(long.terms).toEqual(["word"]);
    const many = parseSearchQuery("one two three four five six seven eight nine ten");
    expect(many.terms).toHaveLength(MAX_TERMS);
    expect(many.terms.at(-1)).toBe("eight");
  });

  it("keeps letters of any script, composed (NFC)", () => {
    expect(parseSearchQuery("Cafe\u0301 日本語 ١٢٣").terms).toEqual(["café", "日本語", "١٢٣"]);
  });

  it("recognises a task key as a word of its own, and searches its letters", () => {
    expect(parseSearchQuery("web-12")).toMatchObject({ key: { project: "WEB", number: 12 }, terms: ["web"] });
    expect(parseSearchQuery("see PRJ7-4242 now")).toMatchObject({
      key: { project: "PRJ7", number: 4242 },
      terms: ["see", "prj7", "now"],
    });
    for (const raw of ["W-12", "web-12x", "x-web-12", "web-", "12-web", "web--12"]) {
      expect(parseSearchQuery(raw).key).toBeNull();
    }
  });
});
