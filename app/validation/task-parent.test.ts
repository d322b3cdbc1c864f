import { describe, expect, it } from "vitest";

import { MAX_PARENT_REFERENCE, parseParentReference } from "./task-parent";

describe("parseParentReference", () => {
  it("reads a key in any case, a public id, or nothing", () => {
    expect(parseParentReference(" web-12 ")).toEqual({ key: { project: "WEB", number: 12 } });
    expect(parseParentReference("A2B-3")).toEqual({ key: { project: "A2B", number: 3 } });
    expect(parseParentReference("k7Hq2mPz9X")).toEqual({ id: "k7Hq2mPz9X" });
    expect(parseParentReference("")).toBeNull();
    expect(parseParentReference("   ")).toBeNull();
  });

  it("refuses anything else, however long", () => {
    for (const text of ["WEB 12", "WEB-", "-12", "W-12", "2WEB-1", "WEB-1234567890", "abc", "%", "x".repeat(21)]) {
      expect(parseParentReference(text), text).toBeUndefined();
    }
    expect(parseParentReference(`WEB-${"1".repeat(MAX_PARENT_REFERENCE)}`)).toBeUndefined();
  });
});
