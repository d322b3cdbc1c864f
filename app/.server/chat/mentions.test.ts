import { describe, expect, it } from "vitest";

import { findMentions, mentionedIds } from "./mentions";

const members = [
  { id: "ada", name: "Ada Lovelace" },
  { id: "ada2", name: "Ada" },
  { id: "jl", name: "Jean-Luc Picard" },
  { id: "alan1", name: "Alan Turing" },
  { id: "alan2", name: "Alan Kay" },
  { id: "mail", name: "kim@example.com" },
];

describe("mentions", () => {
  it("takes the longest full name, then a unique first name, case-insensitively", () => {
    expect(mentionedIds("@Ada Lovelace, @ada and @jean-luc!", members)).toEqual(["ada", "ada2", "jl"]);
    expect(mentionedIds("@Alan? @alan kay.", members)).toEqual(["alan2"]);
    expect(mentionedIds("write to @kim@example.com", members)).toEqual(["mail"]);
  });

  it("needs the name to end where a word does, and the @ to start one", () => {
    expect(mentionedIds("@Adamant and bob@Ada and @@Ada", members)).toEqual([]);
    expect(findMentions("Hi @Ada Lovelace's team", members)).toEqual([{ start: 3, end: 16, userId: "ada" }]);
  });
});
