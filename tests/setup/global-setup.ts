import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { TestProject } from "vitest/node";

import { seedBuiltInTemplates } from "../../app/.server/templates/seed";

declare module "vitest" {
  export interface ProvidedContext {
    /** A dump of an in-memory PGlite with every migration applied (see database.ts). */
    pgliteTemplate: string;
  }
}

/**
 * Creating a PGlite database (its initdb) costs seconds per test file; loading a dump of
 * one already prepared (migrated, with the built-in templates, as prepareDatabase() leaves it) costs a
 * fraction. The dump is made once per set of migrations, built-in templates and PGlite
 * version and kept in .tmp.
 */
export default async function setup(project: TestProject) {
  const root = process.cwd();
  const migrationsFolder = path.join(root, "drizzle");
  const hash = createHash("sha256");
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(path.join(root, "node_modules/@electric-sql/pglite/package.json")));
  // The built-in templates are seeded by a boot step after the migrations (app/.server/boot/database.ts).
  const builtIns = path.join(root, "app/.server/templates");
  for (const file of fs.readdirSync(builtIns).sort())
    hash.update(file).update(fs.readFileSync(path.join(builtIns, file)));
  const template = path.join(root, ".tmp", `vitest-pglite-${hash.digest("hex").slice(0, 16)}.tar`);
  if (!fs.existsSync(template)) {
    const client = await PGlite.create("memory://");
    await migrate(drizzle(client), { migrationsFolder });
    await seedBuiltInTemplates(drizzle(client));
    const dump = await client.dumpDataDir("none");
    await client.close();
    fs.mkdirSync(path.dirname(template), { recursive: true });
    const staging = `${template}.${process.pid}`;
    fs.writeFileSync(staging, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(staging, template);
    for (const entry of fs.readdirSync(path.dirname(template))) {
      const old = path.join(path.dirname(template), entry);
      if (entry.startsWith("vitest-pglite-") && old !== template) fs.rmSync(old, { force: true });
    }
  }
  project.provide("pgliteTemplate", template);
}
