// The app's figures for `npm run bench` (after scripts/bench.js): a user in 5 workspaces with
// 100 projects, the dashboard and a project page, p50/p99 at concurrency 1 and 10, on PGlite
// and PostgreSQL, and the SQL statements per request, next to a user with 10 projects to show
// the count does not grow with the data, and the signed-out landing page for comparison.
// Needs `npm run build`; PostgreSQL from BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), skipped if down. BENCH_APP_DIR serves
// another checkout's build (its server.js and build/) with this script's seed, to compare
// two commits back to back on the same machine. BENCH_ENGINES=pglite (or postgres) runs one
// engine, and postgres-2 is PostgreSQL with two app processes on one port (WEB_CONCURRENCY=2,
// run by the default list too); BENCH_PAGES=dashboard (a comma-separated list of the table's page names) times only
// those; BENCH_CPU_PROF=DIR writes the server's V8 CPU profile there (for a profiler's eye).
// The big account also has a project of LIST_TASKS tasks for the List view's row.
import { spawn, type ChildProcess } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { setDatabase } from "~/.server/db";
import { db } from "~/.server/db";
import { seedBench } from "~/.server/demo/seed";
import { sql } from "drizzle-orm";

import {
  benchTarget,
  PASSWORD,
  UNLIMITED,
  treeCpuMs,
  type BenchTarget,
  freePort,
  ms,
  percentile,
  signIn,
  stop,
  untilUp,
} from "./bench-support";
import { seedTaskProject } from "./bench-seed";

const root = path.resolve(process.env.BENCH_APP_DIR ?? path.join(import.meta.dirname, ".."));
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
/** The List view's project size. */
const LIST_TASKS = 5_000;

const ACCOUNTS = [
  { email: "big@bench.local", workspaceCount: 5, projectCount: 100 },
  { email: "small@bench.local", workspaceCount: 5, projectCount: 10 },
];

type Row = {
  engine: string;
  page: string;
  projects: number | "–";
  c1: number[];
  c10: number[];
  /** The server's CPU time per request over the c=1 run (user + system, from /proc), if known. */
  cpu: number | null;
  queries: string;
  html: number;
};

const rows: Row[] = [];
const pages = process.env.BENCH_PAGES?.split(",").map((name) => name.trim());
const wanted = (page: string) => !pages || pages.includes(page);
type Engine = "pglite" | "postgres" | "postgres-2";
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres,postgres-2").split(",") as Engine[];
for (const engine of engines) {
  const target = await prepare(engine);
  if (!target) continue;
  try {
    const seeded = await seed(target);
    const server = await startServer(target);
    try {
      // The public landing page, signed out: no app data, the same document pipeline.
      const landing = `${server.base}/`;
      const probe = await probeResponse(landing, "");
      if (wanted("landing (signed out)"))
        rows.push({
          engine,
          page: "landing (signed out)",
          projects: "–",
          ...(await timedWithCpu(server.child, () => measure(landing, "", REQUESTS, 1))),
          c10: await measure(landing, "", REQUESTS, 10),
          ...probe,
        });
      for (const [index, account] of ACCOUNTS.entries()) {
        const cookie = await signIn(server.base, account.email);
        const project = seeded[index]!.projectIds[0]!;
        const listProject = seeded[index]!.listProjectId;
        for (const [page, url] of [
          ["dashboard", "/app/dashboard"],
          ["project page", `/app/project/${project}`],
          ...(listProject
            ? [[`list view (${LIST_TASKS} tasks)`, `/app/project/${listProject}?view=list`] as const]
            : []),
        ] as const) {
          if (!wanted(page)) continue;
          const target = `${server.base}${url}`;
          const probe = await probeResponse(target, cookie);
          // Timings only for the 100-project account; the small one shows the flat query count.
          const timed = account.projectCount === 100;
          rows.push({
            engine,
            page,
            projects: account.projectCount,
            ...(timed
              ? await timedWithCpu(server.child, () => measure(target, cookie, REQUESTS, 1))
              : { c1: [], cpu: null }),
            c10: timed ? await measure(target, cookie, REQUESTS, 10) : [],
            ...probe,
          });
        }
      }
    } finally {
      await stop(server.child);
    }
  } finally {
    await target.cleanup();
  }
}

console.log(
  `\nSigned-in pages: ${REQUESTS} GETs per cell after 20 warm-up requests at the same concurrency; concurrency 10 = 10 clients in parallel.\n`,
);
console.log(`Serving ${root}\n`);
console.log(
  "| engine | page | projects | p50 (c=1) | p99 (c=1) | p50 (c=10) | p99 (c=10) | server CPU per request (c=1) | HTML | SQL per request |",
);
console.log("|---|---|---|---|---|---|---|---|---|---|");
for (const row of rows) {
  const cells = row.c1.length
    ? [
        ms(percentile(row.c1, 50)),
        ms(percentile(row.c1, 99)),
        ms(percentile(row.c10, 50)),
        ms(percentile(row.c10, 99)),
        row.cpu === null ? "?" : ms(row.cpu),
      ]
    : ["–", "–", "–", "–", "–"];
  const html = `${(row.html / 1024).toFixed(1)} KB`;
  console.log(`| ${row.engine} | ${row.page} | ${row.projects} | ${cells.join(" | ")} | ${html} | ${row.queries} |`);
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
);

/** A throwaway database for `engine`; `postgres-2` is PostgreSQL served by two workers. */
async function prepare(engine: Engine): Promise<BenchTarget | null> {
  const target = await benchTarget(engine === "pglite" ? "pglite" : "postgres", "app");
  if (target && engine === "postgres-2") target.env.WEB_CONCURRENCY = "2";
  return target;
}

/** The accounts, through the real use cases; the embedded database is closed again before the server opens it. */
async function seed(target: BenchTarget) {
  process.env.DATA_DIR = target.dataDir;
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const seeded = [];
    for (const account of ACCOUNTS) {
      const bench = await seedBench({ ...account, password: PASSWORD });
      const listProjectId =
        account.projectCount === 100 ? await seedTaskProject(bench, "Big List", LIST_TASKS) : undefined;
      seeded.push({ ...bench, listProjectId });
    }
    // A running PostgreSQL has its planner statistics from autovacuum (PGlite's server makes
    // its own at start): measured straight after seeding, without them, it would plan blind.
    await db().execute(sql`analyze`);
    return seeded;
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

async function startServer(target: BenchTarget) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const profile = process.env.BENCH_CPU_PROF;
  const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${path.resolve(profile)}`] : [];
  const child = spawn(process.execPath, [...flags, "server.js"], {
    cwd: root,
    env: {
      ...process.env,
      ...target.env,
      PORT: String(port),
      APP_URL: base,
      ...UNLIMITED,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Several processes: the primary says so once all of them listen (they start one by one).
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += String(chunk)));
  await untilUp(base);
  while (target.env.WEB_CONCURRENCY && !output.includes("app processes on one port")) {
    if (child.exitCode !== null) throw new Error(`the server stopped: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { base, child };
}

/**
 * Runs the sequential measurement and the server's CPU time per request over it (user +
 * system of its process and its app processes, from /proc; null where there is none). Less disturbed than
 * wall-clock time by other work on a shared machine.
 */
async function timedWithCpu(child: ChildProcess, run: () => Promise<number[]>) {
  const cpu = () => {
    try {
      return treeCpuMs(child.pid!);
    } catch {
      return null;
    }
  };
  const before = cpu();
  const c1 = await run();
  const after = cpu();
  return { c1, cpu: before === null || after === null ? null : (after - before) / (c1.length + 20) };
}

/** The statement count from `Server-Timing`, and the size of the HTML (uncompressed). */
async function probeResponse(url: string, cookie: string) {
  const response = await fetch(url, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } });
  const body = await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  const queries = /desc="(\d+) queries"/.exec(response.headers.get("Server-Timing") ?? "")?.[1] ?? "?";
  return { queries, html: body.byteLength };
}

/**
 * `count` GETs, `concurrency` at a time, each timed to the last byte, after 20 untimed ones. The client is
 * node:http on kept-alive sockets, asking for gzip as a browser does and counting the
 * bytes without unzipping them: it shares the machine's two cores with the server, and
 * fetch (undici, unzipping) cost it about 3.5 ms of CPU a page against 1 ms this way.
 */
async function measure(url: string, cookie: string, count: number, concurrency: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get(url, { agent, headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (response) => {
          response.resume();
          response.on("end", () => {
            if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
            else resolve(performance.now() - started);
          });
        })
        .on("error", reject);
    });
  /** `total` GETs by `concurrency` clients in parallel, each on its own kept-alive socket. */
  const run = async (total: number) => {
    const timings: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          timings.push(await get());
        }
      }),
    );
    return timings;
  };
  try {
    // Warmed up at the measured concurrency: every client's socket is open before the clock
    // starts, so the timings are the server's, not ten connections opened at once.
    await run(20);
    return (await run(count)).sort((a, b) => a - b);
  } finally {
    agent.destroy();
  }
}
