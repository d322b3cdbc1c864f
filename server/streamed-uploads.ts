import { randomBytes } from "node:crypto";
import { createWriteStream, openAsBlob } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";

import busboy from "busboy";
import type { Request, RequestHandler } from "express";

import { env } from "~/.server/env";
import {
  ATTACHMENT_UPLOAD_PATH,
  IMPORT_UPLOAD_PATH,
  MAX_ATTACHMENT_BYTES,
  WORKSPACE_IMPORT_UPLOAD_PATH,
} from "~/.server/http/limits";
import { MAX_WORKSPACE_IMPORT_BYTES } from "~/utils/workspace-export";
import { MAX_IMPORT_BYTES } from "~/utils/imports";
import { logger } from "~/.server/logger";

/**
 * A task's attachment (up to 25 MB), a file to import (50 MB) or a workspace export (1 GB) is parsed as it streams in and its file written
 * to a temporary file under DATA_DIR/uploads/tmp, never held in memory: the Fetch API's
 * `request.formData()` buffers the whole body (and the root middleware's check read it a
 * second time), so ten concurrent uploads cost a quarter of a gigabyte that the process kept.
 * The form is handed on as a FormData whose File is backed by the temporary file
 * (`fs.openAsBlob`); React Router's actions (through `streamedFormContext`) and the API read
 * it instead of the body. The temporary files are removed when the response ends.
 *
 * Mount after `limitRequestBodies`, which still counts the bytes and refuses a body over its
 * cap; the file's own cap is applied here too (one byte over is kept, so the command's check
 * says "too large" beside the field).
 */
export type StreamedForm = FormData;

const MAX_FIELDS = 50;
const MAX_FIELD_BYTES = 1024 * 1024;

export function tmpUploadsDir() {
  return path.join(env().dataDir, "uploads", "tmp");
}

/**
 * Temporary files left by a process that stopped mid-upload, removed at start: those older
 * than an hour (other processes on the same DATA_DIR may be receiving uploads right now).
 */
export async function clearTmpUploads(now = Date.now()) {
  const names = await fs.readdir(tmpUploadsDir()).catch(() => [] as string[]);
  for (const name of names) {
    const file = path.join(tmpUploadsDir(), name);
    const stat = await fs.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > 3_600_000) await fs.rm(file, { force: true });
  }
}

export function streamUploads(): RequestHandler {
  return (req, res, next) => {
    const cap = fileCapOf(req);
    if (cap === null) return next();
    const files: string[] = [];
    const cleanUp = () => void Promise.all(files.map((file) => fs.rm(file, { force: true }))).catch(() => undefined);
    // One listener more than the request path already has (logging, metrics, compression…).
    res.setMaxListeners(res.getMaxListeners() + 1);
    res.on("close", cleanUp);
    parse(req, files, cap).then(
      (form) => {
        // Refused on the way (too large, the client went away): the answer is already out.
        if (res.headersSent || res.destroyed) return;
        res.locals.streamedForm = form;
        next();
      },
      (error: unknown) => {
        if (res.headersSent || res.destroyed) return;
        logger.warn({ err: error }, "upload could not be read");
        res.status(400).type("text/plain").send("The form could not be read: its body is incomplete or malformed.");
      },
    );
  };
}

/** The file cap of an upload parsed here (a task's attachment, a file to import), or null for any other request. */
function fileCapOf(req: Request) {
  if (req.method !== "POST") return null;
  const type = (req.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "multipart/form-data") return null;
  const path = req.originalUrl.split("?")[0]!;
  if (ATTACHMENT_UPLOAD_PATH.test(path)) return MAX_ATTACHMENT_BYTES;
  if (IMPORT_UPLOAD_PATH.test(path)) return MAX_IMPORT_BYTES;
  if (WORKSPACE_IMPORT_UPLOAD_PATH.test(path)) return MAX_WORKSPACE_IMPORT_BYTES;
  return null;
}

async function parse(req: Request, files: string[], cap: number): Promise<FormData> {
  const form = new FormData();
  const writes: Promise<void>[] = [];
  await fs.mkdir(tmpUploadsDir(), { recursive: true });
  await new Promise<void>((resolve, reject) => {
    const parser = busboy({
      headers: req.headers,
      // Browsers send a file's name as UTF-8 bytes (busboy's default reads them as Latin-1).
      defParamCharset: "utf8",
      limits: {
        fields: MAX_FIELDS,
        fieldSize: MAX_FIELD_BYTES,
        files: 1,
        fileSize: cap + 1,
        parts: MAX_FIELDS + 1,
      },
    });
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, info) => {
      const file = path.join(tmpUploadsDir(), randomBytes(18).toString("base64url"));
      files.push(file);
      const type = info.mimeType || "application/octet-stream";
      writes.push(
        pipeline(stream, createWriteStream(file, { flags: "wx" })).then(async () => {
          form.append(name, new File([await openAsBlob(file, { type })], info.filename ?? "", { type }));
        }),
      );
    });
    parser.on("error", reject);
    parser.on("close", resolve);
    req.on("aborted", () => reject(new Error("The upload was interrupted.")));
    req.pipe(parser);
  });
  await Promise.all(writes);
  return form;
}
