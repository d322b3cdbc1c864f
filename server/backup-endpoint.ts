import { randomBytes, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import type { RequestHandler } from "express";

import { CONTROL_FILE, type ControlFile } from "~/.server/backup/archive";
import { database } from "~/.server/db";
import { isDirectLocalRequest } from "~/.server/http/local-request";
import { logger } from "~/.server/logger";

/**
 * The running embedded server's side of `npm run backup`. PGlite's data directory belongs to
 * this process, so a consistent copy can only come from here: on start it writes
 * DATA_DIR/backup-endpoint.json (mode 0600: its pid, a loopback URL and a random token), and
 * `POST /_backup` answers the dump of the database to a request straight from this machine
 * (no proxy) that presents the token, which only someone who can read DATA_DIR has. Anything
 * else, and every request on PostgreSQL (pg_dump reads it directly), gets 404.
 */
export const BACKUP_PATH = "/_backup";

let published: { file: string; token: Buffer } | undefined;

/** Writes the control file for this process (embedded engine only). */
export function publishBackupEndpoint(config: { dataDir: string; host: string; port: number }) {
  if (database().engine !== "pglite") return;
  const token = randomBytes(32).toString("base64url");
  // Loopback whatever the interface: a wildcard listener answers there too.
  const host = config.host.includes(":") && config.host !== "::" ? `[${config.host}]` : config.host;
  const loopback = ["0.0.0.0", "::", "localhost"].includes(config.host) ? "127.0.0.1" : host;
  const control: ControlFile = {
    pid: process.pid,
    url: `http://${loopback}:${config.port}${BACKUP_PATH}`,
    token,
  };
  const file = path.join(config.dataDir, CONTROL_FILE);
  fs.writeFileSync(file, JSON.stringify(control), { mode: 0o600 });
  published = { file, token: Buffer.from(token) };
}

/** Removes the control file at shutdown (a stale one names a pid that no longer runs, and is ignored). */
export function withdrawBackupEndpoint() {
  if (!published) return;
  try {
    const current = JSON.parse(fs.readFileSync(published.file, "utf8")) as ControlFile;
    if (current.pid === process.pid) fs.rmSync(published.file, { force: true });
  } catch {
    // Already gone.
  }
  published = undefined;
}

export function backupEndpoint(): RequestHandler {
  return async (req, res, next) => {
    const handle = database();
    const presented = Buffer.from(/^Bearer (.+)$/.exec(req.get("authorization") ?? "")?.[1] ?? "");
    const allowed =
      req.method === "POST" &&
      handle.dump &&
      published &&
      presented.length === published.token.length &&
      timingSafeEqual(presented, published.token) &&
      isDirectLocalRequest({
        remoteAddress: req.socket.remoteAddress,
        httpVersion: req.httpVersion,
        headers: req.headers,
      });
    if (!allowed) {
      res.status(404).type("text/plain").send("Not found");
      return;
    }
    try {
      const started = Date.now();
      const dump = Buffer.from(await (await handle.dump!()).arrayBuffer());
      logger.info({ bytes: dump.length, ms: Date.now() - started }, "database dumped for a backup");
      res.setHeader("Content-Type", "application/gzip");
      res.setHeader("Cache-Control", "no-store");
      res.end(dump);
    } catch (error) {
      next(error);
    }
  };
}
