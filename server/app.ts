// First: zod reads its configuration as each schema is made (app/utils/zod-config.ts).
import "~/utils/zod-config";
import { randomUUID } from "node:crypto";

import { createRequestHandler } from "@react-router/express";
import express, { type RequestHandler } from "express";
import { pinoHttp } from "pino-http";

import { prepareDatabase } from "~/.server/boot/database";
import { registerSubscribers } from "~/.server/boot/subscribers";
import { content } from "~/.server/content";
import { openDatabase } from "~/.server/db/client";
import { countQueries } from "~/.server/db/query-count";
import { database, setDatabase } from "~/.server/db";
import { keepPlannerStatistics } from "~/.server/db/statistics";
import { env } from "~/.server/env";
import { inRequestScope, loggablePath, logger } from "~/.server/logger";
import { usesOutbox } from "~/.server/mail/mailer";
import { bootstrapReminders } from "~/.server/notifications/reminders";
import { bootstrapAutomationSchedule } from "~/.server/automations/timed";
import { bootstrapRecurrence } from "~/.server/tasks/recurrence-jobs";
import { startWorker } from "~/.server/jobs/worker";
import { startRealtime } from "~/.server/realtime";
import { startPresence } from "~/.server/realtime/presence";
import { createRequestContext } from "~/.server/request-context";
import { initSecrets } from "~/.server/secrets";
import { closeRateLimitStore, openRateLimitStore } from "~/.server/security/rate-limit";
import { isDirectLocalRequest } from "~/.server/http/local-request";
import { apiRequests } from "./api-requests";
import { BACKUP_PATH, backupEndpoint, publishBackupEndpoint, withdrawBackupEndpoint } from "./backup-endpoint";
import { limitRequestBodies } from "./body-limit";
import { clearTmpUploads, streamUploads, type StreamedForm } from "./streamed-uploads";
import { codeHostHooks } from "./code-host-hooks";
import { measureRequests, metricsEndpoint, routePatterns } from "./metrics";
import { rejectCrossSiteWrites } from "./origin-check";
import { rateLimitRequests } from "./rate-limits";
import { securityHeaders } from "./security-headers";

/**
 * The server build's entry (see vite.config.ts). server.js calls `boot()` before it
 * listens, mounts `requestLogger` in front of everything (static files included) and
 * hands the rest to `app`.
 */

/**
 * Reads the configuration, opens the database and runs its boot steps (the migrations,
 * then the built-in rows: boot/database.ts). Throws with a one-line message.
 */
export async function boot() {
  const config = env();
  initSecrets(config.dataDir, { sessionSecret: config.sessionSecret });
  await clearTmpUploads();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, thread: true });
  try {
    await prepareDatabase(handle);
  } catch (error) {
    await handle.close();
    throw error;
  }
  setDatabase(handle);
  // Rate limits are shared through PostgreSQL when there is one; PGlite keeps them in memory.
  await openRateLimitStore({ databaseUrl: config.databaseUrl });
  logger.info({ engine: handle.engine, location: handle.location }, "database ready");
  content(); // a content file that does not match its schema stops the start here
  registerSubscribers();
  await startBackground(config);
  // The embedded database held still for `npm run backup` (server/backup-endpoint.ts).
  publishBackupEndpoint(config);
  if (usesOutbox()) {
    const access = config.mailOutboxPublic
      ? "open to everyone (MAIL_OUTBOX_PUBLIC=true)"
      : config.devMailToken
        ? "open with ?token=<DEV_MAIL_TOKEN>"
        : "readable from a browser on this machine only";
    logger.warn(`No SMTP_URL: mail is kept in the local outbox at ${config.appUrl}/dev/mail, ${access}`);
  }
  return config;
}

/**
 * The embedded database's planner statistics, the real-time fan-out (and relay with
 * PostgreSQL) and, unless JOBS_IN_APP=false, a job worker.
 */
let stopBackground: (() => Promise<void>) | undefined;
async function startBackground(config: ReturnType<typeof env>) {
  await stopBackground?.();
  const stopStatistics = await keepPlannerStatistics(database());
  const stopRealtime = await startRealtime({ databaseUrl: config.databaseUrl });
  const stopPresence = startPresence();
  // The hourly due-date reminders: started once, whichever process comes first (a dedupe key).
  await bootstrapReminders();
  // The hourly look for due, overdue and scheduled automation rules, likewise.
  await bootstrapAutomationSchedule();
  // The scheduler of repeating tasks: one chain too.
  await bootstrapRecurrence();
  const worker = config.jobsInApp ? startWorker({ leaseMs: config.jobLeaseMs }) : null;
  stopBackground = async () => {
    await worker?.stop();
    stopPresence();
    await stopRealtime();
    stopStatistics();
  };
}

/** Closes the database cleanly; safe to call twice. */
export async function shutdown() {
  withdrawBackupEndpoint();
  await stopBackground?.();
  stopBackground = undefined;
  await closeRateLimitStore();
  try {
    await database().close();
  } catch {
    // Never opened: nothing to close.
  }
  setDatabase(undefined);
}

export const requestLogger = pinoHttp({
  logger,
  genReqId: (req, res) => {
    const incoming = req.headers["x-request-id"];
    const id = typeof incoming === "string" && /^[\w-]{8,64}$/.test(incoming) ? incoming : randomUUID();
    res.setHeader("X-Request-Id", id);
    return id;
  },
  serializers: {
    req: (req: { id: string; method: string; url: string }) => ({
      id: req.id,
      method: req.method,
      path: loggablePath(req.url),
    }),
    res: (res: { statusCode: number }) => ({ status: res.statusCode }),
  },
  customSuccessMessage: (req, res, responseTime) =>
    `${req.method} ${loggablePath(req.url)} ${res.statusCode} ${Math.round(responseTime)}ms`,
  customErrorMessage: (req, res) => `${req.method} ${loggablePath(req.url)} ${res.statusCode} failed`,
  // A request that failed or was refused always gets its line; one answered well only when asked.
  customLogLevel: (_req, res, error) => {
    if (error || res.statusCode >= 500) return "error";
    if (res.statusCode >= 400) return "info";
    return env().logRequests ? "info" : "silent";
  },
});
/**
 * Runs the rest of the request inside its scope (mounted right after `requestLogger`, which
 * names it): every line logged while it is handled, by any module, carries `requestId`.
 */
export const requestScope: RequestHandler = (req, _res, next) => inRequestScope(String(req.id), next);

/** Security headers (and the CSP nonce) for every answer, static files included: server.js mounts it first. */
export const headers = securityHeaders(() => ({ appUrl: env().appUrl, development: env().mode === "development" }));

export { compressedAssets } from "./compressed-assets";

export const app = express.Router();

const build = await import("virtual:react-router/server-build");
// Every request is counted and timed under its route pattern, refusals included.
app.use(measureRequests(routePatterns(build.routes)));
// Refusals come first and read nothing: too many requests, then a body over its cap.
app.use(rateLimitRequests(() => env().rateLimits));
// Asked by `npm run backup` from this machine with the token in DATA_DIR; 404 to anyone else.
app.post(BACKUP_PATH, backupEndpoint());
app.use(rejectCrossSiteWrites(() => env().appUrl));
app.get(
  "/metrics",
  metricsEndpoint(() => env().metricsToken),
);
// Each request's SQL statement count goes out as `Server-Timing: db;desc="N queries"`.
app.use((req, res, next) => {
  countQueries((read) => {
    const writeHead = res.writeHead;
    res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
      if (!res.headersSent) res.setHeader("Server-Timing", `db;desc="${read()} queries"`);
      return writeHead.apply(this, args);
    } as typeof writeHead;
    next();
  });
});
// Counts the body as it streams into React Router's handler (or the API's): keep nothing asynchronous between the two.
app.use(limitRequestBodies());
// A task's attachment is parsed as it streams, its file written to disk (never whole in memory).
app.use(streamUploads());
app.use("/api/v1", apiRequests());
app.use(codeHostHooks());
app.use(
  createRequestHandler({
    // A function is imported again and its route tree rebuilt on every request, which only
    // development's hot reload needs: production hands over the module once (about 3 ms a request).
    build: env().mode === "production" ? build : () => import("virtual:react-router/server-build"),
    getLoadContext: (req, res) =>
      createRequestContext({
        requestId: String(req.id),
        clientIp: req.ip ?? null,
        streamedForm: res.locals.streamedForm as StreamedForm | undefined,
        cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : undefined,
        directLocal: isDirectLocalRequest({
          remoteAddress: req.socket.remoteAddress,
          httpVersion: req.httpVersion,
          headers: req.headers,
        }),
      }),
    mode: env().mode,
  }),
);
