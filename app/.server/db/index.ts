import type { DatabaseHandle } from "./client";

/**
 * The process's open database, set once at boot (server/app.ts) and kept on globalThis so
 * development reloads of this module reuse the same connection.
 */
const holder = globalThis as typeof globalThis & { __plotlineDatabase?: DatabaseHandle };

export function setDatabase(handle: DatabaseHandle | undefined) {
  holder.__plotlineDatabase = handle;
}

export function database(): DatabaseHandle {
  const handle = holder.__plotlineDatabase;
  if (!handle) throw new Error("The database is not open: call boot() first");
  return handle;
}

/** Shorthand for the Drizzle instance, for data access functions. */
export const db = () => database().db;
