// `npm run backup [-- <file>]`: the whole instance in one .tar.gz (default
// backups/plotline-<engine>-<time>.tar.gz): the database (the embedded one asked of the
// running server, or read from DATA_DIR when none runs; PostgreSQL with pg_dump), the uploads
// and the generated secrets, with a manifest (engine, migration, rows per table).
// Reads the same configuration as the server (DATA_DIR, DATABASE_URL). docs/operations.md.
import path from "node:path";

import { BackupError, createBackup } from "~/.server/backup/archive";
import { env } from "~/.server/env";

try {
  const config = env();
  const engine = config.databaseUrl ? "postgres" : "pglite";
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const output = process.argv[2] ?? path.join("backups", `plotline-${engine}-${stamp}.tar.gz`);
  const manifest = await createBackup({ dataDir: config.dataDir, databaseUrl: config.databaseUrl, output });
  const rows = Object.values(manifest.counts).reduce((sum, count) => sum + count, 0);
  console.log(
    `Backup written to ${path.resolve(output)}: ${manifest.engine}, migration ${manifest.migration?.tag ?? "none"}, ` +
      `${Object.keys(manifest.counts).length} tables (${rows} rows), ${manifest.uploads.files} uploaded files`,
  );
} catch (error) {
  console.error(`Backup failed: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof BackupError) && error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
}
