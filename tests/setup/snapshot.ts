import { sql } from "drizzle-orm";

import type { Database } from "~/.server/db/client";
import { queryRows } from "~/.server/db/client";

/**
 * Every row of every table in the public schema, as one string: two snapshots are equal
 * only if nothing was written in between.
 */
export async function snapshot(database: Database) {
  const tables = await queryRows<{ name: string }>(
    database,
    sql`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`,
  );
  const dump: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    dump[name] = await queryRows(database, sql.raw(`select * from "${name}" order by 1`));
  }
  return JSON.stringify(dump);
}
