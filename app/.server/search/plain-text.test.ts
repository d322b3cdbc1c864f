import { describe, expect, it } from "vitest";

import { MARK_END as E, MARK_START as S, splitMarks } from "./highlight";
import { markdownToPlainText } from "./plain-text";

describe("search excerpts as plain text", () => {
  it("drops Markdown's syntax and keeps the words", () => {
    expect(markdownToPlainText("Ship the **pricing page** before _Friday_.")).toBe(
      "Ship the pricing page before Friday.",
    );
    expect(markdownToPlainText("# Launch\n\n- [the brief](https://example.com/brief)\n- `npm run build`")).toBe(
      "Launch the brief npm run build",
    );
    expect(markdownToPlainText("> quoted ~~old~~ text\n\n![diagram](/d.png) <b>bold</b>")).toBe(
      "quoted old text diagram bold",
    );
    expect(markdownToPlainText("snake_case_name and 2 * 3")).toBe("snake_case_name and 2 * 3");
  });

  it("keeps the highlight markers around the words they marked", () => {
    const excerpt = `Ship the **${S}pricing${E} page** … see [${S}pricing${E}](https://x.example/${S}pricing${E})`;
    expect(splitMarks(markdownToPlainText(excerpt))).toEqual(["Ship the ", "pricing", " page … see ", "pricing"]);
  });

  it("drops the delimiters of a construct the passage cut in two", () => {
    expect(markdownToPlainText(`${S}pricing${E} page** is live`)).toBe(`${S}pricing${E} page is live`);
    expect(markdownToPlainText("the `build")).toBe("the build");
  });
});
