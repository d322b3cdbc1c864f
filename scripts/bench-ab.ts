// `npm run bench:ab -- <checkout A> <checkout B>`: two builds of the app compared side by
// side. On a shared machine whose speed drifts by a third within minutes, runs of one build
// after the other measure the drift (decision 012, stop 27); here both servers run at once,
// on copies of the same seeded data, and take turns: a batch of BENCH_AB_BATCH GETs of one
// page by BENCH_AB_CLIENTS clients to one server, then to the other, BENCH_AB_ROUNDS rounds
// (the order alternating). Each server's CPU comes from /proc: its request thread alone and
// the whole process (PGlite's database thread included). Needs `npm run build` in each
// checkout. BENCH_ENGINES=pglite (default) or postgres (BENCH_DATABASE_URL's server, a
// throwaway database); BENCH_AB_PAGE=dashboard, project (default), board (a project of
// 1,000 tasks on its Board), board-data (the same board's data request, what a client
// navigation or a revalidation loads), list (a project of 5,000 tasks in its List) or
// api-tasks (the REST API's first 100 tasks of a 10,000-task project, with a read token);
// BENCH_AB_TASKS sets the board's, list's or API project's number of tasks. The report ends
// with each build's page weight: its HTML and the JavaScript it names (gzipped), what a
// first visit downloads (BENCH_AB_HTML=DIR keeps the pages; BENCH_AB_CPU_PROF=DIR each server's CPU profile).
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";

import { eq, sql } from "drizzle-orm";

import { setDatabase, db } from "~/.server/db";
import { createApiToken } from "~/.server/api-tokens/tokens";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { projects, workspaces } from "~/.server/db/schema";
import { seedBench } from "~/.server/demo/seed";
import * as bench from "./bench-support";
import { seedTaskProject } from "./bench-seed";

const checkouts = process.argv.slice(2).map((dir) => path.resolve(dir));
if (checkouts.length !== 2) {
  console.error("Usage: npm run bench:ab -- <checkout A> <checkout B> (each with its `npm run build`)");
  process.exit(1);
}
const engine = process.env.BENCH_ENGINES === "postgres" ? "postgres" : "pglite";
const page = process.env.BENCH_AB_PAGE ?? "project";
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 10);
const BATCH = Number(process.env.BENCH_AB_BATCH ?? 200);
const CLIENTS = Number(process.env.BENCH_AB_CLIENTS ?? 10);
const TASKS = process.env.BENCH_AB_TASKS ? Number(process.env.BENCH_AB_TASKS) : undefined;
const EMAIL = "big@bench.local";

type Server = {
  dir: string;
  base: string;
  child: ChildProcess;
  cookie: string;
  /** Sent as the Authorization header instead of the cookie (the REST API's pages). */
  authorization?: string;
  thread: number;
  process: number;
  timings: number[];
  batchP99: number[];
};

const work = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bench-ab-"));
const database = engine === "postgres" ? `plotline_bench_ab_${randomBytes(4).toString("hex")}` : undefined;
const servers: Server[] = [];
try {
  const { url, projectIds, token } = await seed();
  for (const [index, dir] of checkouts.entries()) {
    const dataDir = path.join(work, `server-${index}`);
    fs.cpSync(path.join(work, "seed"), dataDir, { recursive: true });
    servers.push(await start(dir, dataDir, url));
  }
  const target =
    {
      dashboard: "/app/dashboard",
      board: `/app/project/${projectIds.board}?view=board`,
      "board-data": `/app/project/${projectIds.board}.data?view=board`,
      list: `/app/project/${projectIds.list}?view=list`,
      "api-tasks": `/api/v1/projects/${projectIds.api}/tasks?limit=100`,
    }[page] ?? `/app/project/${projectIds.project}`;
  for (const server of servers) {
    if (token) server.authorization = `Bearer ${token}`;
    else server.cookie = await bench.signIn(server.base, EMAIL);
    await batch(server, target, 400);
  }
  for (let round = 0; round < ROUNDS; round++) {
    for (const server of round % 2 ? [...servers].reverse() : servers) {
      await batch(server, target, 20);
      const thread = bench.mainThreadCpuMs(server.child.pid!);
      const whole = bench.cpuMs(server.child.pid!);
      const timings = (await batch(server, target, BATCH)).sort((a, b) => a - b);
      server.thread += bench.mainThreadCpuMs(server.child.pid!) - thread;
      server.process += bench.cpuMs(server.child.pid!) - whole;
      server.timings.push(...timings);
      server.batchP99.push(bench.percentile(timings, 99));
    }
  }
  await report(target);
} finally {
  for (const server of servers) await bench.stop(server.child);
  if (database) await bench.admin((client) => client.query(`drop database if exists ${database} with (force)`));
  fs.rmSync(work, { recursive: true, force: true });
}

/** The bench account (5 workspaces, 100 projects) in a data directory each server gets a copy of. */
async function seed() {
  const dataDir = path.join(work, "seed");
  fs.mkdirSync(dataDir, { recursive: true });
  let url: string | undefined;
  if (database) {
    await bench.admin((client) => client.query(`create database ${database}`));
    const address = new URL(bench.ADMIN_URL);
    address.pathname = `/${database}`;
    url = address.toString();
  }
  process.env.DATA_DIR = dataDir;
  const handle = await openDatabase({ databaseUrl: url, dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const seeded = await seedBench({ email: EMAIL, password: bench.PASSWORD, workspaceCount: 5, projectCount: 100 });
    const projectIds = {
      project: seeded.projectIds[0]!,
      board: page.startsWith("board") ? await seedTaskProject(seeded, "Big Board", TASKS ?? 1_000) : "",
      list: page === "list" ? await seedTaskProject(seeded, "Big List", TASKS ?? 5_000) : "",
      api: page === "api-tasks" ? await seedTaskProject(seeded, "Big API", TASKS ?? 10_000) : "",
    };
    // The REST API's page is read with a token of the project's workspace.
    const token =
      page === "api-tasks"
        ? (
            await createApiToken(
              { userId: seeded.userId, ip: null },
              { workspaceId: await workspaceOf(projectIds.api), name: "bench", scope: "read", expiresInDays: null },
            )
          ).token
        : undefined;
    await db().execute(sql`analyze`);
    return { url, projectIds, token };
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

async function workspaceOf(projectPublicId: string) {
  const [row] = await db()
    .select({ publicId: workspaces.publicId })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .where(eq(projects.publicId, projectPublicId));
  return row!.publicId;
}

async function start(dir: string, dataDir: string, databaseUrl: string | undefined): Promise<Server> {
  const port = await bench.freePort();
  const base = `http://127.0.0.1:${port}`;
  // BENCH_AB_CPU_PROF=DIR: each server writes its V8 CPU profile there when it stops.
  const profile = process.env.BENCH_AB_CPU_PROF
    ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_AB_CPU_PROF}`]
    : [];
  const child = spawn(process.execPath, [...profile, "server.js"], {
    cwd: dir,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      PORT: String(port),
      APP_URL: base,
      ...bench.UNLIMITED,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await bench.untilUp(base);
  return { dir, base, child, cookie: "", thread: 0, process: 0, timings: [], batchP99: [] };
}

/** `count` GETs by CLIENTS clients on kept-alive sockets, each timed to its last byte. */
async function batch(server: Server, target: string, count: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now();
      http
        .get(
          `${server.base}${target}`,
          {
            agent,
            headers: server.authorization
              ? { Authorization: server.authorization, "Accept-Encoding": "gzip" }
              : { Cookie: server.cookie, "Accept-Encoding": "gzip" },
          },
          (response) => {
            response.resume();
            response.on("end", () => {
              if (response.statusCode !== 200) reject(new Error(`${target} answered ${response.statusCode}`));
              else resolve(performance.now() - started);
            });
          },
        )
        .on("error", reject);
    });
  const timings: number[] = [];
  let next = 0;
  try {
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        while (next < count) {
          next += 1;
          timings.push(await get());
        }
      }),
    );
  } finally {
    agent.destroy();
  }
  return timings;
}

async function report(target: string) {
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  console.log(
    `\n${engine}, GET ${target.replace(/project\/\w+/, "project/…")}: ${ROUNDS} rounds of ${BATCH} requests by ${CLIENTS} clients to each build in turn.\n`,
  );
  console.log("| build | request thread | whole process | p50 | p99 | median of the batches' p99 |");
  console.log("|---|---|---|---|---|---|");
  for (const server of servers) {
    const count = server.timings.length;
    const sorted = [...server.timings].sort((a, b) => a - b);
    console.log(
      `| ${server.dir} | ${bench.ms(server.thread / count)} | ${bench.ms(server.process / count)} | ${bench.ms(bench.percentile(sorted, 50))} | ${bench.ms(bench.percentile(sorted, 99))} | ${bench.ms(median(server.batchP99))} |`,
    );
  }
  // An API answer is no page: no HTML or scripts to weigh.
  for (const server of servers.filter((server) => !server.authorization)) {
    const { html, javaScript } = await pageWeight(server, target);
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    console.log(`\n${server.dir}'s page: HTML ${kb(html)}, JavaScript it names ${kb(javaScript)} (gzip)`);
  }
  console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}.`);
}

/** The page's HTML (uncompressed) and the sum of the gzipped scripts and module preloads it names. */
async function pageWeight(server: Server, target: string) {
  const html = await (await fetch(`${server.base}${target}`, { headers: { Cookie: server.cookie } })).text();
  const sources = new Set(
    [...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!),
  );
  for (const match of html.matchAll(/import\("(\/assets\/[^"]+\.js)"\)/g)) sources.add(match[1]!);
  let total = 0;
  for (const source of sources)
    total += gzipSync(Buffer.from(await (await fetch(`${server.base}${source}`)).arrayBuffer())).length;
  // BENCH_AB_HTML=DIR keeps each build's page there, to see where the bytes go.
  if (process.env.BENCH_AB_HTML)
    fs.writeFileSync(path.join(process.env.BENCH_AB_HTML, `${path.basename(server.dir)}.html`), html);
  return { html: Buffer.byteLength(html), javaScript: total };
}
