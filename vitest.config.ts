import { availableParallelism } from "node:os";

import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so the React Router plugin stays out of unit tests.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "server/**/*.test.ts", "tests/integration/**/*.test.ts"],
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
  },
});
