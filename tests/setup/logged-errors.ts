/**
 * Error-level lines the app's logger (app/.server/logger.ts) wrote during the current test.
 * vitest.setup.ts fails a test that leaves any here; a test that means to cause one takes
 * it with `takeLoggedErrors()` and asserts on it.
 */
const logged: string[] = [];

/** Where the logger writes in tests: pino's JSON lines, kept when their level is error or fatal. */
export const errorCapture = {
  write(line: string) {
    if (Number((JSON.parse(line) as { level?: unknown }).level) >= 50) logged.push(line.trim());
  },
};

/** The error lines logged so far in this test (parsed), which then no longer fail it. */
export function takeLoggedErrors(): Array<Record<string, unknown>> {
  return logged.splice(0).map((line) => JSON.parse(line) as Record<string, unknown>);
}
