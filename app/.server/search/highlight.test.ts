import { describe, expect, it } from "vitest";

import { isMarked, MARK_END as E, MARK_START as S, splitMarks } from "./highlight";

describe("splitMarks", () => {
  it("cuts a headline into plain and marked runs, plain first", () => {
    expect(splitMarks(`Fix the ${S}login${E} page`)).toEqual(["Fix the ", "login", " page"]);
    expect(splitMarks(`${S}Login${E} page`)).toEqual(["", "Login", " page"]);
    expect(splitMarks(`a ${S}b${E} c ${S}d${E}`)).toEqual(["a ", "b", " c ", "d"]);
    expect(splitMarks("nothing matched")).toEqual(["nothing matched"]);
  });

  it("keeps HTML as text and drops empty marks", () => {
    expect(splitMarks(`<b>${S}x${E}</b>`)).toEqual(["<b>", "x", "</b>"]);
    expect(splitMarks(`a${S}${E}b`)).toEqual(["ab"]);
  });

  it("puts the original's characters back where the highlighted text had spaces", () => {
    expect(splitMarks(`ada lovelace ${S}example${E} org`, "ada.lovelace@example.org")).toEqual([
      "ada.lovelace@",
      "example",
      ".org",
    ]);
    expect(splitMarks(`ada ${S}x${E}`, "something else entirely")).toEqual(["something else entirely"]);
    expect(splitMarks(`${S}😀${E} x`, "😀@x")).toEqual(["", "😀", "@x"]);
  });

  it("tells a marked headline from a plain one", () => {
    expect(isMarked(["plain"])).toBe(false);
    expect(isMarked(["", "hit"])).toBe(true);
  });
});
