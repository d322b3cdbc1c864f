import { db } from "./index";
import type { Database } from "./client";

/**
 * A statement every page runs, built once per open database and prepared by name. Drizzle
 * otherwise builds the SQL text again on every call (about 0.25 ms of CPU for a simple
 * select, 0.7 ms for the sidebar's), and PostgreSQL parses and plans it again; a prepared
 * statement sends only its parameters (`sql.placeholder`s in the statement). The open
 * database changes between test files, so the statement is kept per database.
 */
export function prepared<T>(build: (database: Database) => T): () => T {
  const built = new WeakMap<Database, T>();
  return () => {
    const database = db();
    let statement = built.get(database);
    if (!statement) {
      statement = build(database);
      built.set(database, statement);
    }
    return statement;
  };
}
