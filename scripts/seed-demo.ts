// `npm run seed:demo`: a demo account and its team of four, three projects full of tasks and
// the team calendar, in the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR while no server holds it). The sign-in address printed is the configured APP_URL
// (by default http://localhost:$PORT), read through the env module like everything else.
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { setDatabase } from "~/.server/db";
import { seedDemo } from "~/.server/demo/seed";
import { env } from "~/.server/env";

try {
  const config = env();
  if (config.supabase)
    throw new Error("SUPABASE_URL is set: the demo seed creates its user in the built-in auth service only");
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await prepareDatabase(handle);
    setDatabase(handle);
    const result = await seedDemo();
    console.log(result.created ? "Demo data created." : "The demo account already exists; nothing changed.");
    console.log(`Sign in at ${config.appUrl}/auth/signin with ${result.email} / ${result.password}`);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
} catch (error) {
  console.error(`Seeding failed: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
