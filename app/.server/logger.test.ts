import { describe, expect, it } from "vitest";

import { serializeError } from "./logger";

describe("serializeError", () => {
  it("keeps a failed query's SQL and drops its parameter values", () => {
    const error = Object.assign(new Error("Failed query: select 1 where token_hash = $1\nparams: s3cr3t-hash"), {
      query: "select 1 where token_hash = $1",
      params: ["s3cr3t-hash"],
    });
    const logged = JSON.stringify(serializeError(error));
    expect(logged).toContain("select 1 where token_hash = $1");
    expect(logged).toContain("params: [redacted]");
    expect(logged).not.toContain("s3cr3t-hash");
  });

  it("leaves other values alone", () => {
    expect(serializeError("text")).toBe("text");
  });
});
