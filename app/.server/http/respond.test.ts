import { describe, expect, it } from "vitest";

import { pageParam } from "./respond";

const page = (query: string) => pageParam(new URL(`http://localhost/app/notifications?${query}`));

describe("pageParam", () => {
  it("reads whole pages from 1 up", () => {
    expect(page("page=3")).toBe(3);
    expect(page("")).toBe(1);
  });

  it("falls back to 1 for anything else, and keeps huge pages within a safe SQL offset", () => {
    for (const bad of ["page=0", "page=-2", "page=1.5", "page=abc", "page=1e400"]) expect(page(bad)).toBe(1);
    expect(page("page=99999999999999999999")).toBe(1);
    expect(page("page=5000000")).toBe(1_000_000);
  });
});
