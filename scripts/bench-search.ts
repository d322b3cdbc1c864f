// `npm run bench:search` (also the last step of `npm run bench`): full-text search over
// 100,000 tasks in one workspace (plus 20,000 comments, 20 projects, 50 members, 6
// templates), seeded with SQL (generate_series) into a throwaway database, then the search
// the results page runs (every type, its first rows), timed per kind of query, in process.
// PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// skipped if down; BENCH_ENGINES=postgres,pglite adds the embedded engine (slower to seed).
// BENCH_EXPLAIN=1 prints EXPLAIN ANALYZE of the tasks' query for each kind.
// BENCH_SEARCHES sets the timed searches per kind (default 300, after 20 warm-up ones);
// BENCH_KEEP=1 keeps the PostgreSQL database (its name is printed) for a look with psql.
import { randomBytes, randomUUID } from "node:crypto";
import os from "node:os";

import { sql } from "drizzle-orm";

import { db, setDatabase } from "~/.server/db";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase, queryRows, type DatabaseHandle } from "~/.server/db/client";
import { SUMMARY_LIMITS } from "~/.server/search/page";
import { parseSearchQuery } from "~/.server/search/parse";
import { readRows, search, tasksByTextQuery } from "~/.server/search/search";
import { ADMIN_URL, admin, cpuMs, ms, percentile } from "./bench-support";

const TASKS = 100_000;
const PROJECTS = 20;
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);

/** A vocabulary for titles and descriptions: each word is in about 1 % of titles and 5 % of descriptions. */
const WORDS = `design review release report refactor research roadmap budget launch campaign
  invoice customer feedback survey onboarding checklist pipeline deploy server database backup
  migration schema index query cache latency metrics dashboard alert incident postmortem security
  audit password login signup billing pricing plan upgrade mobile android iphone tablet desktop
  browser layout header footer sidebar button modal dialog form field validation error message
  email newsletter template content article blog video podcast webinar event meeting agenda notes
  minutes contract legal privacy policy terms vendor partner hiring interview candidate offer team
  sprint backlog estimate story epic bug crash freeze slow fast memory storage upload download export
  import sync api webhook token session cookie theme colour font icon image logo banner print label
  shipping order cart checkout payment refund tax currency report quarterly annual goal objective
  result milestone deadline calendar schedule reminder holiday travel office laptop monitor network
  printer support ticket chat phone translation locale accessibility keyboard screen reader contrast
  test unit integration staging production rollback hotfix patch version changelog docs guide tutorial`
  .split(/\s+/)
  .filter(Boolean);

/** The kinds of query the issue asks about, as typed in the box. */
const KINDS: { kind: string; query: string }[] = [
  { kind: "rare word (10 tasks)", query: "quasar" },
  { kind: "common word (every task)", query: "task" },
  { kind: "two words", query: "design review" },
  { kind: "short prefix (2 letters)", query: "re" },
  { kind: "one letter (whole word)", query: "a" },
  { kind: "task key", query: "PRJ7-4242" },
  { kind: "no match", query: "xylophonequartz" },
];

type Engine = "postgres" | "pglite";
const engines = (process.env.BENCH_ENGINES ?? "postgres").split(",") as Engine[];
const results: {
  engine: Engine;
  kind: string;
  query: string;
  timings: number[];
  found: string;
  /** CPU time per search, of this process and the PostgreSQL backends it used (null where unknown). */
  cpu: number | null;
}[] = [];

for (const engine of engines) {
  const target = await open(engine);
  if (!target) continue;
  setDatabase(target.handle);
  try {
    const started = performance.now();
    const userId = await seed();
    console.log(`${engine}: seeded ${TASKS.toLocaleString("en")} tasks in ${ms(performance.now() - started)}`);
    for (const { kind, query } of KINDS) {
      const parsed = parseSearchQuery(query);
      for (let i = 0; i < 20; i++) await search(userId, parsed, SUMMARY_LIMITS);
      const timings: number[] = [];
      let found = "";
      const cpuBefore = await cpuNow(engine);
      for (let i = 0; i < SEARCHES; i++) {
        const before = performance.now();
        const answer = await search(userId, parsed, SUMMARY_LIMITS);
        timings.push(performance.now() - before);
        found = `${answer.tasks.total}${answer.tasks.capped ? "+" : ""} tasks, ${answer.comments.total}${answer.comments.capped ? "+" : ""} comments`;
      }
      const cpuAfter = await cpuNow(engine);
      const cpu = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / SEARCHES : null;
      results.push({ engine, kind, query, timings: timings.sort((a, b) => a - b), found, cpu });
      if (process.env.BENCH_EXPLAIN && parsed.tsquery) await explain(engine, kind, userId, parsed.tsquery);
    }
  } finally {
    setDatabase(undefined);
    await target.close();
  }
}

console.log(
  `\nSearch (every type, the results page's first rows) over ${TASKS.toLocaleString("en")} tasks in one workspace: ${SEARCHES} searches per kind after 20 warm-up ones, one at a time, in process.\n`,
);
console.log("| engine | query kind | query | matches | p50 | p99 | CPU per search |");
console.log("|---|---|---|---|---|---|---|");
for (const row of results) {
  console.log(
    `| ${row.engine} | ${row.kind} | \`${row.query}\` | ${row.found} | ${ms(percentile(row.timings, 50))} | ${ms(percentile(row.timings, 99))} | ${row.cpu === null ? "?" : ms(row.cpu)} |`,
  );
}
console.log(
  "\nCPU per search: user + system time of this process and of the database's backends (from /proc, PostgreSQL on this machine), divided by the searches: what a search costs, less moved than the wall clock by other work on a shared machine.",
);
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${new Date().toISOString()}.`,
);

async function open(engine: Engine): Promise<{ handle: DatabaseHandle; close: () => Promise<void> } | null> {
  if (engine === "pglite") {
    const handle = await openDatabase({ dataDir: "memory://" });
    await prepareDatabase(handle);
    return { handle, close: () => handle.close() };
  }
  const name = `plotline_bench_search_${randomBytes(4).toString("hex")}`;
  try {
    await admin((client) => client.query(`create database ${name}`));
  } catch (error) {
    console.error(`PostgreSQL at ${ADMIN_URL} is not reachable, skipping it: ${(error as Error).message}`);
    return null;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: "unused" });
  await prepareDatabase(handle);
  return {
    handle,
    close: async () => {
      await handle.close();
      if (process.env.BENCH_KEEP) return console.log(`kept the database ${name}`);
      await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** The workspace, in a few INSERT … SELECT statements; returns the searching user's id. */
async function seed() {
  const userId = randomUUID();
  const words = sql`string_to_array(${WORDS.join(" ")}, ' ')`;
  const word = sql`(${words})[1 + floor(random() * ${WORDS.length})::int]`;
  await db().execute(sql`select setseed(0.42)`);
  await db().execute(
    sql`insert into profiles (id, email, full_name) values (${userId}, 'bench@search.local', 'Bench User')`,
  );
  const [workspace] = await queryRows<{ id: string }>(
    db(),
    sql`insert into workspaces (public_id, name) values ('benchsearch', 'Bench') returning id`,
  );
  const ws = workspace!.id;
  await db().execute(sql`
    insert into profiles (id, email, full_name)
    select gen_random_uuid(), 'member' || i || '@search.local', initcap(${word}) || ' Member' || i
    from generate_series(1, 49) i`);
  await db().execute(sql`
    insert into workspace_members (workspace_id, user_id, role)
    select ${ws}, id, case when id = ${userId} then 'owner' else 'editor' end from profiles`);
  await db().execute(sql`
    insert into projects (public_id, workspace_id, key, name, description, color, task_counter)
    select 'benchproj' || i, ${ws}, 'PRJ' || i, initcap(${word}) || ' ' || initcap(${word}) || ' ' || i,
      ${word} || ' ' || ${word} || ' ' || ${word}, 'indigo', ${TASKS / PROJECTS}
    from generate_series(1, ${PROJECTS}) i`);
  await db().execute(sql`
    insert into statuses (public_id, project_id, name, color, category, position)
    select 'benchst' || key, id, 'To Do', 'slate', 'not_started', 'a0' from projects`);
  // Project i % 20 + 1, number i / 20 + 1: every project gets 5,000 tasks numbered 1 to 5,000.
  await db().execute(sql`
    insert into tasks (public_id, workspace_id, project_id, number, title, description, status_id, position)
    select 'benchtask' || i, ${ws}, p.id, i / ${PROJECTS} + 1,
      initcap(${word}) || ' ' || ${word} || ' ' || ${word} || ' task' || case when i % 10000 = 7 then ' quasar' else '' end,
      array_to_string(array(select ${word} from generate_series(1, 15 + i % 1)), ' '),
      s.id, lpad((i / ${PROJECTS} + 1)::text, 8, '0')
    from generate_series(0, ${TASKS - 1}) i
    join projects p on p.key = 'PRJ' || (i % ${PROJECTS} + 1)
    join statuses s on s.project_id = p.id`);
  await db().execute(sql`
    insert into comments (public_id, task_id, author_id, body)
    select 'benchcm' || t.public_id, t.id, ${userId},
      array_to_string(array(select ${word} from generate_series(1, 12 + t.number % 1)), ' ')
    from tasks t where t.number % 5 = 0`);
  await db().execute(sql`
    insert into templates (public_id, builtin_key, name, description, category, icon, color, structure)
    select 'benchtpl' || i, 'bench-' || i, name, 'A ' || lower(category) || ' template', category, 'description', 'indigo', '{}'
    from unnest(
      array['Project Proposal', 'Marketing Campaign Plan', 'Software Development Roadmap', 'Content Calendar', 'Meeting Agenda', 'Onboarding Checklist'],
      array['Business', 'Marketing', 'Development', 'Content', 'General', 'HR']
    ) with ordinality as t(name, category, i)`);
  await db().execute(sql`vacuum analyze`);
  return userId;
}

async function explain(engine: Engine, kind: string, userId: string, tsquery: string) {
  const query = tasksByTextQuery(userId, tsquery, SUMMARY_LIMITS.tasks);
  // With the planner settings the search runs under.
  const rows = await readRows<Record<string, string>>(sql`explain (analyze, buffers) ${query}`);
  console.log(`\n${engine} · ${kind} · EXPLAIN ANALYZE of the tasks' query:`);
  for (const row of rows) console.log(`  ${Object.values(row)[0]}`);
}

/**
 * This process's CPU time plus that of the bench database's backends (the pool's
 * connections), in ms; null when PostgreSQL is not on this machine. PGlite runs in process.
 */
async function cpuNow(engine: Engine) {
  const own = process.cpuUsage();
  const mine = (own.user + own.system) / 1000;
  if (engine === "pglite") return mine;
  const backends = await queryRows<{ pid: number }>(
    db(),
    sql`select pid from pg_stat_activity where datname = current_database()`,
  );
  try {
    return mine + backends.reduce((sum, { pid }) => sum + cpuMs(pid), 0);
  } catch {
    return null;
  }
}
