import { describe, expect, it } from "vitest";

import { linksInText } from "./links-in-text";

describe("linksInText", () => {
  it("makes the http(s) addresses links and leaves the rest text, punctuation after an address outside it", () => {
    const text =
      "Confirm: http://localhost:3000/auth/v1/verify?token=pkce_a&type=signup&redirect_to=http%3A%2F%2Flocalhost.\n\nOr (https://example.com/x), thanks!";
    expect(linksInText(text)).toEqual([
      { text: "Confirm: " },
      {
        text: "http://localhost:3000/auth/v1/verify?token=pkce_a&type=signup&redirect_to=http%3A%2F%2Flocalhost",
        href: "http://localhost:3000/auth/v1/verify?token=pkce_a&type=signup&redirect_to=http%3A%2F%2Flocalhost",
      },
      { text: ".\n\nOr (" },
      { text: "https://example.com/x", href: "https://example.com/x" },
      { text: "), thanks!" },
    ]);
  });

  it("never links another scheme, and stops an address at markup characters", () => {
    expect(linksInText("javascript:alert(1) data:text/html,<b>x</b> ftp://example.com")).toEqual([
      { text: "javascript:alert(1) data:text/html,<b>x</b> ftp://example.com" },
    ]);
    expect(linksInText('https://example.com/"><script>alert(1)</script>')).toEqual([
      { text: "https://example.com/", href: "https://example.com/" },
      { text: '"><script>alert(1)</script>' },
    ]);
    expect(linksInText("no links here")).toEqual([{ text: "no links here" }]);
    expect(linksInText("")).toEqual([]);
  });
});
