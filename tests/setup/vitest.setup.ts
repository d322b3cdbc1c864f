import pino from "pino";
import { afterAll, afterEach, beforeEach, vi } from "vitest";

import type * as LoggerModule from "~/.server/logger";

import { takeLoggedErrors } from "./logged-errors";

// Logs stay out of the output, but an error nobody expected fails the test that caused it:
// a console.error, or an error-level line from the app's logger.
process.env.LOG_LEVEL ??= "error";
process.env.NODE_ENV = "test";
// bcrypt at its lowest cost: hashing is every sign-up's price here, not what is tested.
process.env.AUTH_PASSWORD_HASH_COST ??= "4";

// A file that configures the app through the environment leaves it as it found it: the
// files that follow in the same worker read theirs when they first load the app.
const environmentAtStart = { ...process.env };
afterAll(() => {
  vi.unstubAllEnvs();
  for (const name of Object.keys(process.env)) if (!(name in environmentAtStart)) delete process.env[name];
  Object.assign(process.env, environmentAtStart);
});

// The logger's output goes to the capture; its child loggers (pino-http's per request)
// write through the same stream. The module still loads when first imported, so it reads
// env() then, as before.
vi.mock("~/.server/logger", async (importOriginal) => {
  const actual = await importOriginal<typeof LoggerModule>();
  const { errorCapture } = await import("./logged-errors");
  (actual.logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] = errorCapture;
  return actual;
});

let unexpectedErrors: unknown[][] = [];
beforeEach(() => {
  unexpectedErrors = [];
  takeLoggedErrors();
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  if (unexpectedErrors.length > 0) {
    throw new Error(`console.error was called: ${unexpectedErrors.map((args) => args.join(" ")).join("\n")}`);
  }
  const logged = takeLoggedErrors();
  if (logged.length > 0) {
    throw new Error(`the app logged an error: ${logged.map((line) => JSON.stringify(line)).join("\n")}`);
  }
});
