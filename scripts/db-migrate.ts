// `npm run db:migrate`: applies the committed migrations to the configured database
// (DATABASE_URL, or the embedded one in DATA_DIR), then the other boot steps (the built-in
// templates), exactly as the server does at start.
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { env } from "~/.server/env";

try {
  const config = env();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(handle);
    console.log(`Migrations applied to ${handle.engine} at ${handle.location}`);
  } finally {
    await handle.close();
  }
} catch (error) {
  console.error(`Migration failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
