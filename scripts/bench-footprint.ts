// `npm run bench:footprint` (issue 35): the production server's memory and its start times,
// from outside (VmRSS of its process in /proc: every thread, PGlite's included).
// Needs `npm run build`. In order:
// 1. Embedded database, first start: `node server.js` on an empty DATA_DIR, the time to
//    /healthz 200 and the RSS BENCH_IDLE_SECONDS (default 60) after it.
// 2. The same directory seeded (a user in 5 workspaces with 20 projects, a project of 1,000
//    tasks), started again: its start time and idle RSS, then a soak of BENCH_CLIENTS (10)
//    signed-in clients loading the board, the list and a task page for BENCH_SOAK_SECONDS
//    (default 300): the RSS at its end and its peak.
// 3. Restart after `kill -9`: a few writes (sign-ins, stars), kill -9, start again, the time
//    to /healthz 200 (BENCH_RESTARTS times, default 3).
// 4. PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; a
//    database made and dropped here, skipped if down): the idle RSS after the same wait.
// BENCH_SMAPS=1 adds the largest resident mappings after each figure (the WebAssembly memory
// is the one of 128 MB or more next to its reservation). BENCH_STEPS=first,soak,restart,postgres
// (the default: all) runs some; BENCH_NODE_FLAGS adds
// flags to the server's `node` (to try V8 settings); BENCH_APP_DIR serves another checkout's
// build (its server.js, server/ and build/) to compare two commits.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { asc, eq } from "drizzle-orm";

import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { db, setDatabase } from "~/.server/db";
import { projects, tasks } from "~/.server/db/schema";
import { seedBench } from "~/.server/demo/seed";

import { ADMIN_URL, PASSWORD, UNLIMITED, admin, freePort, signIn, stop } from "./bench-support";
import { seedTaskProject } from "./bench-seed";

const root = path.resolve(process.env.BENCH_APP_DIR ?? path.join(import.meta.dirname, ".."));
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 60);
const SOAK_SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 10);
const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 3);
const BOARD_TASKS = 1_000;
const EMAIL = "footprint@bench.local";
const steps = new Set((process.env.BENCH_STEPS ?? "first,soak,restart,postgres").split(","));
const nodeFlags = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);

if (!fs.existsSync(path.join(root, "build/server/index.js"))) {
  console.error("No build found: run `npm run build` first.");
  process.exit(1);
}

const MB = (bytes: number) => `${Math.round(bytes / 2 ** 20)} MB`;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const lines: string[] = [];
const report = (line: string) => {
  lines.push(line);
  console.log(line);
};

/** VmRSS and VmHWM (the peak) of a process, in bytes. */
function memory(pid: number) {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0) * 1024;
  return { rss: field("VmRSS"), peak: field("VmHWM"), threads: Number(/^Threads:\s+(\d+)/m.exec(status)?.[1] ?? 0) };
}

/** The resident memory of the process's largest mappings, from /proc/<pid>/smaps. */
function largestMappings(pid: number, count = 6) {
  const regions: { size: number; rss: number; what: string }[] = [];
  for (const line of fs.readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const mapping = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (mapping) {
      const size = (parseInt(mapping[2]!, 16) - parseInt(mapping[1]!, 16)) / 2 ** 20;
      regions.push({ size, rss: 0, what: `${mapping[3]} ${mapping[4] || "anonymous"}` });
    } else if (line.startsWith("Rss:")) regions.at(-1)!.rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  return regions
    .sort((a, b) => b.rss - a.rss)
    .slice(0, count)
    .map((region) => `${Math.round(region.rss)} of ${Math.round(region.size)} MB ${region.what}`)
    .join("; ");
}
const smaps = (pid: number) => (process.env.BENCH_SMAPS ? `\n  largest mappings: ${largestMappings(pid)}` : "");

type Server = {
  child: ChildProcess;
  base: string;
  startedMs: number;
  /** When the log said the database was ready (migrations done), if it was heard (LOG_LEVEL=info). */
  databaseMs?: number;
  output: () => string;
};

/** Starts `node server.js` and resolves once /healthz answers 200, with the time that took. */
async function startServer(env: Record<string, string>, port?: number): Promise<Server> {
  port ??= await freePort();
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  let databaseMs: number | undefined;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeFlags, "server.js"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), APP_URL: base, ...UNLIMITED, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout!.on("data", (chunk: Buffer) => {
    output += String(chunk);
    if (databaseMs === undefined && output.includes('"database ready"')) databaseMs = performance.now() - started;
  });
  child.stderr!.on("data", (chunk: Buffer) => (output += String(chunk)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}): ${output}`);
    if (performance.now() - started > 300_000) throw new Error(`the server did not start: ${output}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { child, base, startedMs: performance.now() - started, databaseMs, output: () => output };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function idle(server: Server, label: string) {
  await sleep(IDLE_SECONDS * 1000);
  const { rss, peak, threads } = memory(server.child.pid!);
  report(
    `${label}: ready in ${seconds(server.startedMs)}; ${IDLE_SECONDS} s later RSS ${MB(rss)} (peak so far ${MB(peak)}, ${threads} threads)${smaps(server.child.pid!)}`,
  );
  return rss;
}

function killHard(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bench-footprint-"));
const embedded = { DATA_DIR: dataDir };
console.log(
  `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}${nodeFlags.length ? `, flags ${nodeFlags.join(" ")}` : ""}.`,
);
try {
  // 1. The first start, on an empty directory.
  if (steps.has("first")) {
    const server = await startServer(embedded);
    try {
      await idle(server, "embedded, first start (empty DATA_DIR)");
    } finally {
      await stop(server.child);
    }
  }

  if (steps.has("soak") || steps.has("restart")) {
    const seeded = await seed();
    if (steps.has("soak")) {
      const server = await startServer(embedded);
      try {
        await idle(server, "embedded, seeded, later start");
        await soak(server, seeded);
      } finally {
        await stop(server.child);
      }
    }
    if (steps.has("restart")) await restarts(seeded);
  }

  if (steps.has("postgres")) await postgres();
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}
console.log(`\n${lines.join("\n")}`);

/** The accounts through the real use cases, with the server stopped (the directory is locked while it runs). */
async function seed() {
  process.env.DATA_DIR = dataDir;
  const handle = await openDatabase({ dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const bench = await seedBench({ email: EMAIL, password: PASSWORD, workspaceCount: 5, projectCount: 20 });
    const boardProject = await seedTaskProject(bench, "Big Board", BOARD_TASKS);
    const [project] = await db().select().from(projects).where(eq(projects.publicId, boardProject));
    const taskIds = (
      await db()
        .select({ id: tasks.publicId })
        .from(tasks)
        .where(eq(tasks.projectId, project!.id))
        .orderBy(asc(tasks.number))
        .limit(50)
    ).map((row) => row.id);
    return { boardProject, projectIds: bench.projectIds, taskIds };
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

type Seeded = Awaited<ReturnType<typeof seed>>;

/** CLIENTS signed-in clients, each loading the board, the list and a task page in turn until the time is up. */
async function soak(server: Server, seeded: Seeded) {
  const pid = server.child.pid!;
  const cookies = await Promise.all(Array.from({ length: CLIENTS }, () => signIn(server.base, EMAIL)));
  const urls = [
    `/app/project/${seeded.boardProject}`,
    `/app/project/${seeded.boardProject}?view=list`,
    ...seeded.taskIds.map((task) => `/app/project/${seeded.boardProject}/task/${task}`),
  ];
  const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
  const get = (url: string, cookie: string) =>
    new Promise<void>((resolve, reject) => {
      http
        .get(`${server.base}${url}`, { agent, headers: { Cookie: cookie, "Accept-Encoding": "gzip" } }, (response) => {
          response.resume();
          response.on("end", () =>
            response.statusCode === 200 ? resolve() : reject(new Error(`${url} answered ${response.statusCode}`)),
          );
        })
        .on("error", reject);
    });
  const until = performance.now() + SOAK_SECONDS * 1000;
  let pages = 0;
  let highest = 0;
  const sampler = setInterval(() => (highest = Math.max(highest, memory(pid).rss)), 1000);
  try {
    await Promise.all(
      cookies.map(async (cookie, client) => {
        for (let n = client; performance.now() < until; n++) {
          // The board and the list every third page, the task pages between.
          const url = n % 3 === 0 ? urls[0]! : n % 3 === 1 ? urls[1]! : urls[2 + (n % (urls.length - 2))]!;
          await get(url, cookie);
          pages += 1;
        }
      }),
    );
  } finally {
    clearInterval(sampler);
    agent.destroy();
  }
  const { rss, peak } = memory(pid);
  report(
    `embedded, soak of ${CLIENTS} clients for ${SOAK_SECONDS} s (${pages} pages: board, list, task pages): RSS at its end ${MB(rss)}, highest sampled ${MB(Math.max(highest, rss))} (process peak ${MB(peak)})${smaps(pid)}`,
  );
}

/** Writes, kill -9, start again: the time to /healthz 200. */
async function restarts(seeded: Seeded) {
  const times: string[] = [];
  // At info level the log says when the database is ready (opened, recovered, migrated).
  const env = { ...embedded, LOG_LEVEL: "info" };
  let server = await startServer(env);
  try {
    for (let round = 0; round < RESTARTS; round++) {
      const cookie = await signIn(server.base, EMAIL);
      for (const [n, projectId] of seeded.projectIds.slice(0, 10).entries()) {
        const response = await fetch(`${server.base}/app/project/${projectId}/star`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: server.base },
          body: new URLSearchParams({ intent: "star", starred: String((n + round) % 2 === 0) }),
          redirect: "manual",
        });
        await response.arrayBuffer();
        if (response.status >= 400) throw new Error(`starring answered ${response.status}`);
      }
      const port = Number(new URL(server.base).port);
      await killHard(server.child);
      server = await startServer(env, port);
      times.push(
        `${seconds(server.startedMs)}${server.databaseMs === undefined ? "" : ` (database ready at ${seconds(server.databaseMs)})`}`,
      );
    }
  } finally {
    await stop(server.child);
  }
  report(`embedded, restart after kill -9 (after sign-in and 10 writes), to /healthz 200: ${times.join(", ")}`);
}

async function postgres() {
  const name = `plotline_bench_${randomBytes(4).toString("hex")}`;
  try {
    await admin((client) => client.query(`create database ${name}`));
  } catch (error) {
    console.error(`PostgreSQL at ${ADMIN_URL} is not reachable, skipping it: ${(error as Error).message}`);
    return;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pgDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bench-footprint-pg-"));
  try {
    const server = await startServer({ DATA_DIR: pgDir, DATABASE_URL: url.toString() });
    try {
      await idle(server, "PostgreSQL, first start (empty database)");
    } finally {
      await stop(server.child);
    }
  } finally {
    await admin((client) => client.query(`drop database if exists ${name} with (force)`));
    fs.rmSync(pgDir, { recursive: true, force: true });
  }
}
