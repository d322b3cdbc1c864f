import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";

import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

import { holdPgliteStill, type RawQuery } from "../db/client";
import { acquireDataDirLock } from "../db/lock";

/**
 * `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): the whole
 * instance in one .tar.gz: `manifest.json`, the database (`database/pglite/`, a copy of the
 * embedded database's directory taken while it held still, or `database/postgres.dump`,
 * `pg_dump -Fc`), the uploads
 * (`uploads/`, without the half-received `uploads/tmp`) and the generated secrets
 * (`secrets.json`: the session secret and the auth service's signing key, so sessions and
 * tokens stay valid). docs/operations.md says how to use them.
 */

const run = promisify(execFile);

export type Manifest = {
  format: 1;
  createdAt: string;
  engine: "pglite" | "postgres";
  /** PGlite's package version, or the PostgreSQL server's. */
  engineVersion: string;
  /** The last migration applied (drizzle/meta/_journal.json's tag), and its hash. */
  migration: { tag: string | null; hash: string; createdAt: number } | null;
  /** Rows per table (`schema.table`) in the dumped database. */
  counts: Record<string, number>;
  /** Files under uploads/ in the archive, and their bytes. */
  uploads: { files: number; bytes: number };
  secrets: boolean;
  plotlineVersion: string;
};

/** What a running embedded server publishes for `npm run backup` (server/backup-endpoint.ts). */
export const CONTROL_FILE = "backup-endpoint.json";
export type ControlFile = { pid: number; url: string; token: string };

/** Something a command-line user gets as a one-line message (no stack). */
export class BackupError extends Error {
  override name = "BackupError";
}

type Query = RawQuery;
type Described = Awaited<ReturnType<typeof describeDatabase>>;

/** Rows per base table, outside PostgreSQL's own schemas. */
async function countRows(query: Query) {
  const { rows } = await query(
    `select table_schema as s, table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
     order by 1, 2`,
  );
  const counts: Record<string, number> = {};
  for (const row of rows) {
    const name = `${String(row.s)}.${String(row.t)}`;
    const quoted = `"${String(row.s).replaceAll('"', '""')}"."${String(row.t).replaceAll('"', '""')}"`;
    const [result] = (await query(`select count(*)::int as n from ${quoted}`)).rows;
    counts[name] = Number(result?.n ?? 0);
  }
  return counts;
}

async function lastMigration(query: Query, root: string): Promise<Manifest["migration"]> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!exists.rows[0]?.present) return null;
  const { rows } = await query(
    `select hash, created_at::text as created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  const row = rows[0];
  if (!row) return null;
  const createdAt = Number(row.created_at);
  const journal = JSON.parse(fs.readFileSync(path.join(root, "drizzle/meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const tag = journal.entries.find((entry) => entry.when === createdAt)?.tag ?? null;
  return { tag, hash: String(row.hash), createdAt };
}

/** Counts, migration and version of a database, as the manifest and the restore's check see them. */
export async function describeDatabase(query: Query, root = process.cwd()) {
  const version = String((await query("show server_version")).rows[0]?.server_version ?? "");
  return { counts: await countRows(query), migration: await lastMigration(query, root), version };
}

function uploadsSummary(dataDir: string) {
  const dir = path.join(dataDir, "uploads");
  let files = 0;
  let bytes = 0;
  if (!fs.existsSync(dir)) return { files, bytes };
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = path.join(entry.parentPath, entry.name);
    if (full.startsWith(path.join(dir, "tmp") + path.sep)) continue;
    files++;
    bytes += fs.statSync(full).size;
  }
  return { files, bytes };
}

function processAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Copies the embedded database's directory to `target` while it holds still, and returns its
 * rows per table read at that point: the running server holds it (it owns the directory; the
 * hold lasts as long as this request stays open, server/backup-endpoint.ts), or, with no
 * server, this process opens it under the server's lock, reads it and closes it first.
 */
async function copyPglite(dataDir: string, target: string, root: string): Promise<Described> {
  const dir = path.join(dataDir, "pglite");
  const controlFile = path.join(dataDir, CONTROL_FILE);
  if (fs.existsSync(controlFile)) {
    const control = JSON.parse(fs.readFileSync(controlFile, "utf8")) as ControlFile;
    if (processAlive(control.pid)) return copyFromServer(control, dir, target);
  }
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    throw new BackupError(
      `${error instanceof Error ? error.message : String(error)} It publishes no backup endpoint (${CONTROL_FILE}): restart it with this version of Plotline, or stop it during the backup.`,
    );
  }
  try {
    if (!fs.existsSync(dir)) throw new BackupError(`No embedded database in ${dir}`);
    const pglite = await PGlite.create(dir);
    let described: Described;
    try {
      described = await holdPgliteStill(pglite, (query) => describeDatabase(query, root));
    } finally {
      await pglite.close();
    }
    fs.cpSync(dir, target, { recursive: true });
    return described;
  } finally {
    release();
  }
}

async function copyFromServer(control: ControlFile, dir: string, target: string): Promise<Described> {
  const aborted = new AbortController();
  const response = await fetch(control.url, {
    method: "POST",
    // The first line must arrive as it is written, not in a compressed block.
    headers: { Authorization: `Bearer ${control.token}`, "Accept-Encoding": "identity" },
    signal: aborted.signal,
  }).catch((error: unknown) => {
    throw new BackupError(
      `The server (pid ${control.pid}) did not answer at ${control.url}: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  if (!response.ok || !response.body) {
    throw new BackupError(`The server (pid ${control.pid}) refused the backup: ${response.status}`);
  }
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = "";
  try {
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new BackupError(`The server (pid ${control.pid}) ended the backup before it began`);
      text += decoder.decode(value, { stream: true });
    }
    const { described } = JSON.parse(text.slice(0, text.indexOf("\n"))) as { described: Described };
    // The server holds the database still until this request closes; the answer ending first
    // means it stopped holding it (its time limit), and the copy cannot be trusted.
    let held = true;
    const watch = reader.read().then(
      () => (held = false),
      () => undefined,
    );
    fs.cpSync(dir, target, { recursive: true });
    if (!held) {
      throw new BackupError("The server stopped holding the database still before the copy was done: try again");
    }
    aborted.abort();
    await watch;
    return described;
  } finally {
    aborted.abort();
  }
}

const pgliteQuery =
  (pglite: PGlite): Query =>
  async (text) =>
    pglite.query<Record<string, unknown>>(text);

/** Checks that `pg_dump`'s major version is at least the server's (it refuses older ones anyway, less clearly). */
async function checkClientVersion(client: pg.Client, tool: "pg_dump" | "pg_restore") {
  const { stdout } = await run(tool, ["--version"]).catch(() => {
    throw new BackupError(
      `${tool} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`,
    );
  });
  const toolMajor = Number(/(\d+)(\.\d+)?/.exec(stdout)?.[1]);
  const serverMajor = Math.floor(
    Number((await client.query<{ v: string }>("show server_version_num")).rows[0]?.v) / 10000,
  );
  if (tool === "pg_dump" && toolMajor < serverMajor) {
    throw new BackupError(
      `${tool} ${toolMajor} is older than the PostgreSQL server (${serverMajor}): install postgresql-client-${serverMajor}`,
    );
  }
}

/** `pg_dump -Fc` of DATABASE_URL in a snapshot of its own, with the counts read in the same snapshot. */
async function dumpPostgres(databaseUrl: string, file: string, root: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await checkClientVersion(client, "pg_dump");
    await client.query("begin isolation level repeatable read, read only");
    const snapshot = (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]!.id;
    const dump = run("pg_dump", ["--format=custom", `--snapshot=${snapshot}`, `--file=${file}`, databaseUrl], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const described = await describeDatabase((text) => client.query(text), root);
    await dump.catch((error: { stderr?: string; message: string }) => {
      throw new BackupError(`pg_dump failed: ${(error.stderr || error.message).trim()}`);
    });
    await client.query("commit");
    return described;
  } finally {
    await client.end();
  }
}

function tar(args: string[]) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn("tar", args, { stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (chunk: Buffer) => (stderr += String(chunk)));
    child.on("error", reject);
    // GNU tar exits with 1 when a file changed while it read it: an upload written meanwhile,
    // whose row the database dump (taken first) does not hold yet. The archive is still whole.
    child.on("exit", (code) =>
      code === 0 || code === 1 ? resolve() : reject(new BackupError(`tar failed (${code}): ${stderr.trim()}`)),
    );
  });
}

function packageVersion(root: string) {
  return (JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { version: string }).version;
}

/** Writes the whole instance to `output` (a .tar.gz); returns its manifest. */
export async function createBackup(options: {
  dataDir: string;
  databaseUrl?: string;
  output: string;
  root?: string;
}): Promise<Manifest> {
  const root = options.root ?? process.cwd();
  const dataDir = path.resolve(options.dataDir);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-backup-"));
  try {
    fs.mkdirSync(path.join(staging, "database"));
    let described: Described;
    if (options.databaseUrl) {
      described = await dumpPostgres(options.databaseUrl, path.join(staging, "database/postgres.dump"), root);
    } else {
      described = await copyPglite(dataDir, path.join(staging, "database/pglite"), root);
    }
    const hasUploads = fs.existsSync(path.join(dataDir, "uploads"));
    const hasSecrets = fs.existsSync(path.join(dataDir, "secrets.json"));
    const manifest: Manifest = {
      format: 1,
      createdAt: new Date().toISOString(),
      engine: options.databaseUrl ? "postgres" : "pglite",
      engineVersion: options.databaseUrl
        ? described.version
        : `@electric-sql/pglite ${packageVersion(path.join(root, "node_modules/@electric-sql/pglite"))} (PostgreSQL ${described.version})`,
      migration: described.migration,
      counts: described.counts,
      uploads: uploadsSummary(dataDir),
      secrets: hasSecrets,
      plotlineVersion: packageVersion(root),
    };
    fs.writeFileSync(path.join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    const output = path.resolve(options.output);
    fs.mkdirSync(path.dirname(output), { recursive: true });
    const partial = `${output}.partial-${randomBytes(4).toString("hex")}`;
    const fromDataDir = [...(hasUploads ? ["uploads"] : []), ...(hasSecrets ? ["secrets.json"] : [])];
    try {
      await tar([
        "-czf",
        partial,
        "--exclude=uploads/tmp",
        "-C",
        staging,
        "manifest.json",
        "database",
        ...(fromDataDir.length ? ["-C", dataDir, ...fromDataDir] : []),
      ]);
      fs.chmodSync(partial, 0o600); // it holds the secrets and everyone's data
      fs.renameSync(partial, output);
    } finally {
      fs.rmSync(partial, { force: true });
    }
    return manifest;
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Reads an archive's manifest without unpacking the rest. */
export async function readManifest(archive: string): Promise<Manifest> {
  const { stdout } = await run("tar", ["-xzOf", archive, "manifest.json"], { maxBuffer: 16 * 1024 * 1024 });
  return JSON.parse(stdout) as Manifest;
}

function isEmptyDir(dir: string) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * Restores an archive into `dataDir` (and, for a PostgreSQL backup, into `databaseUrl`). Both
 * must be empty unless `force`; nothing may run on them meanwhile. Checks the restored
 * database's counts against the manifest and returns both.
 */
export async function restoreBackup(options: {
  archive: string;
  dataDir: string;
  databaseUrl?: string;
  force?: boolean;
  root?: string;
}) {
  const root = options.root ?? process.cwd();
  const dataDir = path.resolve(options.dataDir);
  const archive = path.resolve(options.archive);
  if (!fs.existsSync(archive)) throw new BackupError(`No archive at ${archive}`);
  const manifest = await readManifest(archive);
  if (manifest.format !== 1) throw new BackupError(`Unknown archive format ${String(manifest.format)}`);
  if (manifest.engine === "postgres" && !options.databaseUrl) {
    throw new BackupError(
      "This archive holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore into",
    );
  }
  if (manifest.engine === "pglite" && options.databaseUrl) {
    throw new BackupError("This archive holds the embedded database: unset DATABASE_URL to restore it into DATA_DIR");
  }
  if (!options.force && !isEmptyDir(dataDir)) {
    throw new BackupError(`${dataDir} is not empty: restore into an empty DATA_DIR, or pass --force to replace it`);
  }
  // Never under a running server: it holds the lock (the embedded engine's, kept by the app for DATA_DIR).
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    throw new BackupError(`Stop the server first: ${error instanceof Error ? error.message : String(error)}`);
  }
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-restore-"));
  try {
    await tar(["-xzf", archive, "-C", staging]);
    let restored: Described;
    if (manifest.engine === "postgres") {
      restored = await restorePostgres(options.databaseUrl!, path.join(staging, "database/postgres.dump"), {
        force: Boolean(options.force),
        root,
      });
    } else {
      const target = path.join(dataDir, "pglite");
      fs.rmSync(target, { recursive: true, force: true });
      fs.cpSync(path.join(staging, "database/pglite"), target, { recursive: true });
      // Opening it replays the little that followed the copy's checkpoint; closing it leaves it clean.
      const pglite = await PGlite.create(target);
      try {
        restored = await describeDatabase(pgliteQuery(pglite), root);
        await pglite.exec("checkpoint");
      } finally {
        await pglite.close();
      }
    }
    for (const entry of ["uploads", "secrets.json"]) {
      const from = path.join(staging, entry);
      const to = path.join(dataDir, entry);
      fs.rmSync(to, { recursive: true, force: true });
      if (fs.existsSync(from)) fs.cpSync(from, to, { recursive: true, preserveTimestamps: true });
    }
    const mismatched = Object.keys({ ...manifest.counts, ...restored.counts }).filter(
      (table) => manifest.counts[table] !== restored.counts[table],
    );
    if (mismatched.length) {
      throw new BackupError(
        `The restored database differs from the archive's manifest in ${mismatched
          .map(
            (table) =>
              `${table} (${restored.counts[table] ?? "missing"} rows, expected ${manifest.counts[table] ?? "none"})`,
          )
          .join(", ")}`,
      );
    }
    return { manifest, restored };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release();
  }
}

async function restorePostgres(databaseUrl: string, file: string, options: { force: boolean; root: string }) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await checkClientVersion(client, "pg_restore");
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema')`,
    );
    if (!options.force && (rows[0]?.n ?? 0) > 0) {
      throw new BackupError(
        `The database at DATABASE_URL is not empty (${rows[0]?.n} tables): restore into an empty database (createdb), or pass --force to replace its contents`,
      );
    }
    await run(
      "pg_restore",
      [
        "--no-owner",
        "--no-privileges",
        "--exit-on-error",
        ...(options.force ? ["--clean", "--if-exists"] : []),
        `--dbname=${databaseUrl}`,
        file,
      ],
      { maxBuffer: 16 * 1024 * 1024 },
    ).catch((error: { stderr?: string; message: string }) => {
      throw new BackupError(`pg_restore failed: ${(error.stderr || error.message).trim()}`);
    });
    return await describeDatabase((text) => client.query(text), options.root);
  } finally {
    await client.end();
  }
}
