import { describe, expect, it } from "vitest";

import { safeRedirectPath } from "./safe-redirect";

describe("safeRedirectPath", () => {
  it("keeps same-origin paths with their query", () => {
    expect(safeRedirectPath("/app/dashboard?tab=1")).toBe("/app/dashboard?tab=1");
  });

  it.each(["https://evil.example", "//evil.example", "/\\evil.example", "app", "", null, undefined, "/a\nb"])(
    "falls back for %j",
    (target) => {
      expect(safeRedirectPath(target, "/home")).toBe("/home");
    },
  );
});
