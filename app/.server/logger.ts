import pino from "pino";

import { env } from "./env";

/**
 * The process logger: JSON in production (one object per line, for log shippers), pretty
 * in development. Credentials in headers are redacted wherever they appear.
 */
export const logger = createLogger();

function createLogger() {
  const config = env();
  return pino({
    level: config.logLevel,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "res.headers['set-cookie']", "password", "*.password"],
      censor: "[redacted]",
    },
    serializers: { err: serializeError },
    transport:
      config.mode === "development"
        ? { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } }
        : undefined,
  });
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
