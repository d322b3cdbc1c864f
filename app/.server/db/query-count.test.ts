import { describe, expect, it } from "vitest";

import { countQueries, queryCounter } from "./query-count";

describe("countQueries", () => {
  it("counts the statements logged inside each run, across awaits, and nothing outside", async () => {
    queryCounter.logQuery("select 0", []);
    const results = await Promise.all(
      [1, 3].map((statements) =>
        countQueries(async (read) => {
          for (let n = 0; n < statements; n++) {
            await new Promise((resolve) => setTimeout(resolve, 1));
            queryCounter.logQuery("select 1", []);
          }
          return read();
        }),
      ),
    );
    expect(results).toEqual([1, 3]);
  });
});
