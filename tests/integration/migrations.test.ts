import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { queryRows } from "~/.server/db/client";
import { profiles } from "~/.server/db/schema";
import { createTestDatabase, engines, type TestDatabase } from "../setup/database";

describe.each(engines)("migrations on %s", (engine) => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(engine, { fresh: true });
  });
  afterAll(async () => {
    await database?.drop();
  });

  it("creates the profiles table of spec section 3", async () => {
    const rows = await queryRows<{ column_name: string; data_type: string }>(
      database.db,
      sql`select column_name, data_type from information_schema.columns where table_name = 'profiles' order by ordinal_position`,
    );
    expect(rows.map((row) => [row.column_name, row.data_type])).toEqual([
      ["id", "uuid"],
      ["email", "text"],
      ["full_name", "text"],
      ["avatar_url", "text"],
      ["updated_at", "timestamp with time zone"],
    ]);
  });

  it("records each migration once, and a second run changes nothing", async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
        ?.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await database.migrate();
    expect(await count()).toBe(before);
  });

  it("upserts a profile keyed on id, as the sign-in sync does", async () => {
    const id = "0b8f7a1e-3c55-4a4e-9d55-7c8e7f9d1a01";
    const upsert = (fullName: string) =>
      database.db
        .insert(profiles)
        .values({ id, email: "ada@example.com", fullName })
        .onConflictDoUpdate({ target: profiles.id, set: { fullName, updatedAt: new Date() } })
        .returning();
    await upsert("Ada");
    const [row] = await upsert("Ada Lovelace");
    expect(row).toMatchObject({ id, email: "ada@example.com", fullName: "Ada Lovelace", avatarUrl: null });
    const all = await database.db.select().from(profiles);
    expect(all).toHaveLength(1);
  });
});
