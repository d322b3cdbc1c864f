import { randomBytes, randomUUID } from "node:crypto";
import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

import { and, desc, eq, inArray, lt, sql } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";

import { PROJECT_COLOR_NAMES, PROJECT_KEY_PATTERN } from "~/utils/projects";
import { TEMPLATE_CATEGORIES, TEMPLATE_ICON_NAMES } from "~/utils/template-icons";
import { isTimeZone } from "~/utils/time-zones";
import { STATUS_CATEGORIES } from "~/validation/status-fields";
import { TASK_PRIORITIES } from "~/validation/priorities";
import { RELATION_KINDS } from "~/validation/task-relations";
import type { Actor } from "../activity/use-case";
import { defineCommand, execute, within, type UnitOfWork } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import type { Transaction } from "../db/client";
import { db } from "../db";
import {
  attachments,
  calendarEventAttendees,
  calendarEvents,
  checklistItems,
  comments,
  labels,
  messages,
  profiles,
  projects,
  statuses,
  taskAssignees,
  taskFollowers,
  taskLabels,
  taskRelations,
  tasks,
  templates,
  workspaceImports,
  workspaceMembers,
  workspaces,
  type Role,
} from "../db/schema";
import { FieldError, ForbiddenError, NotFoundError, PlanLimitError } from "../errors";
import { newPublicId } from "../ids";
import { enqueue } from "../jobs/queue";
import { logger } from "../logger";
import { usageOf } from "../plans/limits";
import { resolveAttachment } from "../uploads/attachment-files";
import { checkStructure } from "../templates/structure";
import { createWorkspaceCommand } from "../workspaces/workspaces";
import { ENTITIES, LIMITS, attachmentEntry, fileOf, fileOfEntity, workspaceImportsDir, type Entity } from "./format";
import { ExportFileError, linesOf, openExport, verifyExport, type OpenExport } from "./zip";

/**
 * Importing a workspace export as a NEW workspace (issue 33, decision 035). The upload is
 * streamed to disk (server/streamed-uploads.ts) and kept; a job checks the zip (directory,
 * manifest, every file's SHA-256 and every entity file's line count), then writes the whole
 * workspace in ONE unit of work with batched inserts, new ids everywhere and references
 * remapped: all of it or, on any refusal, none of it. People are matched by e-mail to the
 * accounts of this server; the others are listed on the import and left out.
 */
export const WORKSPACE_IMPORT_JOB = "workspace.import";
const KEPT_MS = 24 * 3_600_000;
const BATCH = 500;

export const startWorkspaceImportCommand = defineCommand({
  name: "workspace.import_start",
  input: z.object({ file: z.instanceof(File) }),
  // A new workspace of the member's own: no role of an existing one governs it.
  policy: null,
  async run({ tx, record, principal, onRollback }, input: { file: File }) {
    const actor = asMember(principal);
    const { file } = input;
    if (file.size === 0) throw new FieldError("file", "Choose a workspace export (.zip) to import.");
    if (file.size > LIMITS.uploadBytes)
      throw new FieldError("file", `The file is larger than ${LIMITS.uploadBytes / 1024 / 1024 / 1024} GB.`);
    // One at a time per member: each holds up to a gigabyte on the server's disk until it is done.
    const [running] = await tx
      .select({ id: workspaceImports.publicId })
      .from(workspaceImports)
      .where(
        and(
          eq(workspaceImports.userId, actor.userId),
          inArray(workspaceImports.state, ["queued", "checking", "running"]),
        ),
      )
      .limit(1);
    if (running) throw new FieldError("file", "One of your imports is still running: wait for it to finish.");
    const head = new Uint8Array(await file.slice(0, 4).arrayBuffer());
    if (head[0] !== 0x50 || head[1] !== 0x4b)
      throw new FieldError("file", "This is not a zip file: choose the .zip a workspace export downloaded.");
    await fs.mkdir(workspaceImportsDir(), { recursive: true });
    const storagePath = `workspace-imports/${randomBytes(18).toString("base64url")}.zip`;
    onRollback(() => fs.rm(fileOf(storagePath), { force: true }));
    await pipeline(
      Readable.fromWeb(file.stream() as NodeReadableStream),
      createWriteStream(fileOf(storagePath), { flags: "wx" }),
    );
    const fileName = (file.name || "workspace.zip").slice(0, 200);
    const [row] = await tx
      .insert(workspaceImports)
      .values({
        publicId: newPublicId(),
        userId: actor.userId,
        fileName,
        storagePath,
        sizeBytes: file.size,
        state: "queued",
      })
      .returning({ id: workspaceImports.publicId });
    await enqueue(tx, [{ kind: WORKSPACE_IMPORT_JOB, payload: { importId: row!.id }, maxAttempts: 3 }]);
    await record({
      verb: "workspace.import_started",
      subjectType: "workspace_import",
      subjectId: row!.id,
      data: { file: fileName },
    });
    return { id: row!.id };
  },
});

export function startWorkspaceImport(actor: Actor, input: { file: File }) {
  return execute(startWorkspaceImportCommand, principalOf(actor), input);
}

/* ───────────── the rows as the files hold them, bounded (a file may be hand-made) ───────────── */

const pid = z.string().min(1).max(40);
const email = z.string().max(320);
const line = (max = 500) => z.string().max(max);
const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();
/** The palette's names (projects, statuses and labels share it): the pages look colours up by name. */
const color = z.enum(PROJECT_COLOR_NAMES as [string, ...string[]]);
const ROWS = {
  members: z.object({ email, role: z.enum(["owner", "admin", "editor", "viewer"]), name: line().nullish() }),
  projects: z.object({
    id: pid,
    key: z.string().regex(PROJECT_KEY_PATTERN),
    name: line(200),
    description: line(20_000),
    color,
    taskCounter: z.number().int().min(0),
    archivedAt: instant.nullable(),
    createdBy: email.nullish(),
    createdAt: instant,
    updatedAt: instant,
  }),
  statuses: z.object({
    id: pid,
    project: pid,
    name: line(100),
    color,
    category: z.enum(STATUS_CATEGORIES),
    position: line(200),
    createdAt: instant,
  }),
  labels: z.object({ id: pid, name: line(100), color: line(40), createdAt: instant }),
  tasks: z.object({
    id: pid,
    project: pid,
    number: z.number().int().min(1),
    title: line(500),
    description: line(100_000),
    status: pid,
    priority: z.enum(TASK_PRIORITIES),
    position: line(200),
    parent: pid.nullable(),
    startDate: day.nullable(),
    dueDate: day.nullable(),
    estimateMinutes: z.number().int().min(0).nullable(),
    completedAt: instant.nullable(),
    archivedAt: instant.nullable(),
    importKey: line(300).nullable(),
    createdBy: email.nullish(),
    createdAt: instant,
    updatedAt: instant,
  }),
  task_assignees: z.object({ task: pid, user: email }),
  task_followers: z.object({ task: pid, user: email }),
  task_labels: z.object({ task: pid, label: pid }),
  checklist_items: z.object({
    id: pid,
    task: pid,
    title: line(500),
    done: z.boolean(),
    position: line(200),
    createdAt: instant,
  }),
  task_relations: z.object({
    id: pid,
    from: pid,
    to: pid,
    kind: z.enum(RELATION_KINDS),
    createdBy: email.nullish(),
    createdAt: instant,
  }),
  comments: z.object({
    id: pid,
    task: pid,
    author: email.nullish(),
    body: line(100_000),
    editedAt: instant.nullable(),
    createdAt: instant,
  }),
  attachments: z.object({
    id: pid,
    task: pid,
    uploadedBy: email.nullish(),
    fileName: line(300),
    contentType: line(200),
    sizeBytes: z.number().int().min(0),
    sha256: z.string().regex(/^[0-9a-f]{64}$/),
    createdAt: instant,
  }),
  templates: z.object({
    id: pid,
    name: line(200),
    description: line(20_000),
    category: z.enum(TEMPLATE_CATEGORIES),
    icon: z.enum(TEMPLATE_ICON_NAMES as [string, ...string[]]),
    color,
    structure: z.record(z.string(), z.unknown()),
    createdBy: email.nullish(),
    createdAt: instant,
    updatedAt: instant,
  }),
  calendar_events: z.object({
    id: pid,
    project: pid.nullable(),
    title: line(500),
    description: line(20_000),
    allDay: z.boolean(),
    startsAt: instant,
    endsAt: instant,
    timeZone: line(64).refine(isTimeZone),
    externalUid: line(1000).nullable(),
    attendees: z.array(email).max(1000),
    createdBy: email.nullish(),
    createdAt: instant,
  }),
  messages: z.object({
    id: pid,
    project: pid,
    author: email.nullish(),
    body: line(100_000),
    mentions: z.array(email).max(1000),
    editedAt: instant.nullable(),
    createdAt: instant,
  }),
} satisfies Record<Entity, z.ZodType>;

/* ───────────────────────────────── the job ───────────────────────────────── */

type ImportRow = typeof workspaceImports.$inferSelect;

async function importRowOf(importId: string, handle: Transaction | ReturnType<typeof db> = db()) {
  const [row] = await handle.select().from(workspaceImports).where(eq(workspaceImports.publicId, importId));
  return row;
}

/** Runs a queued import: checks the file, then imports it in one unit of work. */
export async function runWorkspaceImport(importId: string) {
  const job = await importRowOf(importId);
  if (!job || !job.storagePath || !["queued", "checking", "running"].includes(job.state)) return;
  const set = (values: Partial<typeof workspaceImports.$inferInsert>) =>
    db().update(workspaceImports).set(values).where(eq(workspaceImports.id, job.id));
  let opened: OpenExport | undefined;
  try {
    await set({ state: "checking", processedRows: 0, error: null });
    opened = await openExport(fileOf(job.storagePath));
    const total = Object.values(opened.manifest.counts).reduce((sum, count) => sum + count, 0);
    await set({ totalRows: total });
    await verifyExport(opened, (rows) => set({ processedRows: rows }));
    await set({ state: "running", processedRows: 0 });
    await execute(applyWorkspaceImportCommand, principalOf({ userId: job.userId, ip: null }), { importId });
    opened.close();
    opened = undefined;
    await fs.rm(fileOf(job.storagePath), { force: true });
    await set({ storagePath: null });
  } catch (error) {
    opened?.close();
    if (
      error instanceof ExportFileError ||
      error instanceof FieldError ||
      error instanceof ForbiddenError ||
      error instanceof PlanLimitError
    ) {
      await set({ state: "failed", error: `Nothing was imported. ${error.message}`, finishedAt: new Date() });
      await fs.rm(fileOf(job.storagePath), { force: true });
      await set({ storagePath: null });
      return;
    }
    logger.warn({ err: error, import: importId }, "workspace import failed; retried");
    throw error;
  }
}

/** The file is opened again inside the unit of work (the job's handle stays outside it). */
export const applyWorkspaceImportCommand = defineCommand({
  name: "workspace.import_apply",
  input: z.object({ importId: z.string().min(1).max(40) }),
  // The job runs it for the member who uploaded the file, whose own import it is.
  policy: null,
  async run(uow, input: { importId: string }) {
    const actor = asMember(uow.principal);
    const job = await importRowOf(input.importId, uow.tx);
    if (!job || job.userId !== actor.userId) throw new NotFoundError("Import");
    if (job.state === "done" || !job.storagePath) return { id: null };
    const opened = await openExport(fileOf(job.storagePath));
    try {
      return await importWorkspace(uow, job, opened);
    } finally {
      opened.close();
    }
  },
});

/** Commands the workspace import's job runs (reached through the import's `start` intent). */
export const WORKSPACE_IMPORT_JOB_COMMANDS = [applyWorkspaceImportCommand];

const date = (value: string | null) => (value ? new Date(value) : null);

async function importWorkspace(uow: UnitOfWork, job: ImportRow, opened: OpenExport) {
  const { tx, principal, onRollback, record } = uow;
  const actor = asMember(principal);
  const { manifest } = opened;
  const exportedName =
    String(manifest.workspace?.name ?? "")
      .trim()
      .slice(0, 60) || "Imported workspace";
  // Told apart from a workspace of the same name the importer is in (the one it was exported from, often).
  const [taken] = await tx
    .select({ id: workspaces.id })
    .from(workspaces)
    .innerJoin(workspaceMembers, eq(workspaceMembers.workspaceId, workspaces.id))
    .where(and(eq(workspaceMembers.userId, actor.userId), eq(workspaces.name, exportedName)))
    .limit(1);
  const name = taken ? `${exportedName.slice(0, 49).trim()} (imported)` : exportedName;
  const created = await within(uow, createWorkspaceCommand, { name });
  const [workspace] = await tx
    .select({ id: workspaces.id, publicId: workspaces.publicId })
    .from(workspaces)
    .where(eq(workspaces.publicId, created.id));
  const workspaceId = workspace!.id;
  const counts = Object.fromEntries(ENTITIES.map((entity) => [entity, 0])) as Record<Entity, number>;

  async function* rowsOf<E extends Entity>(entity: E): AsyncGenerator<z.output<(typeof ROWS)[E]>> {
    const fileName = fileOfEntity(entity);
    let number = 0;
    for await (const raw of linesOf(await opened.open(fileName), fileName)) {
      number += 1;
      const parsed = ROWS[entity].safeParse(raw);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new ExportFileError(
          `${fileName} line ${number}: ${issue?.path.join(".") || "the row"} is not valid (${issue?.message ?? "unknown"}).`,
        );
      }
      counts[entity] += 1;
      yield parsed.data as z.output<(typeof ROWS)[E]>;
    }
  }
  /** Inserts rows in batches of BATCH. */
  const batches = <T extends PgTable>(table: T) => {
    let pending: T["$inferInsert"][] = [];
    const flush = async () => {
      if (pending.length) await tx.insert(table).values(pending as never);
      pending = [];
    };
    return {
      add: async (row: T["$inferInsert"]) => {
        pending.push(row);
        if (pending.length >= BATCH) await flush();
      },
      flush,
    };
  };
  const refused = (entity: Entity, what: string) =>
    new ExportFileError(`The file is damaged: ${fileOfEntity(entity)} names ${what} it does not hold.`);

  // People: the exported members, matched by e-mail to this server's accounts (the importer owns it).
  const people = new Map<string, string>();
  const members: { email: string; role: Role }[] = [];
  for await (const row of rowsOf("members")) {
    if (members.length >= 10_000) throw new ExportFileError("The file lists more than 10,000 members.");
    members.push({ email: row.email.toLowerCase(), role: row.role });
  }
  const emails = members.map((member) => member.email);
  for (let start = 0; start < emails.length; start += 1000) {
    const found = await tx
      .select({ id: profiles.id, email: profiles.email })
      .from(profiles)
      .where(inArray(sql`lower(${profiles.email})`, emails.slice(start, start + 1000)));
    for (const profile of found) people.set(profile.email.toLowerCase(), profile.id);
  }
  const [me] = await tx.select({ email: profiles.email }).from(profiles).where(eq(profiles.id, actor.userId));
  if (me) people.set(me.email.toLowerCase(), actor.userId);
  const unmatched: string[] = [];
  const joined = new Set([actor.userId]);
  for (const member of members) {
    const userId = people.get(member.email);
    if (!userId) {
      unmatched.push(member.email);
      continue;
    }
    if (joined.has(userId)) continue;
    joined.add(userId);
    // One owner: the importer. The export's other owners come back as admins.
    const role: Role = member.role === "owner" ? "admin" : member.role;
    await tx.insert(workspaceMembers).values({ workspaceId, userId, role });
  }
  /** A member's account here, or null: their assignments are left out, what they wrote stays the importer's. */
  const userOf = (address: string | null | undefined) => {
    const userId = address ? people.get(address.toLowerCase()) : undefined;
    return userId && joined.has(userId) ? userId : null;
  };

  const projectIds = new Map<string, string>();
  const projectInserts = batches(projects);
  for await (const row of rowsOf("projects")) {
    const id = randomUUID();
    projectIds.set(row.id, id);
    await projectInserts.add({
      id,
      publicId: newPublicId(),
      workspaceId,
      key: row.key,
      name: row.name,
      description: row.description,
      color: row.color,
      taskCounter: row.taskCounter,
      archivedAt: date(row.archivedAt),
      createdBy: userOf(row.createdBy),
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    });
  }
  await projectInserts.flush();
  const usage = await usageOf(actor.userId, tx);
  if (usage.enforced && usage.projects > usage.limits.projects)
    throw new PlanLimitError(
      `Your plan includes ${usage.limits.projects} projects; this workspace has ${projectIds.size}.`,
    );

  const statusIds = new Map<string, string>();
  const statusInserts = batches(statuses);
  for await (const row of rowsOf("statuses")) {
    const projectId = projectIds.get(row.project);
    if (!projectId) throw refused("statuses", "a project");
    const id = randomUUID();
    statusIds.set(row.id, id);
    await statusInserts.add({
      id,
      publicId: newPublicId(),
      projectId,
      name: row.name,
      color: row.color,
      category: row.category,
      position: row.position,
      createdAt: new Date(row.createdAt),
    });
  }
  await statusInserts.flush();

  const labelIds = new Map<string, string>();
  const labelInserts = batches(labels);
  for await (const row of rowsOf("labels")) {
    const id = randomUUID();
    labelIds.set(row.id, id);
    await labelInserts.add({
      id,
      publicId: newPublicId(),
      workspaceId,
      name: row.name,
      color: row.color,
      createdAt: new Date(row.createdAt),
    });
  }
  await labelInserts.flush();

  // Tasks first without their parents (a subtask may come before its parent), then the parents.
  const taskIds = new Map<string, string>();
  const parents: [string, string][] = [];
  const taskInserts = batches(tasks);
  for await (const row of rowsOf("tasks")) {
    const projectId = projectIds.get(row.project);
    const statusId = statusIds.get(row.status);
    if (!projectId || !statusId) throw refused("tasks", "a project or a status");
    const id = randomUUID();
    taskIds.set(row.id, id);
    if (row.parent) parents.push([id, row.parent]);
    const createdBy = userOf(row.createdBy);
    await taskInserts.add({
      id,
      publicId: newPublicId(),
      workspaceId,
      projectId,
      number: row.number,
      title: row.title,
      description: row.description,
      statusId,
      priority: row.priority,
      position: row.position,
      startDate: row.startDate,
      dueDate: row.dueDate,
      estimateMinutes: row.estimateMinutes,
      completedAt: date(row.completedAt),
      archivedAt: date(row.archivedAt),
      importKey: row.importKey,
      createdBy,
      updatedBy: createdBy,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    });
  }
  await taskInserts.flush();
  for (let start = 0; start < parents.length; start += BATCH) {
    const pairs = parents
      .slice(start, start + BATCH)
      .flatMap(([child, parent]) =>
        taskIds.has(parent) ? [sql`(${child}::uuid, ${taskIds.get(parent)!}::uuid)`] : [],
      );
    if (pairs.length === 0) continue;
    await tx.execute(
      sql`update ${tasks} set parent_id = v.parent from (values ${sql.join(pairs, sql`, `)}) as v(child, parent) where ${tasks.id} = v.child`,
    );
  }
  const taskOf = (entity: Entity, publicId: string) => {
    const id = taskIds.get(publicId);
    if (!id) throw refused(entity, "a task");
    return id;
  };

  for (const entity of ["task_assignees", "task_followers"] as const) {
    const table = entity === "task_assignees" ? taskAssignees : taskFollowers;
    const inserts = batches(table);
    for await (const row of rowsOf(entity)) {
      const userId = userOf(row.user);
      const taskId = taskOf(entity, row.task);
      if (userId) await inserts.add({ taskId, userId });
    }
    await inserts.flush();
  }
  const taskLabelInserts = batches(taskLabels);
  for await (const row of rowsOf("task_labels")) {
    const labelId = labelIds.get(row.label);
    if (!labelId) throw refused("task_labels", "a label");
    await taskLabelInserts.add({ taskId: taskOf("task_labels", row.task), labelId });
  }
  await taskLabelInserts.flush();

  const checklistInserts = batches(checklistItems);
  for await (const row of rowsOf("checklist_items")) {
    await checklistInserts.add({
      publicId: newPublicId(),
      taskId: taskOf("checklist_items", row.task),
      title: row.title,
      done: row.done,
      position: row.position,
      createdAt: new Date(row.createdAt),
    });
  }
  await checklistInserts.flush();

  const relationInserts = batches(taskRelations);
  for await (const row of rowsOf("task_relations")) {
    const fromTaskId = taskOf("task_relations", row.from);
    const toTaskId = taskOf("task_relations", row.to);
    if (fromTaskId === toTaskId) throw refused("task_relations", "a task related to itself:");
    await relationInserts.add({
      publicId: newPublicId(),
      workspaceId,
      fromTaskId,
      toTaskId,
      kind: row.kind,
      createdBy: userOf(row.createdBy),
      createdAt: new Date(row.createdAt),
    });
  }
  await relationInserts.flush();

  const commentInserts = batches(comments);
  for await (const row of rowsOf("comments")) {
    await commentInserts.add({
      publicId: newPublicId(),
      taskId: taskOf("comments", row.task),
      authorId: userOf(row.author) ?? actor.userId,
      body: row.body,
      editedAt: date(row.editedAt),
      createdAt: new Date(row.createdAt),
    });
  }
  await commentInserts.flush();

  // Attachments: each file copied to a new stored name (removed again if the unit rolls back).
  const attachmentInserts = batches(attachments);
  for await (const row of rowsOf("attachments")) {
    const entry = attachmentEntry(row.id);
    const listed = manifest.files[entry];
    if (!listed || listed.sha256 !== row.sha256 || listed.bytes !== row.sizeBytes)
      throw refused("attachments", `the file of ${row.fileName.slice(0, 100)} as`);
    const storagePath = `attachments/${randomBytes(18).toString("base64url")}`;
    const target = resolveAttachment(storagePath)!;
    await fs.mkdir(fileOf("attachments"), { recursive: true });
    onRollback(() => fs.rm(target, { force: true }));
    await pipeline(await opened.open(entry), createWriteStream(target, { flags: "wx" }));
    await attachmentInserts.add({
      publicId: newPublicId(),
      workspaceId,
      taskId: taskOf("attachments", row.task),
      uploadedBy: userOf(row.uploadedBy) ?? actor.userId,
      fileName: row.fileName,
      contentType: row.contentType,
      sizeBytes: row.sizeBytes,
      storagePath,
      createdAt: new Date(row.createdAt),
    });
  }
  await attachmentInserts.flush();

  const templateInserts = batches(templates);
  for await (const row of rowsOf("templates")) {
    const checked = checkStructure(row.structure);
    if (!checked.ok)
      throw new ExportFileError(`The template ${row.name.slice(0, 100)} is not valid: ${checked.message}.`);
    const createdBy = userOf(row.createdBy);
    await templateInserts.add({
      publicId: newPublicId(),
      workspaceId,
      name: row.name,
      description: row.description,
      category: row.category,
      icon: row.icon,
      color: row.color,
      structure: checked.structure,
      createdBy,
      updatedBy: createdBy,
      createdAt: new Date(row.createdAt),
      updatedAt: new Date(row.updatedAt),
    });
  }
  await templateInserts.flush();

  const eventInserts = batches(calendarEvents);
  const attendeeInserts = batches(calendarEventAttendees);
  for await (const row of rowsOf("calendar_events")) {
    const id = randomUUID();
    const projectId = row.project ? projectIds.get(row.project) : null;
    if (projectId === undefined) throw refused("calendar_events", "a project");
    if (row.endsAt < row.startsAt) throw refused("calendar_events", "an event ending before it starts:");
    const createdBy = userOf(row.createdBy);
    await eventInserts.add({
      id,
      publicId: newPublicId(),
      workspaceId,
      projectId,
      title: row.title,
      description: row.description,
      allDay: row.allDay,
      startsAt: new Date(row.startsAt),
      endsAt: new Date(row.endsAt),
      timeZone: row.timeZone,
      externalUid: row.externalUid,
      createdBy,
      updatedBy: createdBy,
      createdAt: new Date(row.createdAt),
    });
    for (const address of new Set(row.attendees.map((attendee) => attendee.toLowerCase()))) {
      const userId = userOf(address);
      if (userId) await attendeeInserts.add({ eventId: id, userId });
    }
  }
  await eventInserts.flush();
  await attendeeInserts.flush();

  const messageInserts = batches(messages);
  for await (const row of rowsOf("messages")) {
    const projectId = projectIds.get(row.project);
    if (!projectId) throw refused("messages", "a project");
    await messageInserts.add({
      publicId: newPublicId(),
      workspaceId,
      projectId,
      authorId: userOf(row.author) ?? actor.userId,
      body: row.body,
      mentions: [...new Set(row.mentions.map(userOf).filter((id): id is string => id !== null))],
      editedAt: date(row.editedAt),
      createdAt: new Date(row.createdAt),
    });
  }
  await messageInserts.flush();

  for (const entity of ENTITIES) {
    if (counts[entity] !== manifest.counts[entity])
      throw new ExportFileError(
        `The file is damaged: ${fileOfEntity(entity)} does not hold the rows its manifest counts.`,
      );
  }
  const rows = Object.values(counts).reduce((sum, count) => sum + count, 0);
  await tx
    .update(workspaceImports)
    .set({
      state: "done",
      workspaceId,
      counts,
      unmatched: unmatched.slice(0, 1000),
      processedRows: rows,
      finishedAt: new Date(),
    })
    .where(eq(workspaceImports.id, job.id));
  await record({
    verb: "workspace.imported",
    subjectType: "workspace",
    subjectId: created.id,
    workspaceId,
    data: {
      name,
      file: job.fileName,
      projects: counts.projects,
      tasks: counts.tasks,
      rows,
      unmatched: unmatched.length,
    },
  });
  return { id: created.id };
}

/* ─────────────────────────────── the page's views ─────────────────────────────── */

/** The member's own import (nobody else sees it). */
export async function workspaceImportView(userId: string, importId: string) {
  const [row] = await db()
    .select({ job: workspaceImports, workspace: workspaces.publicId })
    .from(workspaceImports)
    .leftJoin(workspaces, eq(workspaces.id, workspaceImports.workspaceId))
    .where(eq(workspaceImports.publicId, importId));
  if (!row || row.job.userId !== userId) throw new NotFoundError("Import");
  const { job } = row;
  return {
    id: job.publicId,
    fileName: job.fileName,
    sizeBytes: job.sizeBytes,
    state: job.state as "queued" | "checking" | "running" | "done" | "failed",
    totalRows: job.totalRows,
    processedRows: job.processedRows,
    counts: job.counts,
    unmatched: job.unmatched.slice(0, 50),
    unmatchedCount: job.unmatched.length,
    error: job.error,
    workspaceId: row.workspace,
    createdAt: job.createdAt,
  };
}

export async function recentWorkspaceImports(userId: string) {
  return db()
    .select({
      id: workspaceImports.publicId,
      fileName: workspaceImports.fileName,
      state: workspaceImports.state,
      createdAt: workspaceImports.createdAt,
    })
    .from(workspaceImports)
    .where(eq(workspaceImports.userId, userId))
    .orderBy(desc(workspaceImports.createdAt))
    .limit(5);
}

/** Files of imports left a day are removed, and the rows of old ones. */
export async function pruneWorkspaceImports(now: Date) {
  const before = new Date(now.getTime() - KEPT_MS);
  const stale = await db()
    .select({ id: workspaceImports.id, storagePath: workspaceImports.storagePath })
    .from(workspaceImports)
    .where(lt(workspaceImports.createdAt, before));
  for (const row of stale) if (row.storagePath) await fs.rm(fileOf(row.storagePath), { force: true });
  await db()
    .update(workspaceImports)
    .set({ storagePath: null })
    .where(and(lt(workspaceImports.createdAt, before)));
  await db()
    .delete(workspaceImports)
    .where(lt(workspaceImports.createdAt, new Date(now.getTime() - 30 * KEPT_MS)));
}

/** A job that failed its last attempt: said on the page instead of "running" forever. */
export async function failWorkspaceImport(importId: string) {
  await db()
    .update(workspaceImports)
    .set({
      state: "failed",
      error: "Nothing was imported: the import stopped on an error. Try again.",
      finishedAt: new Date(),
    })
    .where(eq(workspaceImports.publicId, importId));
}
