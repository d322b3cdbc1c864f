import { AsyncLocalStorage } from "node:async_hooks";

import pino from "pino";

import { env } from "./env";

/**
 * The request a piece of work is done for, however deep in its awaits: every line logged
 * meanwhile carries its id (the `X-Request-Id` the answer has), so one request's lines can
 * be found together. Held on globalThis: in development the app's modules are loaded a
 * second time by Vite, and both must see the scope the server opened.
 */
const holder = globalThis as typeof globalThis & { __plotlineRequestScope?: AsyncLocalStorage<{ requestId: string }> };
const requestScope = (holder.__plotlineRequestScope ??= new AsyncLocalStorage());

export function inRequestScope<T>(requestId: string, run: () => T): T {
  return requestScope.run({ requestId }, run);
}

/** What every log line gets from where it was written: the request's id, when there is one. */
export function logContext(): { requestId?: string } {
  const scope = requestScope.getStore();
  return scope ? { requestId: scope.requestId } : {};
}

/**
 * The process logger: JSON in production (one object per line, for log shippers), pretty
 * in development. Credentials in headers are redacted wherever they appear.
 */
export const logger = createLogger();

/** `destination`: where the lines go instead of standard output (a test's). */
export function createLogger(destination?: pino.DestinationStream) {
  const config = env();
  const options: pino.LoggerOptions = {
    level: config.logLevel,
    mixin: logContext,
    redact: {
      paths: [
        "req.headers.cookie",
        "req.headers.authorization",
        // A GitLab delivery's header is its connection's secret itself.
        "req.headers['x-gitlab-token']",
        "res.headers['set-cookie']",
        "password",
        "*.password",
      ],
      censor: "[redacted]",
    },
    serializers: { err: serializeError },
    transport:
      config.mode === "development" && !destination
        ? { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } }
        : undefined,
  };
  return destination ? pino(options, destination) : pino(options);
}

/** Paths whose last part is a secret (a calendar feed's token): logged without it. */
const SECRET_PATHS = /^(\/calendar\/feed\/)[^/?#]+/;

/**
 * A request's path as the logs may write it: without its query (which may hold a token)
 * and with the secret of a secret URL replaced (`/calendar/feed/[redacted]`).
 */
export function loggablePath(url: string | undefined) {
  return (url ?? "").split("?")[0]!.replace(SECRET_PATHS, "$1[redacted]");
}

/**
 * Errors as pino logs them, less a failed query's parameter values: those may be secrets
 * (token hashes) or personal data. The SQL text stays, for the diagnosis.
 */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const serialized: Record<string, unknown> = { ...pino.stdSerializers.err(error) };
  delete serialized.params;
  for (const key of ["message", "stack"]) {
    const text = serialized[key];
    if (typeof text === "string") serialized[key] = text.replace(/\nparams: .*/g, "\nparams: [redacted]");
  }
  return serialized;
}
