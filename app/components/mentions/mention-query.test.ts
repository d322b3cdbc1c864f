import { describe, expect, it } from "vitest";

import { insertMention, mentionAtCaret, suggestMembers } from "./mention-query";

describe("the @mention being typed", () => {
  it("is the text from an @ that starts a word to the caret, up to two words", () => {
    expect(mentionAtCaret("Hi @", 4)).toEqual({ start: 3, query: "" });
    expect(mentionAtCaret("Hi @Ada Lo", 10)).toEqual({ start: 3, query: "Ada Lo" });
    expect(mentionAtCaret("@Ada, then more", 4)).toEqual({ start: 0, query: "Ada" });
    expect(mentionAtCaret("(@sa", 4)).toEqual({ start: 1, query: "sa" });
    expect(mentionAtCaret("mail me@example", 15)).toBeNull();
    expect(mentionAtCaret("@@Ada", 5)).toBeNull();
    expect(mentionAtCaret("@Ada Lovelace and more", 22)).toBeNull();
    // Only up to the caret: what follows it does not count.
    expect(mentionAtCaret("Hi @Ad and", 6)).toEqual({ start: 3, query: "Ad" });
  });

  it("suggests members by the start of their name or of a word of it, whole-name matches first", () => {
    const members = [{ name: "Grace Hopper" }, { name: "Ada Lovelace" }, { name: "Alan Kay" }, { name: "Hal Abelson" }];
    expect(suggestMembers(members, "a").map((member) => member.name)).toEqual([
      "Ada Lovelace",
      "Alan Kay",
      "Hal Abelson",
    ]);
    expect(suggestMembers(members, "hop").map((member) => member.name)).toEqual(["Grace Hopper"]);
    expect(suggestMembers(members, "ADA L").map((member) => member.name)).toEqual(["Ada Lovelace"]);
    expect(suggestMembers(members, "zed")).toEqual([]);
    expect(suggestMembers(members, "", 2)).toHaveLength(2);
  });

  it("puts the chosen name in place of what was typed, the caret after a space", () => {
    const text = "Ask @ad about it";
    const typing = mentionAtCaret(text, 7)!;
    expect(insertMention(text, 7, typing, "Ada Lovelace")).toEqual({
      text: "Ask @Ada Lovelace about it",
      caret: "Ask @Ada Lovelace ".length,
    });
    expect(insertMention("Hi @Gr", 6, mentionAtCaret("Hi @Gr", 6)!, "Grace Hopper")).toEqual({
      text: "Hi @Grace Hopper ",
      caret: 17,
    });
    expect(insertMention("@", 1, mentionAtCaret("@", 1)!, "Alan Kay")).toEqual({ text: "@Alan Kay ", caret: 10 });
  });
});
