// How the embedded database (PGlite) is opened: on its thread (server/pglite-worker.js) and
// in-process (app/.server/db/client.ts: scripts, tests). Decision 038 and BENCHMARKS.md
// ("Memory footprint and start times") have the measurements behind each setting.
import { PGlite } from "@electric-sql/pglite";

/**
 * Postgres settings on top of PGlite's own start parameters (single-user mode, no parallel
 * workers). PGlite's Postgres starts with the stock `postgresql.conf`, sized for a server:
 * - shared_buffers 128 MB → 16 MB. Postgres clears its buffer pool at start, so all of it
 *   was resident from the first second, in WebAssembly memory that never shrinks. PGlite
 *   reads its files through Node, so the operating system's page cache keeps what falls
 *   out of the pool; the pages measured no slower (BENCHMARKS.md).
 * - max_wal_size 1 GB → 64 MB, min_wal_size 80 MB → 32 MB. Single-user Postgres has no
 *   checkpointer: nothing checkpoints on a timer, only when the WAL reaches max_wal_size,
 *   so after a crash (kill -9, power loss) everything written since the last one is
 *   replayed at the next start. 64 MB bounds that replay to a second or two. (The thread
 *   also checkpoints after a quiet minute following writes.)
 * - max_connections 100 → 8: the lock table and the per-backend arrays are sized by it, and
 *   single-user mode has one backend.
 */
export const PGLITE_SETTINGS = {
  shared_buffers: "16MB",
  max_wal_size: "64MB",
  min_wal_size: "32MB",
  max_connections: "8",
  maintenance_work_mem: "16MB",
};

/** PGlite.create's options for the app's database. */
export function pgliteOptions(extra = {}) {
  return {
    ...extra,
    startParams: [
      ...PGlite.defaultStartParams,
      ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
  };
}
