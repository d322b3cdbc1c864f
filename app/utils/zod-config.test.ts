import { describe, expect, it } from "vitest";

describe("zod-config", () => {
  it("turns zod's jitless setting on, so no schema probes eval", async () => {
    await import("./zod-config");
    const { z } = await import("zod");
    expect(z.config().jitless).toBe(true);
    expect(z.object({ name: z.string() }).parse({ name: "Ada" })).toEqual({ name: "Ada" });
  });
});
