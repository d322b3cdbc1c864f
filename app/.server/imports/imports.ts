import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import { and, desc, eq, inArray, isNull, lt, or } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import { imports, projects, tasks } from "../db/schema";
import { env } from "../env";
import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { enqueue } from "../jobs/queue";
import { defineJob, definePruning } from "../jobs/registry";
import { logger } from "../logger";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { IMPORT_FIELD_IDS, MAX_IMPORT_BYTES, guessMapping, type ImportField } from "~/utils/imports";
import { IMPORT_BATCH, importKeyOf, importParentsCommand, importRowsCommand } from "./apply";
import { checkFile, headerAndSample, rowOf, type Mapping, type Problem } from "./csv";
import { looksLikeTrello, trelloRows, trelloSummary } from "./trello";

/**
 * A CSV import into a project (issue 33), in three steps that each work without JavaScript:
 * the upload (streamed to disk: server/streamed-uploads.ts) keeps the file and guesses the
 * columns; the mapping form shows the first rows as they would import, with their problems;
 * then a check of every row (a dry run, nothing written) or the import itself runs as a job
 * whose progress the page shows. A file with an error in any row imports nothing; rows are
 * written in batches of 1,000, each one transaction, and keyed (`tasks.import_key`), so a
 * second import of the same file updates what changed and creates nothing twice.
 */
export const IMPORT_JOB = "import.run";
const KEPT_MS = 24 * 3_600_000;

type SignedIn = Actor & { userId: string };

function importsDir() {
  return path.join(env().dataDir, "uploads", "imports");
}
const fileOf = (storagePath: string) => path.join(env().dataDir, "uploads", storagePath);

export function registerImports() {
  const undo = [
    defineJob(IMPORT_JOB, (payload) => runImport(String(payload.importId))),
    definePruning("imports", pruneImports),
  ];
  return () => undo.forEach((unregister) => unregister());
}

/** Keeps the uploaded file under DATA_DIR/uploads/imports; returns its stored path. */
async function keepFile(file: File) {
  await fs.mkdir(importsDir(), { recursive: true });
  const storagePath = `imports/${randomBytes(18).toString("base64url")}`;
  await pipeline(
    Readable.fromWeb(file.stream() as NodeReadableStream),
    createWriteStream(fileOf(storagePath), { flags: "wx" }),
  );
  return storagePath;
}

type UploadInput = { projectId: string; file: File };

export const uploadImportCommand = defineCommand({
  name: "import.upload",
  input: z.object({ projectId: z.string().min(1).max(40), file: z.instanceof(File) }),
  policy: "task.create",
  async run({ tx, principal, onRollback }, input: UploadInput) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "task.create", access.project);
    const { file } = input;
    if (file.size === 0) throw new FieldError("file", "Choose a CSV file to import.");
    if (file.size > MAX_IMPORT_BYTES)
      throw new FieldError("file", `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB.`);
    const storagePath = await keepFile(file);
    onRollback(() => fs.rm(fileOf(storagePath), { force: true }));
    const trello = await looksLikeTrello(fileOf(storagePath));
    const { columns } = trello
      ? { columns: [] as string[] }
      : await headerAndSample(fileOf(storagePath), 1).catch(() => ({ columns: [] as string[] }));
    if (!trello && (columns.length === 0 || columns.every((column) => !column)))
      throw new FieldError("file", "The file has no header row: its first line should name the columns.");
    const board = trello ? await trelloSummary(fileOf(storagePath)).catch(() => null) : null;
    if (trello && (!board || board.lists.length + board.cards === 0))
      throw new FieldError("file", "This JSON file is not a Trello board's export (Board menu → Export as JSON).");
    const [row] = await tx
      .insert(imports)
      .values({
        publicId: newPublicId(),
        workspaceId: access.project.workspaceId,
        projectId: access.project.id,
        userId: actor.userId,
        kind: trello ? "trello" : "csv",
        fileName: (file.name || (trello ? "board.json" : "import.csv")).slice(0, 200),
        storagePath,
        sizeBytes: file.size,
        columns: columns.map((column) => column.slice(0, 100)),
        mapping: (trello ? {} : guessMapping(columns)) as Record<string, number>,
        board,
        state: "uploaded",
      })
      .returning({ id: imports.publicId });
    return { id: row!.id };
  },
});

const mappingInput = z.record(z.string().max(40), z.number().int().min(-1).max(1000));

export const startImportCommand = defineCommand({
  name: "import.start",
  input: z.object({ importId: z.string().min(1).max(40), mapping: mappingInput, dryRun: z.boolean() }),
  policy: "task.create",
  async run({ tx, record, principal }, input: { importId: string; mapping: Record<string, number>; dryRun: boolean }) {
    const actor = asMember(principal);
    const job = await ownImport(actor, input.importId, tx);
    const access = await projectForMember(actor.userId, job.projectPublicId, tx);
    authorize(access.role, "task.create", access.project);
    if (job.state === "running" || job.state === "checking")
      throw new FieldError("", "This import is already running: its progress is below.");
    if (job.state === "done" || !job.storagePath)
      throw new FieldError("", "This import is finished. Upload the file again to import it again.");
    const mapping: Mapping = {};
    for (const field of job.kind === "trello" ? [] : IMPORT_FIELD_IDS) {
      const index = input.mapping[field];
      if (index === undefined || index < 0) continue;
      if (index >= job.columns.length) throw new FieldError(field, "Choose one of the file's columns.");
      mapping[field] = index;
    }
    if (job.kind !== "trello" && mapping.title === undefined)
      throw new FieldError("title", "Choose the column that holds the titles.");
    await tx
      .update(imports)
      .set({
        mapping: mapping as Record<string, number>,
        dryRun: input.dryRun,
        state: input.dryRun ? "checking" : "running",
        totalRows: null,
        processedRows: 0,
        created: 0,
        updated: 0,
        unchanged: 0,
        problems: [],
        error: null,
        finishedAt: null,
      })
      .where(eq(imports.id, job.id));
    await enqueue(tx, [{ kind: IMPORT_JOB, payload: { importId: job.publicId }, maxAttempts: 3 }]);
    await record({
      verb: "project.import_started",
      subjectType: "project",
      subjectId: access.project.publicId,
      workspaceId: access.project.workspaceId,
      projectId: access.project.id,
      data: { name: access.project.name, file: job.fileName, dryRun: input.dryRun },
    });
    return { id: job.publicId, dryRun: input.dryRun };
  },
});

/** The import, if it is the actor's own (an import is its uploader's: nobody else sees the file). */
async function ownImport(actor: SignedIn, importId: string, handle = db()) {
  const [row] = await handle
    .select({ job: imports, projectPublicId: projects.publicId, projectName: projects.name })
    .from(imports)
    .innerJoin(projects, eq(projects.id, imports.projectId))
    .where(and(eq(imports.publicId, importId), isNull(projects.deletedAt)));
  if (!row || row.job.userId !== actor.userId) throw new NotFoundError("Import");
  return { ...row.job, projectPublicId: row.projectPublicId, projectName: row.projectName };
}

/** The page's view of an import: its state and counts, and while it waits for a mapping, the first rows as they would import. */
export async function importView(actor: SignedIn, projectPublicId: string, importId: string) {
  const job = await ownImport(actor, importId);
  if (job.projectPublicId !== projectPublicId) throw new NotFoundError("Import");
  const waiting =
    job.storagePath && ["uploaded", "checked", "failed"].includes(job.state) ? fileOf(job.storagePath) : null;
  const preview = waiting && job.kind === "csv" ? await previewOf(waiting, job.mapping as Mapping) : null;
  const board = waiting && job.kind === "trello" ? job.board : null;
  return {
    id: job.publicId,
    kind: job.kind as "csv" | "trello",
    fileName: job.fileName,
    sizeBytes: job.sizeBytes,
    columns: job.columns,
    mapping: job.mapping as Partial<Record<ImportField, number>>,
    state: job.state as "uploaded" | "checking" | "running" | "checked" | "done" | "failed",
    dryRun: job.dryRun,
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    created: job.created,
    updated: job.updated,
    unchanged: job.unchanged,
    problems: job.problems.slice(0, 50),
    problemCount: job.problems.length,
    error: job.error,
    preview,
    board,
  };
}

async function previewOf(file: string, mapping: Mapping) {
  const { rows } = await headerAndSample(file, 5).catch(() => ({ rows: [] as { line: number; cells: string[] }[] }));
  return rows.map(({ line, cells }) => {
    const { row, problems } = rowOf(line, cells, { title: 0, ...mapping });
    return { line, cells: cells.slice(0, 30).map((cell) => cell.slice(0, 200)), row, problems };
  });
}

/** The member's latest imports into the project. */
export async function recentImports(actor: SignedIn, projectId: string) {
  return db()
    .select({
      id: imports.publicId,
      fileName: imports.fileName,
      state: imports.state,
      dryRun: imports.dryRun,
      created: imports.created,
      updated: imports.updated,
      createdAt: imports.createdAt,
    })
    .from(imports)
    .where(and(eq(imports.projectId, projectId), eq(imports.userId, actor.userId)))
    .orderBy(desc(imports.createdAt))
    .limit(10);
}

/** Runs a started import (or its dry run): checks every row, then writes them batch by batch. */
export async function runImport(importId: string) {
  const [job] = await db().select().from(imports).where(eq(imports.publicId, importId));
  if (!job || !job.storagePath || (job.state !== "running" && job.state !== "checking")) return;
  const principal = principalOf({ userId: job.userId, ip: null });
  const set = (values: Partial<typeof imports.$inferInsert>) =>
    db().update(imports).set(values).where(eq(imports.id, job.id));
  const { rows, problems } =
    job.kind === "trello"
      ? await trelloRows(fileOf(job.storagePath)).catch(() => ({
          rows: [],
          problems: [{ row: 0, message: "The file is not a Trello board's JSON export.", level: "error" as const }],
        }))
      : await checkFile(fileOf(job.storagePath), job.mapping as Mapping);
  const errors = problems.filter((problem) => problem.level === "error");
  await set({ totalRows: rows.length, problems });
  if (errors.length > 0) {
    await set({ state: "failed", error: failureOf(errors), finishedAt: new Date() });
    return;
  }
  if (job.dryRun) {
    const matched = await matchedRows(job.projectId, rows);
    await set({
      state: "checked",
      created: rows.length - matched,
      updated: matched,
      processedRows: rows.length,
      finishedAt: new Date(),
    });
    return;
  }
  const totals = { created: 0, updated: 0, unchanged: 0 };
  try {
    for (let start = 0; start < rows.length; start += IMPORT_BATCH) {
      const batch = rows.slice(start, start + IMPORT_BATCH);
      const done = await execute(importRowsCommand, principal, { importId, rows: batch });
      totals.created += done.created;
      totals.updated += done.updated;
      totals.unchanged += done.unchanged;
      await set({ processedRows: start + batch.length, ...totals });
    }
    const links = rows.filter((row) => row.parent).map((row) => ({ child: importKeyOf(row), parent: row.parent! }));
    if (links.length > 0) await execute(importParentsCommand, principal, { importId, links });
  } catch (error) {
    // The member lost the right to import, or the project went: said, not retried.
    if (error instanceof ForbiddenError || error instanceof NotFoundError || error instanceof FieldError) {
      await set({ state: "failed", error: error.message, finishedAt: new Date() });
      return;
    }
    logger.warn({ err: error, import: importId }, "import batch failed; retried");
    throw error;
  }
  await fs.rm(fileOf(job.storagePath), { force: true });
  await set({ state: "done", storagePath: null, finishedAt: new Date(), ...totals });
}

function failureOf(errors: Problem[]) {
  const first = errors[0]!;
  if (first.row === 0) return `Nothing was imported. ${first.message}`;
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problem${errors.length > 2 ? "s" : ""} below)` : "";
  return `Nothing was imported. Row ${first.row}: ${first.message}${more}`;
}

/** How many of the rows an import would update rather than create (their key is in the project). */
async function matchedRows(projectId: string, rows: { id: string | null; title: string }[]) {
  const [project] = await db().select({ key: projects.key }).from(projects).where(eq(projects.id, projectId));
  const keyPattern = new RegExp(`^${project?.key ?? "\\0"}-(\\d+)$`, "i");
  const numbers = rows
    .map((row) => (row.id ? keyPattern.exec(row.id)?.[1] : undefined))
    .filter(Boolean)
    .map(Number);
  const keys = rows.map(importKeyOf);
  let matched = 0;
  for (let start = 0; start < keys.length; start += 5000) {
    const found = await db()
      .select({ key: tasks.importKey, number: tasks.number })
      .from(tasks)
      .where(
        and(
          eq(tasks.projectId, projectId),
          isNull(tasks.deletedAt),
          or(
            inArray(tasks.importKey, keys.slice(start, start + 5000)),
            inArray(tasks.number, numbers.length ? numbers : [-1]),
          ),
        ),
      );
    matched += found.length;
  }
  return Math.min(matched, rows.length);
}

/** Files of imports left unfinished for a day are removed, and the rows of old finished ones. */
async function pruneImports(now: Date) {
  const before = new Date(now.getTime() - KEPT_MS);
  const stale = await db()
    .select({ id: imports.id, storagePath: imports.storagePath })
    .from(imports)
    .where(lt(imports.createdAt, before));
  for (const row of stale) if (row.storagePath) await fs.rm(fileOf(row.storagePath), { force: true });
  await db().update(imports).set({ storagePath: null }).where(lt(imports.createdAt, before));
  await db()
    .delete(imports)
    .where(lt(imports.createdAt, new Date(now.getTime() - 30 * KEPT_MS)));
}

export function uploadImport(actor: Actor, input: UploadInput) {
  return execute(uploadImportCommand, principalOf(actor), input);
}
