import fs from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";

import { defineConfig } from "vitest/config";

const TEST_FOLDERS = ["app", "server", "tests/integration"];
const ALL = TEST_FOLDERS.map((folder) => `${folder}/**/*.test.{ts,tsx}`);
/**
 * Files that configure the app through the environment before importing it (env() reads it
 * once, when the module first loads) or replace a module: each needs a module graph of its
 * own. Found by what they contain, so a new file like that never shares modules.
 */
const OWN_MODULES = TEST_FOLDERS.flatMap((folder) =>
  fs.readdirSync(folder, { recursive: true }).map((file) => path.join(folder, String(file))),
)
  .filter((file) => /\.test\.tsx?$/.test(file))
  .filter((file) => /vi\.stubEnv|vi\.mock|vi\.doMock|process\.env\.\w+ *=[^=]/.test(fs.readFileSync(file, "utf8")));

// Kept apart from vite.config.ts so the React Router plugin stays out of unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Vitest's default is one worker fewer than the cores: a single one on a 2-core machine.
    // The integration tests wait on PostgreSQL, local HTTP servers and timers, so at least
    // three files at a time keep two cores busy (measured: 2 workers 149–208 s, 3 workers
    // 81–151 s for the whole suite with TEST_DATABASE_URL, back to back on a loaded machine).
    maxWorkers: Math.max(3, availableParallelism()),
    // Worker threads rather than child processes: the same files and isolation (each file
    // its own module graph), at less CPU to start and import (measured back to back: 104 s
    // with forks, 83–85 s with threads; a fourth worker gained nothing).
    pool: "threads",
    globalSetup: ["./tests/setup/global-setup.ts"],
    setupFiles: ["./tests/setup/vitest.setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        // Most files keep the modules a worker has already loaded (route modules and the app's
        // server code cost ~0.6 s a file to load again): each sets up its own database.
        test: { name: "shared", include: ALL, exclude: OWN_MODULES, isolate: false },
      },
      { extends: true, test: { name: "own-modules", include: OWN_MODULES } },
    ],
  },
});
