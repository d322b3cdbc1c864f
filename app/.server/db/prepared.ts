import { sql } from "drizzle-orm";

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

/** A query that can run as it is, or be prepared by name and run with values for its placeholders. */
type Preparable<Row> = PromiseLike<Row[]> & {
  prepare(name: string): { execute(values?: Record<string, unknown>): Promise<Row[]> };
};

/**
 * Statements whose text follows a shape (which filters a list has, its grouping, its
 * order), each shape built and prepared once per open database, like `prepared` above.
 * `build(param)` writes the statement with `param(name)` wherever a value goes: a
 * placeholder when the statement is kept, the value itself otherwise. Past `limit` shapes a
 * statement is built with its values on every call and not prepared, because a named
 * statement stays on each connection that ran it for as long as the connection lives.
 */
export function preparedByShape<Values extends Record<string, unknown>>(prefix: string, limit = 64) {
  const built = new WeakMap<Database, Map<string, { execute(values: Values): Promise<unknown[]> }>>();
  return <Row>(
    shape: string,
    values: Values,
    build: (param: (name: keyof Values & string) => unknown) => Preparable<Row>,
  ): Promise<Row[]> => {
    const database = db();
    let shapes = built.get(database);
    if (!shapes) built.set(database, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (!statement) {
      if (shapes.size >= limit) return Promise.resolve(build((name) => values[name]));
      statement = build((name) => sql.placeholder(name)).prepare(`${prefix}_${shapes.size + 1}`);
      shapes.set(shape, statement);
    }
    return statement.execute(values) as Promise<Row[]>;
  };
}
