import { describe, expect, it } from "vitest";

import { closingKeysIn, taskKeysIn } from "./keys";

const keys = (...texts: string[]) => taskKeysIn(...texts).map((ref) => ref.key);
const closing = (...texts: string[]) => closingKeysIn(...texts).map((ref) => ref.key);

describe("task keys in code-host text", () => {
  it("finds keys in branches, however they are written", () => {
    expect(keys("web-42-fix-the-login-page")).toEqual(["WEB-42"]);
    expect(keys("feature/WEB-42_login")).toEqual(["WEB-42"]);
    expect(keys("fix-web-7")).toEqual(["WEB-7"]);
    expect(keys("release-2024-web-8")).toEqual(["RELEASE-2024", "WEB-8"]);
  });

  it("finds keys in titles and messages, each once, in order", () => {
    expect(keys("WEB-3: tidy up (see web-3 and API2-10)", "Also WEB-4")).toEqual(["WEB-3", "API2-10", "WEB-4"]);
  });

  it("takes no key glued to letters or digits, nor one too short or too long", () => {
    expect(keys("WEB-42x", "WEB-4a2", "W-1", "ABCDEFGHIJK-1", "1WEB-2", "WEB-", "WEB-1234567890")).toEqual([]);
  });

  it("reads closing keywords, one key or a list", () => {
    expect(closing("Fixes WEB-42")).toEqual(["WEB-42"]);
    expect(closing("This closes: web-3, WEB-4 and WEB-5.\nresolved API-1")).toEqual([
      "WEB-3",
      "WEB-4",
      "WEB-5",
      "API-1",
    ]);
    expect(closing("Fixed WEB-9", "CLOSE WEB-10")).toEqual(["WEB-9", "WEB-10"]);
  });

  it("does not close what is only mentioned, or named after another word", () => {
    expect(closing("Refs WEB-42", "prefixes WEB-1", "fix the WEB-2 bug", "Fixes #12")).toEqual([]);
  });
});
