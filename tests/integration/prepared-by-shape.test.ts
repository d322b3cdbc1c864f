import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { preparedByShape } from "~/.server/db/prepared";
import { profiles } from "~/.server/db/schema";
import { engines, useTestDatabase } from "../setup/database";
import { buildUser } from "../setup/factories";

/**
 * Statements kept by shape: built once per shape and run with each call's values (never
 * the first call's), and past the limit built with the values every time, unprepared.
 */
describe.each(engines)("statements prepared by shape on %s", (engine) => {
  useTestDatabase(engine);

  it("builds a shape once, runs it with each call's values, and past the limit builds every time", async () => {
    const ann = await buildUser({ fullName: "Ann Able" });
    const bob = await buildUser({ fullName: "Bob Baker" });
    const run = preparedByShape<{ id: string; prefix?: string }>("shape_test", 1);
    const builds: string[] = [];
    const names = (shape: "by id" | "by id and name", values: { id: string; prefix?: string }) =>
      run(shape, values, (param) => {
        builds.push(shape);
        const byName = shape === "by id and name" ? sql`and ${profiles.fullName} like ${param("prefix")}` : sql``;
        return db()
          .select({ name: profiles.fullName })
          .from(profiles)
          .where(sql`${profiles.id} = ${param("id")}::uuid ${byName}`);
      });

    expect(await names("by id", { id: ann.id })).toEqual([{ name: "Ann Able" }]);
    expect(await names("by id", { id: bob.id })).toEqual([{ name: "Bob Baker" }]);
    expect(builds).toEqual(["by id"]);

    // A second shape is over the limit of one: built with its values on every call.
    expect(await names("by id and name", { id: bob.id, prefix: "Bob%" })).toEqual([{ name: "Bob Baker" }]);
    expect(await names("by id and name", { id: bob.id, prefix: "Ann%" })).toEqual([]);
    expect(builds).toEqual(["by id", "by id and name", "by id and name"]);

    // The kept shape still answers with new values.
    expect(await names("by id", { id: ann.id })).toEqual([{ name: "Ann Able" }]);
    expect(builds).toHaveLength(3);
  });
});
