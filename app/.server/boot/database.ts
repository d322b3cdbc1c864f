import type { DatabaseHandle } from "../db/client";
import { seedBuiltInTemplates } from "../templates/seed";

/**
 * The boot steps that bring an open database to where the app can use it, in order:
 * `migrate()` changes the schema only (the auth service's `auth` schema is one of the
 * committed migrations, 0002), then the rows Plotline ships with rather than users create
 * are brought up to date. Every path that opens a database for the app runs them: the
 * server at start (server/app.ts), `npm run db:migrate` and the other scripts, and the
 * tests' databases (tests/setup/).
 */
const DATABASE_BOOT_STEPS: { name: string; run: (handle: DatabaseHandle) => Promise<unknown> }[] = [
  { name: "migrate the database", run: (handle) => handle.migrate() },
  { name: "seed the built-in templates", run: (handle) => seedBuiltInTemplates(handle.db) },
];

/** Runs the boot steps; a failure says in one line which step failed, where and why. */
export async function prepareDatabase(handle: DatabaseHandle) {
  for (const step of DATABASE_BOOT_STEPS) {
    try {
      await step.run(handle);
    } catch (error) {
      throw new Error(`Could not ${step.name} at ${handle.location}: ${rootMessage(error)}`, { cause: error });
    }
  }
}

/**
 * The root cause in one line: drizzle wraps the driver's error ("Failed query: ...") in
 * `cause`, and pg reports a refused connection as an AggregateError without a message.
 */
function rootMessage(error: unknown): string {
  if (error instanceof AggregateError && error.errors[0]) return rootMessage(error.errors[0]);
  if (error instanceof Error && error.cause) return rootMessage(error.cause);
  return error instanceof Error ? (error.message.split("\n")[0] ?? error.name) : String(error);
}
