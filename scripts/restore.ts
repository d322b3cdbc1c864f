// `npm run restore -- <file> [--force]`: restores a `npm run backup` archive into DATA_DIR
// (and DATABASE_URL for a PostgreSQL backup), which must be empty unless --force, with no
// server running on them. Checks the restored rows per table against the manifest; start the
// server afterwards (it applies any newer migrations). docs/operations.md.
import { BackupError, restoreBackup } from "~/.server/backup/archive";
import { env } from "~/.server/env";

const args = process.argv.slice(2);
const force = args.includes("--force");
const archive = args.find((arg) => !arg.startsWith("--"));

if (!archive) {
  console.error("Usage: npm run restore -- <backup.tar.gz> [--force]");
  process.exit(1);
}

try {
  const config = env();
  const { manifest } = await restoreBackup({
    archive,
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    force,
  });
  console.log(
    `Restored the backup of ${manifest.createdAt} (${manifest.engine}, migration ${manifest.migration?.tag ?? "none"}) ` +
      `into ${config.databaseUrl ? "DATABASE_URL and " : ""}${config.dataDir}: ` +
      `${Object.keys(manifest.counts).length} tables with the same row counts, ${manifest.uploads.files} uploaded files.`,
  );
} catch (error) {
  console.error(`Restore failed: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof BackupError) && error instanceof Error && error.stack) console.error(error.stack);
  process.exitCode = 1;
}
