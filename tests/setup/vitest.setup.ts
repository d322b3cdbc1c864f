import { afterEach, beforeEach, vi } from "vitest";

// Quiet logs in tests, and a console.error nobody expected fails the test that caused it.
process.env.LOG_LEVEL ??= "silent";
process.env.NODE_ENV = "test";

let unexpectedErrors: unknown[][] = [];
beforeEach(() => {
  unexpectedErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpectedErrors.length > 0) {
    throw new Error(`console.error was called: ${unexpectedErrors.map((args) => args.join(" ")).join("\n")}`);
  }
});
