import { createHash, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import yauzl from "yauzl";
import yazl from "yazl";
import { afterAll, describe, expect, it, vi } from "vitest";

import { setDatabase, db } from "~/.server/db";
import {
  labels,
  projects,
  statuses,
  taskAssignees,
  taskLabels,
  tasks,
  workspaceExports,
  workspaces,
} from "~/.server/db/schema";
import { runDueJobs } from "~/.server/jobs/worker";
import { addChecklistItem, setChecklistItemDone } from "~/.server/tasks/checklist";
import { addComment } from "~/.server/tasks/comments";
import { addTaskRelation } from "~/.server/tasks/relations";
import { addAttachment } from "~/.server/tasks/attachments";
import { createLabel, setTaskLabels } from "~/.server/tasks/labels";
import { createTask, setTaskAssignees } from "~/.server/tasks/tasks";
import { setTaskParent } from "~/.server/tasks/parent";
import { createProject } from "~/.server/projects/projects";
import { saveProjectAsTemplate } from "~/.server/templates/templates";
import { createEvent } from "~/.server/calendar/events";
import { postMessage } from "~/.server/chat/messages";
import { exportFileFor, recentExports, startExport } from "~/.server/workspace-export/export";
import { startWorkspaceImport, workspaceImportView } from "~/.server/workspace-export/import";
import { ENTITIES } from "~/.server/workspace-export/format";
import { registerWorkspaceTransfers } from "~/.server/workspace-export/register";
import { ForbiddenError } from "~/.server/errors";
import { initSecrets } from "~/.server/secrets";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";
import { addMember, buildUser, type TestUser } from "../setup/factories";

// A data directory of this file's own (attachments, exports and uploads are kept there).
await vi.hoisted(async () => {
  const { mkdtempSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  process.env.DATA_DIR = mkdtempSync(`${tmpdir()}/plotline-workspace-export-`);
});

/**
 * A canonical fingerprint of a workspace, read straight from the tables (not through the
 * export's code): per entity, its row count and a SHA-256 of its content fields with every
 * id replaced by what names it across instances (a project's key, a task's key, a label's
 * name, a person's e-mail), and the attachments' files by their SHA-256.
 */
async function fingerprint(workspacePublicId: string) {
  const [workspace] = await db().select().from(workspaces).where(eq(workspaces.publicId, workspacePublicId));
  const w = workspace!.id;
  const q = async (query: ReturnType<typeof sql>) =>
    ((await db().execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const taskKey = (alias: string) =>
    sql.raw(`(select p.key || '-' || ${alias}.number from projects p where p.id = ${alias}.project_id)`);
  const live = sql`t.workspace_id = ${w} and t.deleted_at is null`;
  const queries: Record<string, ReturnType<typeof sql>> = {
    members: sql`select lower(p.email) as email, m.role from workspace_members m join profiles p on p.id = m.user_id where m.workspace_id = ${w}`,
    projects: sql`select key, name, description, color, task_counter, archived_at from projects where workspace_id = ${w} and deleted_at is null`,
    statuses: sql`select p.key, s.name, s.color, s.category, s.position from statuses s join projects p on p.id = s.project_id where p.workspace_id = ${w}`,
    labels: sql`select name, color from labels where workspace_id = ${w}`,
    tasks: sql`select ${taskKey("t")} as key, t.title, t.description, s.name as status, t.priority, t.position,
      (select ${taskKey("pt")} from tasks pt where pt.id = t.parent_id) as parent, t.start_date::text, t.due_date::text,
      t.estimate_minutes, t.completed_at, t.archived_at, t.created_at
      from tasks t join statuses s on s.id = t.status_id where ${live}`,
    task_assignees: sql`select ${taskKey("t")} as key, lower(p.email) as email from task_assignees a join tasks t on t.id = a.task_id join profiles p on p.id = a.user_id where ${live}`,
    task_labels: sql`select ${taskKey("t")} as key, l.name from task_labels tl join tasks t on t.id = tl.task_id join labels l on l.id = tl.label_id where ${live}`,
    task_followers: sql`select ${taskKey("t")} as key, lower(p.email) as email from task_followers f join tasks t on t.id = f.task_id join profiles p on p.id = f.user_id where ${live}`,
    checklist_items: sql`select ${taskKey("t")} as key, c.title, c.done, c.position from checklist_items c join tasks t on t.id = c.task_id where ${live}`,
    task_relations: sql`select ${taskKey("t")} as from_key, (select ${taskKey("o")} from tasks o where o.id = r.to_task_id) as to_key, r.kind
      from task_relations r join tasks t on t.id = r.from_task_id where ${live}`,
    comments: sql`select ${taskKey("t")} as key, lower(p.email) as author, c.body, c.created_at from comments c join tasks t on t.id = c.task_id join profiles p on p.id = c.author_id where ${live} and c.deleted_at is null`,
    attachments: sql`select ${taskKey("t")} as key, a.file_name, a.content_type, a.size_bytes, a.storage_path from attachments a join tasks t on t.id = a.task_id where ${live}`,
    templates: sql`select name, description, category, icon, color, structure from templates where workspace_id = ${w}`,
    calendar_events: sql`select e.title, e.description, e.all_day, e.starts_at, e.ends_at, e.time_zone, p.key as project,
      (select string_agg(lower(pr.email), ',' order by lower(pr.email)) from calendar_event_attendees a join profiles pr on pr.id = a.user_id where a.event_id = e.id) as attendees
      from calendar_events e left join projects p on p.id = e.project_id where e.workspace_id = ${w}`,
    messages: sql`select p.key, lower(pr.email) as author, m.body,
      (select string_agg(lower(x.email), ',' order by lower(x.email)) from profiles x where x.id::text in (select jsonb_array_elements_text(m.mentions))) as mentions
      from messages m join projects p on p.id = m.project_id join profiles pr on pr.id = m.author_id where m.workspace_id = ${w} and m.deleted_at is null`,
  };
  const result: Record<string, { count: number; hash: string }> = {};
  for (const [entity, query] of Object.entries(queries)) {
    const rows = await q(query);
    const lines = rows
      .map((row) => {
        const canonical = { ...row };
        if (entity === "attachments") {
          const file = path.join(process.env.DATA_DIR!, "uploads", String(row.storage_path));
          canonical.storage_path = createHash("sha256").update(fs.readFileSync(file)).digest("hex");
        }
        return JSON.stringify(canonical, (_key, value) =>
          value instanceof Date
            ? value.toISOString()
            : typeof value === "string" && /^\d{4}-\d\d-\d\d[ T]\d/.test(value)
              ? new Date(value).toISOString()
              : value,
        );
      })
      .sort();
    result[entity] = { count: rows.length, hash: createHash("sha256").update(lines.join("\n")).digest("hex") };
  }
  return result;
}

async function readZip(file: string) {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true }, (error, opened) => (error ? reject(error) : resolve(opened))),
  );
  const entries = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) =>
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      }),
    );
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

async function writeZip(file: string, entries: Map<string, Buffer>) {
  const zip = new yazl.ZipFile();
  for (const [name, data] of entries) zip.addBuffer(data, name);
  zip.end();
  await new Promise<void>((resolve, reject) =>
    zip.outputStream.pipe(fs.createWriteStream(file)).on("close", resolve).on("error", reject),
  );
}

const zipFile = (file: string, name = "export.zip") =>
  new File([fs.readFileSync(file)], name, { type: "application/zip" });

describe.each(engines)("workspace export and import on %s", (engine) => {
  const opened: TestDatabase[] = [];
  const use = async () => {
    const database = await createTestDatabase(engine);
    opened.push(database);
    setDatabase(database);
    return database;
  };
  initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
  registerWorkspaceTransfers();
  afterAll(async () => {
    setDatabase(undefined);
    for (const database of opened) await database.drop();
  });

  const ANA = `ana-${engine}@example.com`;
  const BRUNO = `bruno-${engine}@example.com`;
  const CARLA = `carla-${engine}@example.com`;

  /** A workspace with a bit of everything, built through the real commands. */
  async function buildWorkspace(ana: TestUser, bruno: TestUser, carla: TestUser) {
    await addMember(ana.workspaceId, bruno.id, "editor");
    await addMember(ana.workspaceId, carla.id, "viewer");
    const web = await createProject(ana.actor, { workspaceId: ana.workspaceId, name: "Website" });
    const ops = await createProject(ana.actor, { workspaceId: ana.workspaceId, name: "Operations" });
    const urgent = await createLabel(ana.actor, { workspaceId: ana.workspaceId, name: "Urgent", color: "rose" });
    await createLabel(ana.actor, { workspaceId: ana.workspaceId, name: "Later", color: "blue" });
    const launch = await createTask(ana.actor, {
      projectId: web.id,
      title: "Launch the site",
      description: "Ship **it** — with ümlauts and emoji 🚀",
      priority: "high",
      startDate: "2026-03-01",
      dueDate: "2026-03-29",
    });
    const copy = await createTask(ana.actor, { projectId: web.id, title: "Write the copy" });
    await setTaskParent(ana.actor, { taskId: copy.id, parent: launch.id });
    const hosting = await createTask(bruno.actor, { projectId: ops.id, title: "Pick a host" });
    await setTaskAssignees(ana.actor, { taskId: launch.id, userIds: [ana.id, bruno.id, carla.id] });
    await setTaskLabels(ana.actor, { taskId: launch.id, labelIds: [urgent.id] });
    const item = await addChecklistItem(ana.actor, { taskId: launch.id, title: "DNS" });
    await addChecklistItem(ana.actor, { taskId: launch.id, title: "TLS" });
    await setChecklistItemDone(ana.actor, { taskId: launch.id, itemId: item.id, done: true });
    await addComment(bruno.actor, { taskId: launch.id, body: "On it, @Ana." });
    await addComment(carla.actor, { taskId: launch.id, body: "Looks good." });
    await addTaskRelation(ana.actor, { taskId: launch.id, relation: "blocked_by", other: hosting.id });
    await addAttachment(ana.actor, {
      taskId: launch.id,
      file: new File([Buffer.from("%PDF-1.4 a brief\n".repeat(200))], "brief.pdf", { type: "application/pdf" }),
    });
    await saveProjectAsTemplate(ana.actor, { projectId: web.id, name: "Site launch", category: "Development" });
    await createEvent(ana.actor, {
      workspaceId: ana.workspaceId,
      title: "Launch day",
      allDay: true,
      startDate: "2026-03-29",
      projectId: web.id,
      attendeeIds: [ana.id, bruno.id],
    });
    await createEvent(bruno.actor, {
      workspaceId: ana.workspaceId,
      title: "Retro",
      allDay: false,
      startDate: "2026-03-31",
      startTime: "10:00",
      endTime: "11:00",
      timeZone: "Europe/Lisbon",
    });
    await postMessage(bruno.actor, { projectId: web.id, body: "Hello @Ana Lima" });
    return { web, launch };
  }

  async function exportOf(user: TestUser) {
    const { id } = await startExport(user.actor, { workspaceId: user.workspaceId });
    await runDueJobs();
    const [done] = await recentExports(
      (await db().select().from(workspaces).where(eq(workspaces.publicId, user.workspaceId)))[0]!.id,
    );
    expect(done).toMatchObject({ id, state: "done" });
    return exportFileFor(user.id, user.workspaceId, id);
  }

  async function importAs(user: TestUser, file: File) {
    const { id } = await startWorkspaceImport(user.actor, { file });
    await runDueJobs();
    return workspaceImportView(user.id, id);
  }

  it("exports a workspace and imports it into a fresh instance with equal counts and checksums", async () => {
    await use();
    const ana = await buildUser({ email: ANA, fullName: "Ana Lima" });
    const bruno = await buildUser({ email: BRUNO, fullName: "Bruno Costa" });
    const carla = await buildUser({ email: CARLA, fullName: "Carla Dias" });
    await buildWorkspace(ana, bruno, carla);
    const before = await fingerprint(ana.workspaceId);
    expect(before.tasks!.count).toBe(3);
    expect(before.attachments!.count).toBe(1);

    // Only an owner exports.
    await expect(startExport(bruno.actor, { workspaceId: ana.workspaceId })).rejects.toThrow(ForbiddenError);
    const exported = await exportOf(ana);
    const entries = await readZip(exported.path);
    const manifest = JSON.parse(entries.get("manifest.json")!.toString());
    expect(manifest).toMatchObject({ format: "plotline-workspace", formatVersion: 1 });
    expect(manifest.counts).toMatchObject({ projects: 2, tasks: 3, attachments: 1, members: 3, templates: 1 });
    for (const entity of ENTITIES) expect(entries.has(`${entity}.jsonl`)).toBe(true);
    for (const [name, { sha256 }] of Object.entries(manifest.files as Record<string, { sha256: string }>))
      expect(createHash("sha256").update(entries.get(name)!).digest("hex")).toBe(sha256);
    // No secrets: no password hashes, tokens or internal ids.
    const everything = [...entries.values()].map((data) => data.toString("latin1")).join("\n");
    expect(everything).not.toMatch(/encrypted_password|token_hash|secret/i);
    expect(everything).not.toContain(ana.id);
    const copied = path.join(os.tmpdir(), `plotline-export-${engine}-${Date.now()}.zip`);
    fs.copyFileSync(exported.path, copied);

    // A fresh instance with the same people.
    await use();
    const ana2 = await buildUser({ email: ANA, fullName: "Ana Lima" });
    await buildUser({ email: BRUNO, fullName: "Bruno Costa" });
    await buildUser({ email: CARLA, fullName: "Carla Dias" });
    const done = await importAs(ana2, zipFile(copied));
    expect(done).toMatchObject({ state: "done", error: null, unmatchedCount: 0 });
    expect(done.counts).toEqual(manifest.counts);
    const after = await fingerprint(done.workspaceId!);
    expect(after).toEqual(before);
  });

  it("imports members it cannot match by leaving them out, and refuses a damaged or foreign file whole", async () => {
    await use();
    const ana = await buildUser({ email: `solo-${ANA}` });
    const bruno = await buildUser({ email: `solo-${BRUNO}` });
    const carla = await buildUser({ email: `solo-${CARLA}` });
    await buildWorkspace(ana, bruno, carla);
    const exported = await exportOf(ana);
    const entries = await readZip(exported.path);

    await use();
    const importer = await buildUser({ email: `solo-${ANA}` });
    await buildUser({ email: `solo-${BRUNO}` });
    const workspaceCount = async () =>
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(workspaces)
      )[0]!.n;
    const count = await workspaceCount();

    // A changed row: its checksum no longer matches.
    const tampered = new Map(entries);
    tampered.set(
      "tasks.jsonl",
      Buffer.from(entries.get("tasks.jsonl")!.toString().replace("Launch the site", "Launch the SITE")),
    );
    const tamperedFile = path.join(os.tmpdir(), `plotline-tampered-${engine}-${Date.now()}.zip`);
    await writeZip(tamperedFile, tampered);
    const refused = await importAs(importer, zipFile(tamperedFile));
    expect(refused.state).toBe("failed");
    expect(refused.error).toMatch(/Nothing was imported\. .*tasks\.jsonl does not match its checksum/);

    // A zip that is not an export.
    const foreignFile = path.join(os.tmpdir(), `plotline-foreign-${engine}-${Date.now()}.zip`);
    await writeZip(foreignFile, new Map([["notes.txt", Buffer.from("hello")]]));
    const foreign = await importAs(importer, zipFile(foreignFile));
    expect(foreign).toMatchObject({ state: "failed" });
    expect(foreign.error).toMatch(/not a Plotline workspace export/);

    // A bomb: an entry that unpacks far past what an attachment may be is refused from the directory.
    const bomb = new Map(entries);
    const zeros = Buffer.alloc(30 * 1024 * 1024);
    bomb.set("attachments/bomb", zeros);
    const bombManifest = JSON.parse(entries.get("manifest.json")!.toString());
    bombManifest.files["attachments/bomb"] = {
      sha256: createHash("sha256").update(zeros).digest("hex"),
      bytes: zeros.length,
    };
    bomb.set("manifest.json", Buffer.from(JSON.stringify(bombManifest)));
    const bombFile = path.join(os.tmpdir(), `plotline-bomb-${engine}-${Date.now()}.zip`);
    await writeZip(bombFile, bomb);
    expect(fs.statSync(bombFile).size).toBeLessThan(1024 * 1024);
    const defused = await importAs(importer, zipFile(bombFile));
    expect(defused).toMatchObject({
      state: "failed",
      error: expect.stringMatching(/attachments\/bomb is larger than this server takes/),
    });

    // A hand-made row that names a task the file does not hold: refused after rows were written, rolled back.
    const broken = new Map(entries);
    broken.set(
      "comments.jsonl",
      Buffer.from(
        entries
          .get("comments.jsonl")!
          .toString()
          .replace(/"task":"[^"]+"/, '"task":"nosuchtask"'),
      ),
    );
    const manifest = JSON.parse(entries.get("manifest.json")!.toString());
    manifest.files["comments.jsonl"] = {
      sha256: createHash("sha256").update(broken.get("comments.jsonl")!).digest("hex"),
      bytes: broken.get("comments.jsonl")!.length,
    };
    broken.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
    const brokenFile = path.join(os.tmpdir(), `plotline-broken-${engine}-${Date.now()}.zip`);
    await writeZip(brokenFile, broken);
    const rolledBack = await importAs(importer, zipFile(brokenFile));
    expect(rolledBack.state).toBe("failed");
    expect(rolledBack.error).toMatch(/comments\.jsonl names a task/);
    expect(await workspaceCount()).toBe(count);

    // The real file: Carla has no account here; her assignment is dropped, what she wrote is the importer's.
    const originalFile = path.join(os.tmpdir(), `plotline-original-${engine}-${Date.now()}.zip`);
    await writeZip(originalFile, entries);
    const done = await importAs(importer, zipFile(originalFile));
    expect(done).toMatchObject({ state: "done", unmatched: [`solo-${CARLA}`], unmatchedCount: 1 });
    expect(await workspaceCount()).toBe(count + 1);
    const after = await fingerprint(done.workspaceId!);
    expect(after.members!.count).toBe(2);
    expect(after.task_assignees!.count).toBe(2);
    expect(after.comments!.count).toBe(2);
    expect(after.tasks!.count).toBe(3);
  });

  it("pages through a workspace larger than one page of each kind", async () => {
    await use();
    const ana = await buildUser({ email: `big-${ANA}` });
    const bruno = await buildUser({ email: `big-${BRUNO}` });
    await addMember(ana.workspaceId, bruno.id, "editor");
    const project = await createProject(ana.actor, { workspaceId: ana.workspaceId, name: "Big" });
    const label = await createLabel(ana.actor, { workspaceId: ana.workspaceId, name: "Bulk", color: "blue" });
    const [projectRow] = await db().select().from(projects).where(eq(projects.publicId, project.id));
    const [status] = await db().select().from(statuses).where(eq(statuses.projectId, projectRow!.id));
    const [labelRow] = await db().select().from(labels).where(eq(labels.publicId, label.id));
    const count = 1_234;
    const ids = Array.from({ length: count }, () => randomUUID());
    for (let start = 0; start < count; start += 500) {
      const slice = ids.slice(start, start + 500);
      await db()
        .insert(tasks)
        .values(
          slice.map((id, index) => ({
            id,
            publicId: `big${start + index}`,
            workspaceId: projectRow!.workspaceId,
            projectId: projectRow!.id,
            number: start + index + 1,
            title: `Task ${start + index + 1}`,
            statusId: status!.id,
            position: `a${String(start + index).padStart(5, "0")}`,
          })),
        );
      await db()
        .insert(taskAssignees)
        .values(slice.flatMap((taskId) => [ana.id, bruno.id].map((userId) => ({ taskId, userId }))));
      await db()
        .insert(taskLabels)
        .values(slice.map((taskId) => ({ taskId, labelId: labelRow!.id })));
    }
    await db().update(projects).set({ taskCounter: count }).where(eq(projects.id, projectRow!.id));
    const before = await fingerprint(ana.workspaceId);
    const exported = await exportOf(ana);
    const manifest = JSON.parse((await readZip(exported.path)).get("manifest.json")!.toString());
    expect(manifest.counts).toMatchObject({ tasks: count, task_assignees: 2 * count, task_labels: count });
    const copied = path.join(os.tmpdir(), `plotline-big-${engine}-${Date.now()}.zip`);
    fs.copyFileSync(exported.path, copied);

    await use();
    const importer = await buildUser({ email: `big-${ANA}` });
    await buildUser({ email: `big-${BRUNO}` });
    const done = await importAs(importer, zipFile(copied));
    expect(done).toMatchObject({ state: "done" });
    expect(await fingerprint(done.workspaceId!)).toEqual(before);
  });

  it("keeps an export for its owners only, and its file until it expires", async () => {
    await use();
    const ana = await buildUser();
    const bruno = await buildUser();
    await addMember(ana.workspaceId, bruno.id, "admin");
    const first = await exportOf(ana);
    // A new export replaces the file of the one before.
    const exported = await exportOf(ana);
    expect(fs.existsSync(first.path)).toBe(false);
    const wsId = (await db().select().from(workspaces).where(eq(workspaces.publicId, ana.workspaceId)))[0]!.id;
    expect((await recentExports(wsId)).map((row) => row.state)).toEqual(["done", "replaced"]);
    const [row] = await db()
      .select()
      .from(workspaceExports)
      .where(
        eq(workspaceExports.storagePath, path.relative(path.join(process.env.DATA_DIR!, "uploads"), exported.path)),
      );
    await expect(exportFileFor(bruno.id, ana.workspaceId, row!.publicId)).rejects.toThrow(ForbiddenError);
    const { pruneExports } = await import("~/.server/workspace-export/export");
    await pruneExports(new Date(Date.now() + 8 * 24 * 3_600_000));
    expect(fs.existsSync(exported.path)).toBe(false);
    await expect(exportFileFor(ana.id, ana.workspaceId, row!.publicId)).rejects.toThrow();
  });
});
