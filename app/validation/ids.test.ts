import { describe, expect, it } from "vitest";

import { isUuid } from "./ids";

describe("isUuid", () => {
  it("accepts UUIDs and nothing else of their length", () => {
    expect(isUuid("0b5c6a43-6e0d-4f3e-9d1a-2f1e3c4b5a69")).toBe(true);
    expect(isUuid("00000000-0000-0000-0000-000000000000")).toBe(true);
    expect(isUuid("-".repeat(36))).toBe(false);
    expect(isUuid("0".repeat(36))).toBe(false);
    expect(isUuid("0b5c6a43-6e0d-4f3e-9d1a-2f1e3c4b5a6")).toBe(false);
    expect(isUuid(null)).toBe(false);
  });
});
