// `npm run db:repair-positions`: re-spaces every status column whose task positions went
// wrong (unreadable or overlong keys), on the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR; stop the server first when it is PGlite, which one process owns).
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { setDatabase } from "~/.server/db";
import { env } from "~/.server/env";
import { repairPositions } from "~/.server/tasks/repair-positions";

try {
  const config = env();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  setDatabase(handle);
  try {
    await prepareDatabase(handle);
    const repaired = await repairPositions();
    if (repaired.length === 0) console.log("Every column's positions are sound: nothing to repair.");
    for (const column of repaired)
      console.log(`Re-spaced ${column.tasks} tasks in "${column.name}" (${column.statusId})`);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
} catch (error) {
  console.error(`Repair failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
