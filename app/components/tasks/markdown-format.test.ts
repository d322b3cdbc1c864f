import { describe, expect, it } from "vitest";

import {
  applyEdit,
  continueList,
  fileMarkdown,
  formatMarkdown,
  uploadingMarkdown,
  type MarkdownFormat,
  type TextEdit,
  type TextSelection,
} from "./markdown-format";

/** "say ‹hello›": the text with its selection between ‹ and › (a caret: "‹›"). */
function parse(marked: string): TextSelection {
  const start = marked.indexOf("‹");
  const end = marked.indexOf("›") - 1;
  return { text: marked.replace("‹", "").replace("›", ""), start, end };
}

/** The text after the edit, with the new selection marked the same way. */
function show(selection: TextSelection, edit: TextEdit | null) {
  if (!edit) return null;
  const text = applyEdit(selection.text, edit);
  return `${text.slice(0, edit.selectStart)}‹${text.slice(edit.selectStart, edit.selectEnd)}›${text.slice(edit.selectEnd)}`;
}

const format = (marked: string, what: MarkdownFormat) => show(parse(marked), formatMarkdown(parse(marked), what));
const enter = (marked: string) => show(parse(marked), continueList(parse(marked)));

describe("the description toolbar's formats", () => {
  it("wraps the selection in bold, italic and code, keeping it selected", () => {
    expect(format("say ‹hello› now", "bold")).toBe("say **‹hello›** now");
    expect(format("say ‹hello› now", "italic")).toBe("say _‹hello›_ now");
    expect(format("say ‹hello› now", "code")).toBe("say `‹hello›` now");
  });

  it("leaves the spaces around the selection outside the markers", () => {
    expect(format("say‹ hello ›now", "bold")).toBe("say **‹hello›** now");
  });

  it("gives an empty pair with the caret inside when nothing is selected", () => {
    expect(format("say ‹›", "bold")).toBe("say **‹›**");
    expect(format("‹›", "code")).toBe("`‹›`");
  });

  it("unwraps what is already wrapped, inside or just outside the selection", () => {
    expect(format("say **‹hello›** now", "bold")).toBe("say ‹hello› now");
    expect(format("say ‹**hello**› now", "bold")).toBe("say ‹hello› now");
    expect(format("say _‹hello›_ now", "italic")).toBe("say ‹hello› now");
  });

  it("does not take half of a bold marker for italic", () => {
    expect(format("**‹hello›**", "italic")).toBe("**_‹hello›_**");
  });

  it("fences several lines of code, on lines of their own", () => {
    expect(format("run:‹npm ci\nnpm test›", "code")).toBe("run:\n```\n‹npm ci\nnpm test›\n```");
    expect(format("‹a\nb›\nafter", "code")).toBe("```\n‹a\nb›\n```\nafter");
  });

  it("uses a double fence for code holding a backtick", () => {
    expect(format("‹a`b›", "code")).toBe("`` ‹a`b› ``");
  });

  it("makes a link with its address selected to type over, or an address a link's target", () => {
    expect(format("see ‹the docs›", "link")).toBe("see [the docs](‹url›)");
    expect(format("see ‹›", "link")).toBe("see [‹›](url)");
    expect(format("see ‹https://example.com/a›", "link")).toBe("see [‹›](https://example.com/a)");
  });

  it("puts every touched line in a list, numbering them, and keeps a caret in its text", () => {
    expect(format("‹one\ntwo›", "bulleted")).toBe("‹- one\n- two›");
    expect(format("o‹ne\ntw›o\nthree", "numbered")).toBe("‹1. one\n2. two›\nthree");
    expect(format("buy mi‹›lk", "checklist")).toBe("- [ ] buy mi‹›lk");
    expect(format("‹›", "bulleted")).toBe("- ‹›");
    expect(format("said ‹›so", "quote")).toBe("> said ‹›so");
  });

  it("does not take in the line a selection ends at the start of", () => {
    expect(format("‹one\n›two", "bulleted")).toBe("‹- one›\ntwo");
  });

  it("leaves blank lines between items alone and keeps the indentation", () => {
    expect(format("‹one\n\n  two›", "numbered")).toBe("‹1. one\n\n  2. two›");
  });

  it("takes the list off when every line has it, and switches one kind of list for another", () => {
    expect(format("‹- one\n- two›", "bulleted")).toBe("‹one\ntwo›");
    expect(format("- one‹›", "bulleted")).toBe("one‹›");
    expect(format("‹- one\n2. two›", "numbered")).toBe("‹1. one\n2. two›");
    expect(format("‹- [ ] one›", "bulleted")).toBe("‹- one›");
    expect(format("‹- one›", "checklist")).toBe("‹- [ ] one›");
    expect(format("‹> said›", "quote")).toBe("‹said›");
  });
});

describe("Enter in a list", () => {
  it("starts the next item the same way, numbers counting up", () => {
    expect(enter("- one‹›")).toBe("- one\n- ‹›");
    expect(enter("  - [x] done‹›")).toBe("  - [x] done\n  - [ ] ‹›");
    expect(enter("intro\n9. nine‹›")).toBe("intro\n9. nine\n10. ‹›");
    expect(enter("> quoted‹›")).toBe("> quoted\n> ‹›");
  });

  it("ends the list on an empty item, and is a plain new line elsewhere", () => {
    expect(enter("- one\n- ‹›")).toBe("- one\n‹›");
    expect(enter("plain‹›")).toBeNull();
    expect(enter("- ‹one›")).toBeNull();
  });
});

describe("files in the text", () => {
  it("shows a picture, links anything else, and escapes what would break the Markdown", () => {
    expect(fileMarkdown("shot.png", "/a/b", true)).toBe("![shot.png](/a/b)");
    expect(fileMarkdown("notes [v2].pdf", "/a/b", false)).toBe("[notes \\[v2\\].pdf](/a/b)");
    expect(uploadingMarkdown("shot.png", true)).toBe("![Uploading shot.png…]()");
  });
});
