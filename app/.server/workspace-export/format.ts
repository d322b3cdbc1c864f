import fs from "node:fs";
import path from "node:path";

import { MAX_ATTACHMENT_BYTES } from "~/validation/attachments";
import { MAX_WORKSPACE_IMPORT_BYTES } from "~/utils/workspace-export";
import { migrationsFolder } from "../db/client";
import { env } from "../env";

/**
 * The workspace export's format (decision 035): a zip holding `manifest.json`, one JSON Lines
 * file per entity and the attachments' files under `attachments/`. Rows name each other by
 * their public ids (the export's own ids, replaced by new ones on import) and people by
 * e-mail; no password hashes, tokens, secrets, webhook or chat-channel URLs are written.
 */
export const FORMAT = "plotline-workspace";
export const FORMAT_VERSION = 1;

/** The entity files, in the order they are written and read (a row's references come first). */
export const ENTITIES = [
  "members",
  "projects",
  "statuses",
  "labels",
  "tasks",
  "task_assignees",
  "task_labels",
  "task_followers",
  "checklist_items",
  "task_relations",
  "comments",
  "attachments",
  "templates",
  "calendar_events",
  "messages",
] as const;
export type Entity = (typeof ENTITIES)[number];

export const fileOfEntity = (entity: Entity) => `${entity}.jsonl`;
export const attachmentEntry = (attachmentId: string) => `attachments/${attachmentId}`;

export type Manifest = {
  format: typeof FORMAT;
  formatVersion: number;
  appVersion: string;
  /** The last database migration of the exporting server (drizzle/meta/_journal.json's tag). */
  schema: string;
  exportedAt: string;
  workspace: { name: string };
  counts: Record<Entity, number>;
  /** Every other entry of the zip, with its SHA-256 (hex) and length. */
  files: Record<string, { sha256: string; bytes: number }>;
};

/** What a zip to import may hold, checked from its central directory before anything is read. */
export const LIMITS = {
  /** The upload itself. */
  uploadBytes: MAX_WORKSPACE_IMPORT_BYTES,
  /** Entries: the manifest, the entity files and one per attachment. */
  entries: 100_000,
  /** All entries together, uncompressed (a zip bomb declares far more than it weighs). */
  totalBytes: 4 * 1024 * 1024 * 1024,
  /** One JSON Lines file, uncompressed. */
  entityFileBytes: 1024 * 1024 * 1024,
  /** One attachment's file, as an upload may be. */
  attachmentBytes: MAX_ATTACHMENT_BYTES,
  /** The manifest, uncompressed. */
  manifestBytes: 20 * 1024 * 1024,
  /** One line of a JSON Lines file (a task's description is at most tens of kilobytes). */
  lineBytes: 1024 * 1024,
} as const;

/** How long a finished export can be downloaded. */
export const EXPORT_KEPT_MS = 7 * 24 * 3_600_000;

export function exportsDir() {
  return path.join(env().dataDir, "uploads", "exports");
}
export function workspaceImportsDir() {
  return path.join(env().dataDir, "uploads", "workspace-imports");
}
/** A stored path (`exports/…`, `workspace-imports/…`) on disk. */
export const fileOf = (storagePath: string) => path.join(env().dataDir, "uploads", storagePath);

let known: { tags: string[]; appVersion: string } | undefined;

/** The migrations this server knows, oldest first, and its version. */
export function serverVersions() {
  if (known) return known;
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  const pkg = JSON.parse(fs.readFileSync(path.resolve(process.cwd(), "package.json"), "utf8")) as { version?: string };
  known = { tags: journal.entries.map((entry) => entry.tag), appVersion: pkg.version ?? "0.0.0" };
  return known;
}
