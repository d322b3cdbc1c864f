import fs from "node:fs";
import path from "node:path";

import { describe, expect, it } from "vitest";

import { processCount } from "../../server/cluster-primary.js";
import { parseEnv } from "./env";

const ROOT = path.resolve(import.meta.dirname, "../..");

/**
 * The names a reader of the environment asks for, recorded by handing it an empty
 * environment that notes every lookup: what the code really reads, whatever the shape of
 * its schema (a helper like `flag("X")`, a key written twice, a computed one).
 */
function namesReadBy(read: (source: Record<string, string | undefined>) => unknown) {
  const names = new Set<string>();
  const source = new Proxy({} as Record<string, string | undefined>, {
    get(_target, key) {
      if (typeof key === "string") names.add(key);
      return undefined;
    },
  });
  read(source);
  return names;
}

/** The variables named in the first column of the README's Configuration table. */
function documentedNames() {
  const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? "";
  const firstCells = section
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .map((line) => line.split("|")[1] ?? "");
  return new Set(
    firstCells.flatMap((cell) => [...cell.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].flatMap((match) => match[1] ?? [])),
  );
}

const read = new Set([...namesReadBy((source) => parseEnv(source)), ...namesReadBy(processCount)]);

describe("the README's settings table", () => {
  it("documents every variable the server reads", () => {
    expect(read.size).toBeGreaterThan(30);
    expect([...read].filter((name) => !documentedNames().has(name))).toEqual([]);
  });

  it("documents only variables the server reads", () => {
    expect([...documentedNames()].filter((name) => !read.has(name))).toEqual([]);
  });

  it("is complete because env.ts and WEB_CONCURRENCY's check are the only readers of process.env", () => {
    // Scripts for benchmarks and tests read their own BENCH_*/TEST_* variables; the app does not.
    const readers = ["app", "server"]
      .flatMap((folder) =>
        fs.readdirSync(path.join(ROOT, folder), { recursive: true }).map((file) => path.join(folder, String(file))),
      )
      .filter((file) => /\.(ts|tsx|js)$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /process\.env\b/.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
    expect(readers.sort()).toEqual(["app/.server/env.ts", "server/cluster-primary.js"]);
  });
});
