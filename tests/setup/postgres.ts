import pg from "pg";

/**
 * For test files that exercise several processes and so need a PostgreSQL server (CI runs
 * them on a machine that has one): TEST_DATABASE_URL, or the local default. Fails with a
 * message that says so when it cannot connect, rather than skipping quietly.
 */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

export async function requirePostgres() {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query("select 1");
  } catch (error) {
    throw new Error(
      `This test needs PostgreSQL (set TEST_DATABASE_URL; tried ${new URL(POSTGRES_URL).host}): ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs `work` on a connection to the PostgreSQL server of POSTGRES_URL (to make and drop databases). */
export async function withPostgres(work: (client: pg.Client) => Promise<unknown>) {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
