import { types } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { startPgliteThread, type PgliteThread } from "./pglite-thread";

describe("PGlite on its own thread", () => {
  let db: PgliteThread;

  beforeAll(async () => {
    db = await startPgliteThread("memory://");
    await db.exec(`create table items (id int primary key, name text not null, at timestamptz default now())`);
  });
  afterAll(() => db.close());

  it("answers queries in object and array row modes, keeping asked-for types as text", async () => {
    await db.query("insert into items (id, name, at) values ($1, $2, $3)", [1, "one", "2026-01-02T03:04:05Z"]);
    const objects = await db.query<{ id: number; name: string; at: Date }>("select id, name, at from items");
    expect(objects.rows).toEqual([{ id: 1, name: "one", at: new Date("2026-01-02T03:04:05Z") }]);

    const arrays = await db.query("select id, at from items", [], {
      rowMode: "array",
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value },
    });
    expect(arrays.rows).toEqual([[1, "2026-01-02 03:04:05+00"]]);
    // Each list of text types is its own: another list, then none, parse as before.
    const ids = await db.query("select id, at from items", [], {
      rowMode: "array",
      parsers: { [types.INT4]: (value: string) => value },
    });
    expect(ids.rows).toEqual([["1", new Date("2026-01-02T03:04:05Z")]]);
    expect((await db.query("select id, name, at from items")).rows).toEqual(objects.rows);
  });

  it("commits a transaction's statements together and rolls them all back on an error", async () => {
    await db.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (10, 'ten')");
      await tx.query("insert into items (id, name) values (11, 'eleven')");
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query("insert into items (id, name) values (12, 'twelve')");
        throw new Error("changed my mind");
      }),
    ).rejects.toThrow("changed my mind");
    const { rows } = await db.query<{ id: number }>("select id from items where id >= 10 order by id");
    expect(rows.map((row) => row.id)).toEqual([10, 11]);
  });

  it("keeps statements prepared by text: the same answers with new parameters, beyond its limit, after errors", async () => {
    const text = "select id, name from items where id = $1 and at <= $2";
    const later = new Date("2030-01-01T00:00:00Z");
    expect((await db.query(text, [1, later])).rows).toEqual([{ id: 1, name: "one" }]);
    expect((await db.query(text, [2, later])).rows).toEqual([]);
    // A statement that fails when parsed is not kept; one that fails when run stays usable.
    await expect(db.query("select nope from items")).rejects.toMatchObject({ code: "42703" });
    await expect(db.query("select nope from items")).rejects.toMatchObject({ code: "42703" });
    const insert = "insert into items (id, name) values ($1, $2)";
    await expect(db.query(insert, [1, "dup"])).rejects.toMatchObject({ code: "23505" });
    await db.query(insert, [30, "thirty"]);
    // More distinct texts than are kept (256): the least recently used are closed, a statement
    // in use stays prepared, and one closed is prepared again when it comes back.
    const kept = () => db.query<{ statement: string }>("select statement from pg_prepared_statements");
    const first = "select 'first'::text as t";
    await db.query(first);
    for (let i = 0; i < 300; i++) {
      expect((await db.query(`select ${i}::int as n`)).rows).toEqual([{ n: i }]);
      if (i % 100 === 0) await db.query(text, [1, later]);
    }
    const statements = (await kept()).rows.map((row) => row.statement);
    expect(statements.length).toBeLessThanOrEqual(256);
    expect(statements).toContain(text);
    expect(statements).not.toContain(first);
    expect(statements).not.toContain("select 0::int as n");
    expect((await db.query(first)).rows).toEqual([{ t: "first" }]);
    expect((await db.query(text, [30, later])).rows).toEqual([{ id: 30, name: "thirty" }]);
    await db.query("delete from items where id = 30");
  });

  it("passes Postgres errors through with their fields", async () => {
    const error = await db.query("insert into items (id, name) values (1, 'again')").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: "23505", constraint: "items_pkey" });
  });

  it("runs a statement sent during an open transaction after it ends, as PGlite does in-process", async () => {
    const order: string[] = [];
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("insert into items (id, name) values (20, 'twenty')");
      outside = db.query("select count(*) from items where id = 20").then((result) => {
        order.push("outside");
        return result.rows[0];
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      order.push("commit");
    });
    expect(await outside).toEqual({ count: 1 });
    expect(order).toEqual(["commit", "outside"]);
  });

  // Last: it closes the database the others use.
  it("refuses statements once closed", async () => {
    await db.close();
    expect(db.closed).toBe(true);
    await expect(db.query("select 1")).rejects.toThrow("closed");
  });
});
