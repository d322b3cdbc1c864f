import { describe, expect, it } from "vitest";

import { mentionAtCaret, suggestMembers } from "./mention-query";

describe("the @mention being typed", () => {
  it("is the text from an @ that starts a word to the caret, up to two words", () => {
    expect(mentionAtCaret("Hi @", 4)).toEqual({ start: 3, query: "" });
    expect(mentionAtCaret("Hi @Ada Lo", 10)).toEqual({ start: 3, query: "Ada Lo" });
    expect(mentionAtCaret("@Ada, then more", 4)).toEqual({ start: 0, query: "Ada" });
    expect(mentionAtCaret("mail me@example", 15)).toBeNull();
    expect(mentionAtCaret("@Ada Lovelace and more", 22)).toBeNull();
  });

  it("suggests members by the start of their name or of a word of it", () => {
    const members = [{ name: "Ada Lovelace" }, { name: "Grace Hopper" }, { name: "Alan Kay" }];
    expect(suggestMembers(members, "a").map((member) => member.name)).toEqual(["Ada Lovelace", "Alan Kay"]);
    expect(suggestMembers(members, "hop").map((member) => member.name)).toEqual(["Grace Hopper"]);
    expect(suggestMembers(members, "", 2)).toHaveLength(2);
  });
});
