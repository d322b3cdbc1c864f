// `node server/pglite-init.js DIR`: makes a new embedded database in DIR (PGlite's initdb),
// applies the migrations (drizzle/) and exits. app/.server/db/pglite-thread.ts runs it as a
// process of its own before the server's database thread opens DIR: initdb runs a second
// Postgres instance beside PGlite's own, and the ~80 migrations from nothing grow Postgres's
// memory too; WebAssembly memory is never given back, nor, in a thread that ends, the
// allocator's pages. In the server, the first start idled at twice the RSS of a later one
// (decision 038). The server's own boot steps then find nothing left to migrate.
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

import { pgliteOptions } from "./pglite-settings.js";

try {
  const pglite = await PGlite.create(process.argv[2], pgliteOptions());
  // A migration that fails here fails again in the server's boot steps, which say which
  // step failed and where: this process only gets ahead of them.
  await migrate(drizzle(pglite), { migrationsFolder: path.resolve(process.cwd(), "drizzle") }).catch(() => {});
  await pglite.close();
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
