// Process A of the real-time cluster test (tests/integration/realtime-cluster.test.ts): opens
// the same PostgreSQL database as the test (DATABASE_URL) and, for each line `<title>` on
// stdin, creates a task through the real use case as WRITER_USER_ID in WRITER_PROJECT_ID.
// Answers on stdout with lines starting `@@` (the logger may write its own lines there).
import readline from "node:readline";

import { setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { createTask } from "~/.server/tasks/tasks";

const databaseUrl = process.env.DATABASE_URL;
const userId = process.env.WRITER_USER_ID;
const projectId = process.env.WRITER_PROJECT_ID;
if (!databaseUrl || !userId || !projectId)
  throw new Error("DATABASE_URL, WRITER_USER_ID and WRITER_PROJECT_ID are needed");

const handle = await openDatabase({ databaseUrl, dataDir: "unused" });
setDatabase(handle);
await handle.ping(); // a warm connection, so a write answers in milliseconds once asked
console.log("@@ready");

const actor = { userId, ip: "127.0.0.1" };
for await (const title of readline.createInterface({ input: process.stdin })) {
  const task = await createTask(actor, { projectId, title });
  console.log(`@@${JSON.stringify(task)}`);
}
await handle.close();
