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
    transport:
      config.mode === "development"
        ? { target: "pino-pretty", options: { translateTime: "HH:MM:ss", ignore: "pid,hostname" } }
        : undefined,
  });
}
