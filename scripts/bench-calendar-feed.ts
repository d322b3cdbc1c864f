// `npm run bench:calendar`: a member's secret calendar feed (issue 33) with 1,000 dated tasks
// assigned to them and 50 team-calendar events they attend, on PGlite and PostgreSQL.
// 1. In process, before the server opens the database: the feed built from nothing (its two
//    reads, the iCalendar text, its hash and gzip), one at a time and 10 at once: what a poll
//    costs when something in its workspaces changed since the last one.
// 2. The production server (`node server.js`, needs `npm run build`): GET /calendar/feed/<token>.ics
//    by 1 and by 10 clients asking for gzip as calendar apps do, the feed unchanged between
//    polls (the common case: answered from the process's copy after one statement), then
//    with `If-None-Match` (304).
// PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
// skipped if down; BENCH_ENGINES=pglite (or postgres) runs one; BENCH_REQUESTS (default 300).
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { asc, eq, sql } from "drizzle-orm";

import { prepareDatabase } from "~/.server/boot/database";
import { createEvent } from "~/.server/calendar/events";
import { clearFeedCache, serveFeed } from "~/.server/calendar/feed-ics";
import { createCalendarFeed, FEED_PATH_PREFIX } from "~/.server/calendar/feeds";
import { db, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { projects, statuses, taskAssignees, tasks } from "~/.server/db/schema";
import { seedBench } from "~/.server/demo/seed";
import { newPublicId } from "~/.server/ids";
import { initSecrets } from "~/.server/secrets";
import { addDays } from "~/utils/calendar-month";
import {
  PASSWORD,
  UNLIMITED,
  cpuMs,
  freePort,
  ms,
  percentile,
  stop,
  untilUp,
  benchTarget,
  type BenchTarget,
} from "./bench-support";

const root = path.resolve(import.meta.dirname, "..");
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 300);
const TASKS = 1_000;
const EVENTS = 50;
const BUILDS = 40;

type Engine = "pglite" | "postgres";
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",") as Engine[];
/** `cpu`: CPU time per request or build (the server's process, or this one's in process), from /proc or process.cpuUsage. */
type Row = { engine: string; what: string; timings: number[]; bytes?: number; cpu?: number | null };
const rows: Row[] = [];

for (const engine of engines) {
  const target = await benchTarget(engine, "feed");
  if (!target) continue;
  try {
    const { file, builds } = await seed(target);
    rows.push(...builds.map((row) => ({ ...row, engine })));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = spawn(process.execPath, ["server.js"], {
      cwd: root,
      env: { ...process.env, ...target.env, PORT: String(port), APP_URL: base, ...UNLIMITED },
      stdio: ["ignore", "ignore", "inherit"],
    });
    try {
      await untilUp(base);
      const url = `${base}${FEED_PATH_PREFIX}${file}`;
      const first = await get(url, new http.Agent(), {});
      const etag = first.etag;
      const serverCpu = () => {
        try {
          return cpuMs(child.pid!);
        } catch {
          return null;
        }
      };
      /** The server's CPU per request over a run (its 20 warm-up requests included). */
      const timed = async (run: () => ReturnType<typeof measure>) => {
        const before = serverCpu();
        const result = await run();
        const after = serverCpu();
        return { ...result, cpu: before === null || after === null ? null : (after - before) / (REQUESTS + 20) };
      };
      for (const concurrency of [1, 10]) {
        const polls = await timed(() => measure(url, {}, concurrency, 200));
        rows.push({ engine, what: `GET, unchanged since the last poll, c=${concurrency}`, ...polls });
      }
      const conditional = await timed(() => measure(url, { "If-None-Match": etag }, 10, 304));
      rows.push({ engine, what: "GET with a matching If-None-Match (304), c=10", ...conditional });
    } finally {
      await stop(child);
    }
  } finally {
    await target.cleanup();
  }
}

console.log(
  `\nA member's calendar feed: ${TASKS.toLocaleString("en")} dated tasks assigned to them and ${EVENTS} events they attend (${TASKS + EVENTS} VEVENTs). ` +
    `Built in process: ${BUILDS} builds after 5 warm-up ones. Over HTTP: ${REQUESTS} GETs per row after 20 warm-up ones, asking for gzip.\n`,
);
console.log("| engine | request | p50 | p99 | CPU per request | answer (gzip) |");
console.log("|---|---|---|---|---|---|");
for (const row of rows) {
  const size = row.bytes === undefined ? "–" : `${(row.bytes / 1024).toFixed(1)} KB`;
  const cpu = row.cpu === undefined || row.cpu === null ? "?" : ms(row.cpu);
  console.log(
    `| ${row.engine} | ${row.what} | ${ms(percentile(row.timings, 50))} | ${ms(percentile(row.timings, 99))} | ${cpu} | ${size} |`,
  );
}
console.log(
  "\nCPU per request: the server process's user + system time over the run (from /proc), or this process's per build in process (PGlite's included, PostgreSQL's backends not): what a request costs, less moved than the wall clock by other work on a shared machine.",
);
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}, ${new Date().toISOString()}.`,
);

/**
 * The member, their tasks (straight into the tables: a thousand through the command takes
 * minutes) and events (through the command), and their feed; then the in-process builds. The
 * secrets are the server's (DATA_DIR/secrets.json), so the token made here is the one it takes.
 */
async function seed(target: BenchTarget) {
  process.env.DATA_DIR = target.dataDir;
  initSecrets(target.dataDir);
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    const bench = await seedBench({
      email: "feed@bench.local",
      password: PASSWORD,
      workspaceCount: 2,
      projectCount: 4,
    });
    const actor = { userId: bench.userId, ip: null };
    const today = new Date().toISOString().slice(0, 10);
    for (const [index, projectId] of bench.projectIds.entries()) {
      const [project] = await db().select().from(projects).where(eq(projects.publicId, projectId));
      const [status] = await db()
        .select()
        .from(statuses)
        .where(eq(statuses.projectId, project!.id))
        .orderBy(asc(statuses.position));
      const count = TASKS / bench.projectIds.length;
      const values = Array.from({ length: count }, (_, i) => {
        const due = addDays(today, -60 + ((i * 7 + index) % 600));
        return {
          publicId: newPublicId(),
          workspaceId: project!.workspaceId,
          projectId: project!.id,
          number: i + 1,
          title: `Task ${i + 1} of project ${index + 1}: prepare the release notes`,
          statusId: status!.id,
          position: `a${String(i).padStart(6, "0")}`,
          dueDate: due,
          startDate: i % 4 === 0 ? addDays(due, -2) : null,
        };
      });
      const inserted = await db().insert(tasks).values(values).returning({ id: tasks.id });
      await db()
        .insert(taskAssignees)
        .values(inserted.map((row) => ({ taskId: row.id, userId: bench.userId })));
      await db().update(projects).set({ taskCounter: count }).where(eq(projects.id, project!.id));
    }
    for (let i = 0; i < EVENTS; i++) {
      await createEvent(actor, {
        workspaceId: bench.workspaceIds[i % bench.workspaceIds.length]!,
        title: `Planning meeting ${i + 1}`,
        description: "Agenda: what shipped, what is next, who does it.",
        allDay: i % 10 === 0,
        startDate: addDays(today, i * 3 - 20),
        startTime: "10:00",
        endTime: "11:00",
        timeZone: i % 2 ? "Europe/Berlin" : "America/New_York",
        attendeeIds: [bench.userId],
      });
    }
    await db().execute(sql`analyze`);
    const { url } = await createCalendarFeed(actor, { projectId: null });
    const file = url.slice(url.lastIndexOf("/") + 1);
    const request = () => new Request(url, { headers: { "Accept-Encoding": "gzip" } });
    const build = async () => {
      clearFeedCache();
      const started = performance.now();
      const response = await serveFeed(file, request());
      await response.arrayBuffer();
      return performance.now() - started;
    };
    for (let i = 0; i < 5; i++) await build();
    const one: number[] = [];
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < BUILDS; i++) one.push(await build());
    const cpuUsed = process.cpuUsage(cpuBefore);
    const cpu = (cpuUsed.user + cpuUsed.system) / 1000 / BUILDS;
    // Ten polls at once that each find the feed changed (each forgets the copy before it reads).
    const ten: number[] = [];
    for (let round = 0; round < BUILDS / 10; round++)
      ten.push(...(await Promise.all(Array.from({ length: 10 }, build))));
    return {
      file,
      builds: [
        { what: "built from nothing (in process), one at a time", timings: one.sort((a, b) => a - b), cpu },
        { what: "built from nothing (in process), 10 at once", timings: ten.sort((a, b) => a - b) },
      ],
    };
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

function get(url: string, agent: http.Agent, headers: Record<string, string>) {
  return new Promise<{ status: number; bytes: number; etag: string; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(url, { agent, headers: { "Accept-Encoding": "gzip", ...headers } }, (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => (bytes += chunk.length));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            bytes,
            etag: String(response.headers.etag ?? ""),
            ms: performance.now() - started,
          }),
        );
      })
      .on("error", reject);
  });
}

/** `REQUESTS` GETs by `concurrency` clients on kept-alive sockets, after 20 warm-up ones; each must answer `status`. */
async function measure(url: string, headers: Record<string, string>, concurrency: number, status: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  let bytes = 0;
  const run = async (total: number) => {
    const timings: number[] = [];
    let next = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (next < total) {
          next += 1;
          const answer = await get(url, agent, headers);
          if (answer.status !== status) throw new Error(`${url} answered ${answer.status}, not ${status}`);
          bytes = answer.bytes;
          timings.push(answer.ms);
        }
      }),
    );
    return timings;
  };
  try {
    await run(20);
    return { timings: (await run(REQUESTS)).sort((a, b) => a - b), bytes };
  } finally {
    agent.destroy();
  }
}
