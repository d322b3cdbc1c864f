import { describe, expect, it } from "vitest";

import { processCount } from "./cluster-primary.js";

describe("WEB_CONCURRENCY", () => {
  const postgres = { DATABASE_URL: "postgres://localhost/plotline" };

  it("is one process when unset or blank, else the number asked for", () => {
    expect(processCount({})).toBe(1);
    expect(processCount({ WEB_CONCURRENCY: " " })).toBe(1);
    expect(processCount({ ...postgres, WEB_CONCURRENCY: "4" })).toBe(4);
    expect(processCount({ WEB_CONCURRENCY: "1" })).toBe(1);
  });

  it("refuses what is not a whole number from 1 to 64", () => {
    for (const value of ["0", "65", "2.5", "two", "-1", "1e1"]) {
      expect(() => processCount({ ...postgres, WEB_CONCURRENCY: value })).toThrow(
        `WEB_CONCURRENCY must be a whole number from 1 to 64 (got "${value}")`,
      );
    }
  });

  it("needs PostgreSQL for more than one: the embedded database belongs to one process", () => {
    expect(() => processCount({ WEB_CONCURRENCY: "2" })).toThrow(/WEB_CONCURRENCY above 1 needs DATABASE_URL/);
  });
});
