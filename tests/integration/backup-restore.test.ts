import { createHash, randomBytes } from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";

import { sql } from "drizzle-orm";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import express from "express";
import { afterAll, describe, expect, inject, it } from "vitest";

import { createBackup, describeDatabase, readManifest, restoreBackup } from "~/.server/backup/archive";
import { prepareDatabase } from "~/.server/boot/database";
import { setDatabase } from "~/.server/db";
import { migrationsFolder, openDatabase, type DatabaseHandle } from "~/.server/db/client";
import { tasks } from "~/.server/db/schema";
import {
  BACKUP_PATH,
  backupEndpoint,
  publishBackupEndpoint,
  withdrawBackupEndpoint,
} from "../../server/backup-endpoint";
import { engines } from "../setup/database";
import { POSTGRES_URL, withPostgres } from "../setup/postgres";

/**
 * `npm run backup` → `npm run restore` into a fresh directory (and database) gives the same
 * rows in every table and the same attachment files, on both engines; the embedded one is
 * dumped by the "running server" (the endpoint, with its data directory locked meanwhile).
 * And an upgrade: the previous release's schema, built from the migrations history and
 * filled with plain SQL, migrated to head by the boot steps with its data intact.
 */

/**
 * The last release's last migration. Move it forward at each release: the upgrade test then
 * checks every migration since (its plain-SQL rows must still fit that schema).
 */
const PREVIOUS_RELEASE = "0015_webhooks";

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-backup-test-"));
const cleanups: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  fs.rmSync(scratch, { recursive: true, force: true });
});

const ids = {
  user: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a01",
  workspace: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a02",
  project: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a03",
  todo: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a04",
  done: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a05",
  parent: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a06",
  child: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a07",
  label: "7c1f3b8e-0d3e-4a55-9a0e-5f0d1c2b3a08",
};

/** An instance's data as plain SQL, valid on PREVIOUS_RELEASE's schema (and on head's). */
const FILL = `
  insert into auth.users (id, email, encrypted_password, email_confirmed_at)
    values ('${ids.user}', 'ada@example.com', '$2a$04$abcdefghijklmnopqrstuuJ0Rz8z3iYx0xT6QW8y1lXw5vZc9Ue6m', now());
  insert into profiles (id, email, full_name) values ('${ids.user}', 'ada@example.com', 'Ada Lovelace');
  insert into workspaces (id, public_id, name, personal, created_by)
    values ('${ids.workspace}', 'wsUpgrade001', 'Analytical Engines', false, '${ids.user}');
  insert into workspace_members (workspace_id, user_id, role) values ('${ids.workspace}', '${ids.user}', 'owner');
  insert into projects (id, public_id, workspace_id, key, name, description, color, created_by, task_counter)
    values ('${ids.project}', 'prUpgrade001', '${ids.workspace}', 'ENG', 'Difference engine', 'Cogs & tables', '#336699', '${ids.user}', 2);
  insert into statuses (id, public_id, project_id, name, color, category, position) values
    ('${ids.todo}', 'stUpgrade001', '${ids.project}', 'To Do', '#999999', 'not_started', 'a0'),
    ('${ids.done}', 'stUpgrade002', '${ids.project}', 'Done', '#00aa00', 'done', 'a1');
  insert into tasks (id, public_id, workspace_id, project_id, number, title, description, status_id, priority, position, due_date, created_by) values
    ('${ids.parent}', 'tkUpgrade001', '${ids.workspace}', '${ids.project}', 1, 'Cut the cogs', 'Brass, **not** iron', '${ids.todo}', 'high', 'a0', '2026-12-24', '${ids.user}');
  insert into tasks (id, public_id, workspace_id, project_id, number, title, status_id, position, parent_id, completed_at, created_by) values
    ('${ids.child}', 'tkUpgrade002', '${ids.workspace}', '${ids.project}', 2, 'Order brass', '${ids.done}', 'a0', '${ids.parent}', now(), '${ids.user}');
  insert into labels (id, public_id, workspace_id, name, color) values ('${ids.label}', 'lbUpgrade001', '${ids.workspace}', 'Hardware', '#aa5500');
  insert into task_labels (task_id, label_id) values ('${ids.parent}', '${ids.label}');
  insert into comments (public_id, task_id, author_id, body) values ('cmUpgrade001', '${ids.parent}', '${ids.user}', 'Ünïcode survives: ✓');
  insert into checklist_items (public_id, task_id, title, done, position) values ('ckUpgrade001', '${ids.parent}', 'Measure', true, 'a0');
  insert into attachments (public_id, workspace_id, task_id, uploaded_by, file_name, content_type, size_bytes, storage_path)
    values ('atUpgrade001', '${ids.workspace}', '${ids.parent}', '${ids.user}', 'plan.bin', 'application/octet-stream', 65536, 'attachments/upgradeplanfile000001');
`;

/** FILL, one statement at a time (a prepared statement holds one). */
async function fill(handle: DatabaseHandle) {
  for (const statement of FILL.split(";\n")
    .map((text) => text.trim())
    .filter(Boolean)) {
    await handle.db.execute(sql.raw(statement));
  }
}

const queryOf = (handle: DatabaseHandle) => async (text: string) =>
  (await handle.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };

/** Attachment-like files (random bytes) under DATA_DIR/uploads, and half-received upload that is not backed up. */
function writeUploads(dataDir: string) {
  const folder = path.join(dataDir, "uploads", "attachments");
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, "upgradeplanfile000001"), randomBytes(65_536));
  fs.writeFileSync(path.join(folder, "secondfile00000000002"), randomBytes(1_000));
  fs.mkdirSync(path.join(dataDir, "uploads", "tmp"), { recursive: true });
  fs.writeFileSync(path.join(dataDir, "uploads", "tmp", "partial"), "half an upload");
  fs.writeFileSync(path.join(dataDir, "secrets.json"), JSON.stringify({ sessionSecret: "s".repeat(40) }));
}

/** sha256 per file under uploads/ (relative path → hash). */
function checksums(dataDir: string) {
  const root = path.join(dataDir, "uploads");
  const sums: Record<string, string> = {};
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    sums[path.relative(root, full)] = createHash("sha256").update(fs.readFileSync(full)).digest("hex");
  }
  return sums;
}

async function newPostgresDatabase() {
  const name = `plotline_backup_${randomBytes(5).toString("hex")}`;
  await withPostgres((client) => client.query(`create database ${name}`));
  cleanups.push(() => withPostgres((client) => client.query(`drop database if exists ${name} with (force)`)));
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

describe.each(engines)("backup and restore on %s", (engine) => {
  it("round-trips every table's rows and every uploaded file into a fresh instance", async () => {
    const dataDir = fs.mkdtempSync(path.join(scratch, `${engine}-source-`));
    const databaseUrl = engine === "postgres" ? await newPostgresDatabase() : undefined;
    // As the server opens it: PGlite on its own thread, its directory locked by this process.
    const source = await openDatabase({
      databaseUrl,
      dataDir,
      thread: true,
      loadDataDir: databaseUrl ? undefined : new Blob([fs.readFileSync(inject("pgliteTemplate"))]),
    });
    cleanups.push(() => source.close());
    await prepareDatabase(source);
    await fill(source);
    writeUploads(dataDir);
    const before = await describeDatabase(queryOf(source));

    if (!databaseUrl) {
      // The running server answers `npm run backup` at its loopback endpoint, to the token only.
      setDatabase(source);
      const server = express().post(BACKUP_PATH, backupEndpoint()).listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      const { port } = server.address() as AddressInfo;
      publishBackupEndpoint({ dataDir, host: "127.0.0.1", port });
      cleanups.push(async () => {
        withdrawBackupEndpoint();
        setDatabase(undefined);
        await new Promise((resolve) => server.close(resolve));
      });
      const endpoint = `http://127.0.0.1:${port}${BACKUP_PATH}`;
      expect((await fetch(endpoint, { method: "POST", headers: { Authorization: "Bearer guess" } })).status).toBe(404);
      const { token } = JSON.parse(fs.readFileSync(path.join(dataDir, "backup-endpoint.json"), "utf8")) as {
        token: string;
      };
      const proxied = await fetch(endpoint, {
        method: "POST",
        headers: { Authorization: `Bearer ${token}`, "X-Forwarded-For": "203.0.113.9" },
      });
      expect(proxied.status, "never through a proxy").toBe(404);
    }

    // Comments keep arriving while the backup runs: the copy and its counts are still of one moment.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await source.db.execute(
          sql.raw(`insert into comments (public_id, task_id, author_id, body)
                   values ('cm' || substr(md5(random()::text), 1, 10), '${ids.parent}', '${ids.user}', 'meanwhile')`),
        );
        written++;
      }
    })();
    const archive = path.join(scratch, `${engine}.tar.gz`);
    const manifest = await createBackup({ dataDir, databaseUrl, output: archive }).finally(() => (writing = false));
    await writer;
    expect(written).toBeGreaterThan(0);
    const { "public.comments": _comments, ...others } = before.counts;
    expect(manifest).toMatchObject({ engine, migration: before.migration, secrets: true });
    expect(manifest.counts).toMatchObject(others);
    expect(manifest.counts["public.comments"]).toBeGreaterThanOrEqual(1);
    expect(manifest.migration?.tag).toBeTruthy();
    expect(manifest.counts["public.tasks"]).toBe(2);
    expect(manifest.uploads).toEqual({ files: 2, bytes: 66_536 });
    expect(await readManifest(archive)).toEqual(manifest);
    expect(fs.statSync(archive).mode & 0o077, "the archive holds secrets: owner only").toBe(0);

    const restoredDir = path.join(scratch, `${engine}-restored`);
    const restoredUrl = databaseUrl ? await newPostgresDatabase() : undefined;
    await restoreBackup({ archive, dataDir: restoredDir, databaseUrl: restoredUrl });

    const restored = await openDatabase({ databaseUrl: restoredUrl, dataDir: restoredDir });
    try {
      // restoreBackup has compared them too, and would have thrown.
      expect(await describeDatabase(queryOf(restored))).toMatchObject({
        counts: manifest.counts,
        migration: manifest.migration,
      });
      // A working instance: the boot steps find nothing to do, the app's queries read it.
      await prepareDatabase(restored);
      const titles = (await restored.db.select({ title: tasks.title }).from(tasks)).map((row) => row.title).sort();
      expect(titles).toEqual(["Cut the cogs", "Order brass"]);
    } finally {
      await restored.close();
    }
    const { tmp: _partial, ...expected } = Object.fromEntries(
      Object.entries(checksums(dataDir)).map(([file, sum]) => [file.startsWith("tmp") ? "tmp" : file, sum]),
    );
    expect(checksums(restoredDir)).toEqual(expected);
    expect(fs.readFileSync(path.join(restoredDir, "secrets.json"), "utf8")).toBe(
      fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8"),
    );

    // A second restore over it is refused unless forced.
    await expect(restoreBackup({ archive, dataDir: restoredDir, databaseUrl: restoredUrl })).rejects.toThrow(
      /not empty/,
    );
  });
});

/** A copy of the migrations folder that ends at `lastTag` (the journal says which files count). */
function migrationsUpTo(lastTag: string) {
  const folder = fs.mkdtempSync(path.join(scratch, "migrations-"));
  const journalFile = path.join(migrationsFolder, "meta/_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalFile, "utf8")) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (end < 0) throw new Error(`no migration ${lastTag} in ${journalFile}`);
  const entries = journal.entries.slice(0, end + 1);
  fs.mkdirSync(path.join(folder, "meta"));
  fs.writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    fs.copyFileSync(path.join(migrationsFolder, `${tag}.sql`), path.join(folder, `${tag}.sql`));
  return { folder, remaining: journal.entries.length - entries.length };
}

describe.each(engines)("upgrade from the previous release on %s", (engine) => {
  it(`migrates a filled ${PREVIOUS_RELEASE} database to head with its data intact`, async () => {
    const baseline = migrationsUpTo(PREVIOUS_RELEASE);
    const databaseUrl = engine === "postgres" ? await newPostgresDatabase() : undefined;
    const handle = await openDatabase({ databaseUrl, dataDir: "memory://" });
    cleanups.push(() => handle.close());
    if (databaseUrl) await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: baseline.folder });
    else await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: baseline.folder });
    const query = queryOf(handle);
    await fill(handle);
    const before = await describeDatabase(query);
    expect(before.migration?.tag).toBe(PREVIOUS_RELEASE);

    // What the server does before it listens.
    await prepareDatabase(handle);

    const after = await describeDatabase(query);
    const head = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string }[];
    };
    expect(after.migration?.tag).toBe(head.entries.at(-1)!.tag);
    const applied = (await query("select count(*)::int as n from drizzle.__drizzle_migrations")).rows[0]!.n;
    expect(applied).toBe(head.entries.length);
    // Every table the old release had keeps its rows (the built-in templates are seeded anew).
    for (const [table, count] of Object.entries(before.counts)) {
      if (table === "drizzle.__drizzle_migrations" || table === "public.templates") continue;
      expect(after.counts[table], table).toBe(count);
    }
    // The rows read back through head's schema, as the app reads them.
    const rows = await handle.db
      .select({ title: tasks.title, parentId: tasks.parentId, dueDate: tasks.dueDate, priority: tasks.priority })
      .from(tasks)
      .orderBy(tasks.number);
    expect(rows).toEqual([
      { title: "Cut the cogs", parentId: null, dueDate: "2026-12-24", priority: "high" },
      { title: "Order brass", parentId: ids.parent, dueDate: null, priority: "none" },
    ]);
    const [comment] = (await query("select body from comments")).rows;
    expect(comment?.body).toBe("Ünïcode survives: ✓");
    const [project] = (await query("select name, description, task_counter from projects")).rows;
    expect(project).toEqual({ name: "Difference engine", description: "Cogs & tables", task_counter: 2 });
    expect(baseline.remaining, "the test spans at least one migration").toBeGreaterThan(0);
  });
});
