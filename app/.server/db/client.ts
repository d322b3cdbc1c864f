import path from "node:path";

import { PGlite } from "@electric-sql/pglite";
import type { SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";

import { pgliteOptions } from "../../../server/pglite-settings.js";
import { acquireDataDirLock } from "./lock";
import { startPgliteThread, type PgliteThread } from "./pglite-thread";
import { queryCounter } from "./query-count";
import * as authSchema from "../auth-service/schema";
import * as appSchema from "./schema";

/** The app's tables and the auth service's (`auth` schema), in one Drizzle schema. */
const schema = { ...appSchema, ...authSchema };

/** One Drizzle type for both engines: the code above this module never knows which it has. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export type DatabaseHandle = {
  db: Database;
  engine: "pglite" | "postgres";
  /** Where the data lives, without credentials. */
  location: string;
  /**
   * Applies the committed migrations (drizzle/) and nothing else; the rows the app ships
   * with are a boot step of their own (app/.server/boot/database.ts).
   */
  migrate(): Promise<void>;
  /** PostgreSQL's connection pool as it is now (for /metrics); PGlite has none. */
  pool?: () => PoolUse;
  /**
   * PGlite only, for `npm run backup`: runs `work` while the database holds still (no other
   * statement runs, its files on disk are current), so they can be copied as they are.
   */
  holdStill?: <T>(work: (query: RawQuery) => Promise<T>) => Promise<T>;
  /** Resolves when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
};

/** A statement's text run as it is, answering its rows. */
export type RawQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export type PoolUse = { busy: number; idle: number; waiting: number; max: number };

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function queryRows<T>(db: Database | Transaction, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export const migrationsFolder = path.resolve(process.cwd(), "drizzle");

/**
 * Opens PostgreSQL when a URL is given, otherwise PGlite in `dataDir` (or in memory for
 * `memory://`). The PGlite directory is locked for this process until `close()`.
 * `loadDataDir` starts a new PGlite from a dump (`dumpDataDir()`): the tests' migrated template.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  loadDataDir?: Blob;
  /** PGlite on a thread of its own (the server); scripts and tests keep it in-process. */
  thread?: boolean;
}): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl) : openPglite(options);
}

async function openPostgres(connectionString: string): Promise<DatabaseHandle> {
  const max = 10;
  const pool = new pg.Pool({ connectionString, connectionTimeoutMillis: 3000, max });
  // An idle client losing its server must not crash the process; the pool reconnects.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema, logger: queryCounter }) as unknown as Database;
  const url = new URL(connectionString);
  return {
    db,
    engine: "postgres",
    location: `${url.hostname}:${url.port || 5432}${url.pathname}`,
    migrate: () => migratePg(drizzlePg(pool, { schema }), { migrationsFolder }),
    pool: () => ({ busy: pool.totalCount - pool.idleCount, idle: pool.idleCount, waiting: pool.waitingCount, max }),
    ping: (timeoutMs = 2000) => withTimeout(pool.query("select 1"), timeoutMs),
    close: () => pool.end(),
  };
}

async function openPglite(options: { dataDir: string; loadDataDir?: Blob; thread?: boolean }): Promise<DatabaseHandle> {
  const { dataDir, loadDataDir, thread } = options;
  const inMemory = dataDir.startsWith("memory://");
  const dir = inMemory ? dataDir : path.join(dataDir, "pglite");
  const release = inMemory ? () => {} : acquireDataDirLock(dataDir);
  let client: PGlite | PgliteThread;
  try {
    client = thread
      ? await startPgliteThread(dir, loadDataDir)
      : await PGlite.create(dir, pgliteOptions(loadDataDir ? { loadDataDir } : {}));
  } catch (error) {
    release();
    throw error;
  }
  // Drizzle calls only query, exec and transaction, which the thread's proxy answers alike.
  const db = drizzlePglite(client as PGlite, { schema, logger: queryCounter });
  const handle: DatabaseHandle = {
    db: db as unknown as Database,
    engine: "pglite",
    location: dir,
    migrate: () => migratePglite(db, { migrationsFolder }),
    holdStill: (work) => holdPgliteStill(client, work),
    ping: (timeoutMs = 2000) => withTimeout(client.query("select 1"), timeoutMs),
    close: async () => {
      try {
        if (!client.closed) await client.close();
      } finally {
        release();
      }
    },
  };
  return handle;
}

/**
 * Runs `work` inside a transaction whose lock keeps every other statement and transaction
 * out, after a checkpoint in it: meanwhile PGlite (single-threaded, no background processes)
 * writes nothing, and its data directory on disk is current, so a copy of the files taken
 * then opens as the database was (`npm run backup`, app/.server/backup/archive.ts).
 */
export async function holdPgliteStill<T>(
  client: Pick<PGlite | PgliteThread, "transaction">,
  work: (query: RawQuery) => Promise<T>,
): Promise<T> {
  return client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    return work((text) => tx.query<Record<string, unknown>>(text));
  });
}

async function withTimeout(promise: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
