/**
 * How much input the server takes, in one place. The request body caps are enforced by
 * `server/body-limit.ts` while the body streams in, before any parsing; the image limits by
 * `app/.server/uploads/images.ts` when an upload is decoded.
 */
import { MAX_IMPORT_BYTES } from "~/utils/imports";
import { MAX_ATTACHMENT_BYTES } from "~/validation/attachments";
import { MAX_WORKSPACE_IMPORT_BYTES } from "~/utils/workspace-export";

/** The largest image file an avatar or a project cover may be. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * The most pixels an uploaded image may have (about 6,000 × 6,000). Checked from the image
 * header before anything is decoded: a few kilobytes of PNG can declare 20,000 × 20,000
 * pixels, which would take 1.6 GB to decode.
 */
export const MAX_IMAGE_PIXELS = 36_000_000;

const KB = 1024;
const MB = 1024 * KB;

/** The largest file a task may have attached (any type): shared with the browser, which checks it first. */
export { MAX_ATTACHMENT_BYTES };

/**
 * Where a task's attachment is uploaded: the task page (its only file field is the
 * attachment), posted as a page or, with JavaScript, as React Router's `.data` request;
 * or the API's `POST /api/v1/tasks/{id}/attachments`.
 */
export const ATTACHMENT_UPLOAD_PATH =
  /^(\/app\/project\/[^/]+\/task\/[^/.]+(\.data|\/)?|\/api\/v1\/tasks\/[^/]+\/attachments\/?)$/;

/** Where a file is uploaded to be imported into a project (a CSV of up to 50 MB). */
export const IMPORT_UPLOAD_PATH = /^\/app\/project\/[^/]+\/import(\.data|\/)?$/;

/** Where a workspace export (a zip of up to 1 GB) is uploaded to be imported as a new workspace. */
export const WORKSPACE_IMPORT_UPLOAD_PATH = /^\/app\/workspaces\/import(\.data|\/)?$/;

/** Where code hosts deliver their events (app/.server/code-hosts/inbound.ts), whatever the Content-Type. */
export const CODE_HOST_HOOK_PATH = /^\/hooks\/code\/[^/]+\/?$/;

/** Request body caps, by the request's Content-Type (and a few paths of their own). */
export const BODY_LIMITS = {
  /** Ordinary HTML forms: the longest field (a description) is a few thousand characters. */
  form: 1 * MB,
  /** The auth service's JSON API (/auth/v1) and other JSON posts. */
  json: 100 * KB,
  /** Forms with a file: one image at its own limit, plus the other fields and the multipart framing. */
  multipart: MAX_IMAGE_BYTES + 256 * KB,
  /** A task's attachment: one file at its own limit, plus the other fields and the framing. */
  attachment: MAX_ATTACHMENT_BYTES + 256 * KB,
  /** A file to import into a project, plus the framing. */
  import: MAX_IMPORT_BYTES + 256 * KB,
  /** A workspace export to import, plus the framing. */
  workspaceImport: MAX_WORKSPACE_IMPORT_BYTES + 256 * KB,
  /** A code host's delivery: a push of hundreds of commits is a megabyte or so of JSON. */
  codeHost: 2 * MB,
  /** Anything else (text/plain theme posts, unknown or missing types). */
  other: 64 * KB,
} as const;

export type BodyKind = keyof typeof BODY_LIMITS;

/** Which cap applies to a body of this Content-Type, sent to this path (without its query). */
export function bodyKindOf(contentType: string | undefined, path = ""): BodyKind {
  if (CODE_HOST_HOOK_PATH.test(path)) return "codeHost";
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data")
    return ATTACHMENT_UPLOAD_PATH.test(path)
      ? "attachment"
      : IMPORT_UPLOAD_PATH.test(path)
        ? "import"
        : WORKSPACE_IMPORT_UPLOAD_PATH.test(path)
          ? "workspaceImport"
          : "multipart";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  return "other";
}

/** "1 MB", "100 KB": how a cap reads in a message. */
export function describeBytes(bytes: number) {
  if (bytes >= MB) return `${Math.round((bytes / MB) * 10) / 10} MB`;
  return `${Math.round(bytes / KB)} KB`;
}
