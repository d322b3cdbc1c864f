import { createHash } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { PassThrough, Transform, type Readable } from "node:stream";
import { pipeline } from "node:stream/promises";

import { and, desc, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import { workspaceExports, workspaces } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { enqueue } from "../jobs/queue";
import { logger } from "../logger";
import { authorize } from "../policies";
import { derivedSecret } from "../secrets";
import { sign, verifySignature } from "../security/tokens";
import { resolveAttachment } from "../uploads/attachment-files";
import { workspaceForMember } from "../workspaces/membership";
import {
  ENTITIES,
  EXPORT_KEPT_MS,
  FORMAT,
  FORMAT_VERSION,
  attachmentEntry,
  exportsDir,
  fileOf,
  fileOfEntity,
  serverVersions,
  type Entity,
  type Manifest,
} from "./format";
import { attachmentRows, exportRows } from "./rows";

/**
 * A workspace's export (issue 33, decision 035): an owner starts it, a job writes the zip
 * under DATA_DIR/uploads/exports row page by row page (rows/attachments are never all in
 * memory), and the owners download it for EXPORT_KEPT_MS from the workspace's Export and
 * import page. A pruning removes the file once it expires.
 */
export const EXPORT_JOB = "workspace.export";

export const startExportCommand = defineCommand({
  name: "workspace.export_start",
  input: z.object({ workspaceId: z.string().min(1).max(40) }),
  policy: "workspace.export",
  async run({ tx, record, principal }, input: { workspaceId: string }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "workspace.export");
    const [running] = await tx
      .select({ id: workspaceExports.publicId })
      .from(workspaceExports)
      .where(
        and(eq(workspaceExports.workspaceId, workspace.id), inArray(workspaceExports.state, ["queued", "running"])),
      )
      .limit(1);
    if (running) throw new FieldError("", "An export of this workspace is already running: its progress is below.");
    const [row] = await tx
      .insert(workspaceExports)
      .values({ publicId: newPublicId(), workspaceId: workspace.id, userId: actor.userId, state: "queued" })
      .returning({ id: workspaceExports.publicId });
    await enqueue(tx, [{ kind: EXPORT_JOB, payload: { exportId: row!.id }, maxAttempts: 3 }]);
    await record({
      verb: "workspace.export_started",
      subjectType: "workspace",
      subjectId: workspace.publicId,
      workspaceId: workspace.id,
      data: { name: workspace.name },
    });
    return { id: row!.id };
  },
});

export function startExport(actor: Actor, input: { workspaceId: string }) {
  return execute(startExportCommand, principalOf(actor), input);
}

/** Counts lines and bytes and hashes what passes through. */
function measuring() {
  const hash = createHash("sha256");
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ sha256: hash.digest("hex"), bytes }) };
}

async function sha256Of(file: string) {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/** Writes a zip of the workspace to `target`; returns its manifest. */
export async function writeWorkspaceZip(
  workspaceId: string,
  target: string,
  progress: (rows: number) => Promise<unknown> = async () => undefined,
): Promise<Manifest> {
  const [workspace] = await db()
    .select({ name: workspaces.name })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  if (!workspace) throw new NotFoundError("Workspace");
  // Loaded with the first export, not at start (decision 038).
  const { default: yazl } = await import("yazl");
  const zip = new yazl.ZipFile();
  const written = pipeline(zip.outputStream, createWriteStream(target, { flags: "wx" }));
  const counts = Object.fromEntries(ENTITIES.map((entity) => [entity, 0])) as Record<Entity, number>;
  const files: Manifest["files"] = {};
  let rows = 0;
  // The attachments whose file was found: the second pass adds exactly these.
  const stored = new Set<string>();
  const addStream = async (name: string, fill: (out: PassThrough) => Promise<void>, compress = true) => {
    const pass = new PassThrough();
    const measure = measuring();
    zip.addReadStream(measure.stream, name, { compress, mtime: new Date(0) });
    const piped = pipeline(pass, measure.stream);
    await fill(pass);
    pass.end();
    await piped;
    files[name] = measure.digest();
  };
  try {
    for (const entity of ENTITIES) {
      await addStream(fileOfEntity(entity), async (out) => {
        for await (const row of exportRows(entity, workspaceId)) {
          let line = row;
          if (entity === "attachments") {
            const file = resolveAttachment(String(row.storagePath));
            const sha256 = file ? await sha256Of(file).catch(() => null) : null;
            if (!sha256) continue; // a file lost from the disk: its row cannot be restored either
            const { storagePath: _path, ...rest } = row;
            line = { ...rest, sha256 };
            stored.add(String(row.id));
          }
          if (!out.write(JSON.stringify(line) + "\n")) await new Promise((resolve) => out.once("drain", resolve));
          counts[entity] += 1;
          rows += 1;
          if (rows % 1000 === 0) await progress(rows);
        }
      });
    }
    for await (const row of attachmentRows(workspaceId)) {
      const file = resolveAttachment(String(row.storagePath));
      if (!file || !stored.has(String(row.id))) continue;
      await addStream(
        attachmentEntry(String(row.id)),
        (out) => pipeline(createReadStream(file), out, { end: false }),
        false,
      );
    }
    const versions = serverVersions();
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: FORMAT_VERSION,
      appVersion: versions.appVersion,
      schema: versions.tags.at(-1) ?? "",
      exportedAt: new Date().toISOString(),
      workspace: { name: workspace.name },
      counts,
      files,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), "manifest.json", { mtime: new Date(0) });
    zip.end();
    await written;
    await progress(rows);
    return manifest;
  } catch (error) {
    (zip.outputStream as Readable).destroy();
    await written.catch(() => undefined);
    await fs.rm(target, { force: true });
    throw error;
  }
}

/** The job: writes the zip, then marks the export ready until it expires. */
export async function runExport(exportId: string) {
  const [job] = await db().select().from(workspaceExports).where(eq(workspaceExports.publicId, exportId));
  if (!job || (job.state !== "queued" && job.state !== "running")) return;
  const set = (values: Partial<typeof workspaceExports.$inferInsert>) =>
    db().update(workspaceExports).set(values).where(eq(workspaceExports.id, job.id));
  await set({ state: "running", processedRows: 0 });
  await fs.mkdir(exportsDir(), { recursive: true });
  // Named after the export, so an attempt after a crash writes over what the last one left.
  const storagePath = `exports/${job.publicId}.zip`;
  await fs.rm(fileOf(storagePath), { force: true });
  try {
    const manifest = await writeWorkspaceZip(job.workspaceId, fileOf(storagePath), (rows) =>
      set({ processedRows: rows }),
    );
    const { size } = await fs.stat(fileOf(storagePath));
    const finishedAt = new Date();
    // One file per workspace: a new export replaces the ones before it.
    const older = await db()
      .select({ id: workspaceExports.id, storagePath: workspaceExports.storagePath })
      .from(workspaceExports)
      .where(and(eq(workspaceExports.workspaceId, job.workspaceId), isNotNull(workspaceExports.storagePath)));
    for (const row of older) {
      await fs.rm(fileOf(row.storagePath!), { force: true });
      await db().update(workspaceExports).set({ storagePath: null }).where(eq(workspaceExports.id, row.id));
    }
    await set({
      state: "done",
      storagePath,
      sizeBytes: size,
      counts: manifest.counts,
      finishedAt,
      expiresAt: new Date(finishedAt.getTime() + EXPORT_KEPT_MS),
    });
  } catch (error) {
    logger.warn({ err: error, export: exportId }, "workspace export failed; retried");
    throw error;
  }
}

/** The workspace's latest exports, for its owners' page. */
export async function recentExports(workspaceId: string, now = new Date()) {
  const rows = await db()
    .select({
      id: workspaceExports.publicId,
      state: workspaceExports.state,
      processedRows: workspaceExports.processedRows,
      sizeBytes: workspaceExports.sizeBytes,
      counts: workspaceExports.counts,
      error: workspaceExports.error,
      createdAt: workspaceExports.createdAt,
      expiresAt: workspaceExports.expiresAt,
      storagePath: workspaceExports.storagePath,
    })
    .from(workspaceExports)
    .where(eq(workspaceExports.workspaceId, workspaceId))
    .orderBy(desc(workspaceExports.createdAt))
    .limit(5);
  type State = "queued" | "running" | "done" | "failed" | "expired" | "replaced";
  return rows.map(({ storagePath, ...row }) => {
    const expired = row.expiresAt !== null && row.expiresAt <= now;
    const state: State =
      row.state !== "done" ? (row.state as State) : expired ? "expired" : storagePath ? "done" : "replaced";
    return { ...row, state };
  });
}

/**
 * The download link's signature: for this export and this member, so a link copied out of
 * one owner's page (into a log, a chat) is of no use to anyone else's session.
 */
export function downloadSignature(exportId: string, userId: string) {
  return sign(derivedSecret("workspace-export"), "download", `${exportId}:${userId}`);
}

/**
 * The file of a finished export, for a download by an owner of its workspace with the
 * link's signature (anyone else, a wrong signature or an expired export: not found).
 */
export async function exportFileFor(
  userId: string,
  workspacePublicId: string,
  exportId: string,
  signature: string | null = downloadSignature(exportId, userId),
  now = new Date(),
) {
  const workspace = await workspaceForMember(userId, workspacePublicId);
  authorize(workspace.role, "workspace.export");
  if (!signature || !verifySignature(derivedSecret("workspace-export"), "download", `${exportId}:${userId}`, signature))
    throw new NotFoundError("Export");
  const [row] = await db()
    .select()
    .from(workspaceExports)
    .where(and(eq(workspaceExports.publicId, exportId), eq(workspaceExports.workspaceId, workspace.id)));
  if (!row || row.state !== "done" || !row.storagePath || !row.expiresAt || row.expiresAt <= now)
    throw new NotFoundError("Export");
  const stat = await fs.stat(fileOf(row.storagePath)).catch(() => null);
  if (!stat) throw new NotFoundError("Export");
  const day = row.createdAt.toISOString().slice(0, 10);
  const slug =
    workspace.name
      .replace(/[^\w-]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "workspace";
  return { path: fileOf(row.storagePath), size: stat.size, fileName: `${slug}-${day}.zip` };
}

/** Expired exports lose their file; rows older than 30 days go. */
export async function pruneExports(now: Date) {
  const expired = await db()
    .select({ id: workspaceExports.id, storagePath: workspaceExports.storagePath })
    .from(workspaceExports)
    .where(and(isNotNull(workspaceExports.storagePath), lt(workspaceExports.expiresAt, now)));
  for (const row of expired) {
    await fs.rm(fileOf(row.storagePath!), { force: true });
    await db().update(workspaceExports).set({ storagePath: null }).where(eq(workspaceExports.id, row.id));
  }
  await db()
    .delete(workspaceExports)
    .where(lt(workspaceExports.createdAt, new Date(now.getTime() - 30 * 24 * 3_600_000)));
}

export async function failExport(exportId: string, message: string) {
  await db()
    .update(workspaceExports)
    .set({ state: "failed", error: message, finishedAt: new Date() })
    .where(eq(workspaceExports.publicId, exportId));
}
