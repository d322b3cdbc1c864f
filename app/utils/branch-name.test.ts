import { describe, expect, it } from "vitest";

import { BRANCH_NAME_MAX, branchNameFor } from "./branch-name";

describe("branchNameFor", () => {
  it("is the key in lower case and the title's words joined by hyphens", () => {
    expect(branchNameFor("WEB-42", "Fix the login page!")).toBe("web-42-fix-the-login-page");
    expect(branchNameFor("API2-7", "  Café: résumé & naïve — UTF-8  ")).toBe("api2-7-cafe-resume-naive-utf-8");
  });

  it("keeps only the key when the title has no ASCII letters or digits", () => {
    expect(branchNameFor("WEB-1", "日本語のタイトル")).toBe("web-1");
    expect(branchNameFor("WEB-1", "")).toBe("web-1");
  });

  it("stays within its bound, cut between words", () => {
    const name = branchNameFor(
      "WEB-1234",
      "Make the board load faster when a project has many thousands of tasks in one column",
    );
    expect(name.length).toBeLessThanOrEqual(BRANCH_NAME_MAX);
    expect(name).toBe("web-1234-make-the-board-load-faster-when-a-project-has-many");
    const long = branchNameFor("WEB-1", "x".repeat(200));
    expect(long).toBe(`web-1-${"x".repeat(BRANCH_NAME_MAX - 6)}`);
  });
});
