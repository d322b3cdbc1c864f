import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";

import { createReadableStreamFromReadable } from "@react-router/node";

import { env } from "../env";

/**
 * Files attached to tasks, on disk under DATA_DIR/uploads/attachments with a random name
 * (never the uploader's). That folder is not served by /uploads/* (`resolveUpload` only
 * knows avatars and covers): a file leaves only through the download route, which checks
 * membership and sends the headers below.
 */
const FOLDER = "attachments";
const STORED = /^attachments\/[\w-]{16,64}$/;

function attachmentsDir() {
  return path.join(env().dataDir, "uploads", FOLDER);
}

/** The file on disk for a stored path, or null for anything that is not one. */
export function resolveAttachment(storagePath: string) {
  if (!STORED.test(storagePath)) return null;
  return path.join(env().dataDir, "uploads", storagePath);
}

/** Streams the upload to a new file with a random name; returns its stored path. */
export async function writeAttachmentFile(file: File) {
  const storagePath = `${FOLDER}/${randomBytes(18).toString("base64url")}`;
  await fs.mkdir(attachmentsDir(), { recursive: true });
  const target = resolveAttachment(storagePath)!;
  try {
    await fs.writeFile(target, file.stream(), { flag: "wx" });
  } catch (error) {
    await fs.rm(target, { force: true });
    throw error;
  }
  return storagePath;
}

/** Removes a stored file; one already gone is fine. */
export async function removeAttachmentFile(storagePath: string) {
  const file = resolveAttachment(storagePath);
  if (file) await fs.rm(file, { force: true });
}

/** The stored file as a web stream for a Response, or null when it is missing on disk. */
export async function openAttachmentFile(storagePath: string) {
  const file = resolveAttachment(storagePath);
  if (!file) return null;
  const handle = await fs.open(file, "r").catch(() => null);
  if (!handle) return null;
  return createReadableStreamFromReadable(handle.createReadStream());
}

/**
 * What an uploaded file may be sent back as. Types a browser could render as a page or run
 * in our origin (HTML, SVG, XML, scripts, anything unknown) go out as a plain download.
 */
const SAFE_TYPES = new Set([
  "application/pdf",
  "application/zip",
  "application/gzip",
  "application/json",
  "application/msword",
  "application/vnd.ms-excel",
  "application/vnd.ms-powerpoint",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  "application/vnd.oasis.opendocument.text",
  "application/vnd.oasis.opendocument.spreadsheet",
  "text/plain",
  "text/csv",
  "text/markdown",
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "audio/mpeg",
  "audio/ogg",
  "audio/wav",
  "video/mp4",
  "video/webm",
]);

export function safeContentType(declared: string) {
  const type = declared.split(";")[0]!.trim().toLowerCase();
  return SAFE_TYPES.has(type) ? type : "application/octet-stream";
}

/** Pictures a page may show with `<img>`: raster formats only (an SVG can carry script; it stays a download). */
const INLINE_IMAGES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"]);

/** Whether the file is sent back as a picture to show (a thumbnail, an image in a description). */
export function isInlineImage(declared: string) {
  return INLINE_IMAGES.has(safeContentType(declared));
}

/** Control and direction-changing characters, and path separators: never part of a shown name. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_NAME = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069/\\]/g;
export const MAX_FILE_NAME = 200;

/** The name to show and download under: the last path segment, cleaned, at most 200 characters. */
export function safeFileName(name: string) {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  const cleaned = base.replace(UNSAFE_NAME, "").trim();
  const bounded = [...cleaned].slice(0, MAX_FILE_NAME).join("");
  return bounded === "" || bounded === "." || bounded === ".." ? "file" : bounded;
}

/**
 * `attachment; filename="…"; filename*=UTF-8''…` (RFC 6266 with RFC 5987's encoding): an
 * ASCII fallback for old clients, the exact UTF-8 name for the rest.
 */
export function contentDisposition(fileName: string, disposition: "attachment" | "inline" = "attachment") {
  const name = safeFileName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * The headers of a download: never rendered in our origin as a page, never cached by others.
 * A raster image is sent inline, so the task's thumbnails and the images in its description
 * show it (`<img>` runs nothing; opened on its own it is a picture under the sandbox below);
 * anything else is an attachment. The server adds `X-Content-Type-Options: nosniff` to every
 * answer (server/security-headers.ts), so a file is never read as another type than the one
 * sent; the sandbox policy joins the page policy it also sends.
 */
export function downloadHeaders(attachment: { fileName: string; contentType: string; sizeBytes: number }) {
  return {
    "Content-Type": safeContentType(attachment.contentType),
    "Content-Length": String(attachment.sizeBytes),
    "Content-Disposition": contentDisposition(
      attachment.fileName,
      isInlineImage(attachment.contentType) ? "inline" : "attachment",
    ),
    "Cache-Control": "private, no-store",
    "Content-Security-Policy": "default-src 'none'; sandbox",
  };
}
