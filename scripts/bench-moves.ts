// `npm run bench:moves [-- <checkout> …]`: board moves racing for the same places, over HTTP
// against the production build, on PGlite and PostgreSQL. A project of BENCH_MOVES_TASKS
// cards (spread over its four columns) is seeded into a fresh database for each build and
// engine; its owner signs in through the form, then clients post the board's own move
// (`move-task` with `via=fetcher` to the project's `.data` URL, as the board's fetcher
// does) into the first two columns, the kinds in turn: to the column's end (no neighbour),
// to its start (before the card last put there), and before and after one card of the
// column that never moves (the same slot for everyone). First BENCH_MOVES_C1 moves by one
// client, then BENCH_MOVES moves by each of 10 clients at once. An error is any answer
// other than 200, or a refusal (`moveError`). Afterwards the columns are read back: every
// card still live, every key one the ordering package can build on, the longest key. On
// PostgreSQL the database's rolled-back transactions are counted (a lost race for a key
// rolls back; pg_stat_database, read once the server has gone).
// Needs `npm run build` in each checkout (default: this one). Several checkouts run side by
// side, each on its own seed, and take turns in BENCH_MOVES_ROUNDS batches (as bench:ab
// does), to compare builds on a machine whose speed drifts. BENCH_ENGINES=pglite or
// postgres runs one engine; PostgreSQL from BENCH_DATABASE_URL, skipped if down.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

import { and, asc, eq, isNull, sql } from "drizzle-orm";

import { db, setDatabase } from "~/.server/db";
import { prepareDatabase } from "~/.server/boot/database";
import { openDatabase } from "~/.server/db/client";
import { projects, statuses, tasks } from "~/.server/db/schema";
import { seedBench } from "~/.server/demo/seed";
import { isSoundKey } from "~/.server/tasks/repair-positions";
import * as bench from "./bench-support";
import { seedTaskProject } from "./bench-seed";

const checkouts = (process.argv.length > 2 ? process.argv.slice(2) : [path.join(import.meta.dirname, "..")]).map(
  (dir) => path.resolve(dir),
);
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",") as Engine[];
const TASKS = Number(process.env.BENCH_MOVES_TASKS ?? 200);
const C1_MOVES = Number(process.env.BENCH_MOVES_C1 ?? 300);
const PER_CLIENT = Number(process.env.BENCH_MOVES ?? 1000);
const CLIENTS = 10;
const ROUNDS = Number(process.env.BENCH_MOVES_ROUNDS ?? 10);
const EMAIL = "mover@bench.local";
const KINDS = ["end", "start", "before", "after"] as const;

type Engine = "pglite" | "postgres";
type Seeded = {
  projectId: string;
  /** The two columns the moves go to, each with the card that stays put and its first card at the start. */
  columns: { id: string; anchor: string; first: string }[];
  movers: string[];
};
/** One build's moves at one concurrency: each one's time, the errors by kind and answer, the server's CPU time. */
type Phase = { timings: number[]; errors: Map<string, number>; sample: string | null; cpu: number };
type Run = {
  checkout: string;
  target: Target;
  seeded: Seeded | null;
  server: { base: string; child: ChildProcess } | null;
  rollbacks: number | null;
};

const newPhase = (): Phase => ({ timings: [], errors: new Map(), sample: null, cpu: 0 });
type Row = {
  checkout: string;
  engine: Engine;
  c1: Phase;
  c10: Phase;
  check: string;
  rollbacks: number | null;
};

for (const dir of checkouts) {
  if (!fs.existsSync(path.join(dir, "build/server/index.js"))) {
    console.error(`No build in ${dir}: run \`npm run build\` there first.`);
    process.exit(1);
  }
}

await main();

async function main() {
  const rows: Row[] = [];
  for (const engine of engines) {
    const runs: Run[] = [];
    try {
      for (const checkout of checkouts) {
        const target = await prepare(engine);
        if (!target) break;
        const run: Run = { checkout, target, seeded: null, server: null, rollbacks: null };
        runs.push(run);
        run.seeded = await seed(target);
        run.rollbacks = await rollbacks(target);
        run.server = await startServer(checkout, target);
      }
      if (runs.length < checkouts.length) continue;
      const clients = await Promise.all(
        runs.map(async (run) => {
          const cookie = await bench.signIn(run.server!.base, EMAIL);
          return { run, moves: mover(run.server!.base, cookie, run.seeded!), c1: newPhase(), c10: newPhase() };
        }),
      );
      // The builds take turns, batch by batch, the order alternating: a shared machine's
      // speed drifts by a third within minutes, which one build after the other would measure.
      for (const [concurrency, total] of [
        [1, C1_MOVES],
        [CLIENTS, PER_CLIENT * CLIENTS],
      ] as const) {
        console.error(`${engine}: ${total} moves at c=${concurrency} per build…`);
        for (const client of clients) await client.moves.run(20, concurrency, newPhase());
        for (let round = 0; round < ROUNDS; round++) {
          for (const client of round % 2 ? [...clients].reverse() : clients) {
            const phase = concurrency === 1 ? client.c1 : client.c10;
            const cpu = bench.cpuMs(client.run.server!.child.pid!);
            const share = Math.round(((round + 1) * total) / ROUNDS) - Math.round((round * total) / ROUNDS);
            await client.moves.run(share, concurrency, phase);
            phase.cpu += bench.cpuMs(client.run.server!.child.pid!) - cpu;
          }
        }
      }
      for (const { run, c1, c10 } of clients) {
        await bench.stop(run.server!.child);
        const after = await rollbacks(run.target);
        rows.push({
          checkout: run.checkout,
          engine,
          c1,
          c10,
          check: await checkOrder(run.target, run.seeded!),
          rollbacks: after === null || run.rollbacks === null ? null : after - run.rollbacks,
        });
      }
    } finally {
      for (const run of runs) {
        if (run.server) await bench.stop(run.server.child);
        await run.target.cleanup();
      }
    }
  }

  console.log(
    `\nMoves over HTTP (the board's move-task intent), a project of ${TASKS} cards: ${C1_MOVES} moves by 1 client, then ${PER_CLIENT} by each of ${CLIENTS} clients at once; each after 20 warm-up moves. Kinds in turn: ${KINDS.join(", ")}.\n`,
  );
  console.log(
    "| build | engine | c | moves | errors | p50 | p99 | max | app CPU per move | order afterwards | rolled-back transactions (PostgreSQL) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) {
    for (const [c, phase] of [
      [1, row.c1],
      [CLIENTS, row.c10],
    ] as const) {
      const sorted = [...phase.timings].sort((a, b) => a - b);
      const errors = [...phase.errors.values()].reduce((sum, count) => sum + count, 0);
      const detail = errors ? ` (${[...phase.errors].map(([what, count]) => `${what}: ${count}`).join(", ")})` : "";
      console.log(
        `| ${path.basename(row.checkout)} | ${row.engine} | ${c} | ${phase.timings.length} | ${errors}${detail} | ${bench.ms(bench.percentile(sorted, 50))} | ${bench.ms(bench.percentile(sorted, 99))} | ${bench.ms(sorted.at(-1)!)} | ${bench.ms(phase.cpu / phase.timings.length)} | ${c === 1 ? "–" : row.check} | ${c === 1 ? "–" : (row.rollbacks ?? "–")} |`,
      );
    }
  }
  for (const row of rows)
    for (const [c, phase] of [
      [1, row.c1],
      [CLIENTS, row.c10],
    ] as const)
      if (phase.sample)
        console.log(
          `\n${path.basename(row.checkout)}, ${row.engine}, c=${c}, the first error's answer: ${phase.sample}`,
        );
  console.log(`\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}.`);
}

/**
 * The clients. They share what a board shows after its own moves: the card last put at a
 * column's start, which the next move to the start goes before.
 */
function mover(base: string, cookie: string, seeded: Seeded) {
  const firsts = new Map(seeded.columns.map((column) => [column.id, column.first]));
  let count = 0;

  /** `total` moves by `concurrency` clients in parallel, each on its own kept-alive socket, added to `phase`. */
  async function run(total: number, concurrency: number, phase: Phase) {
    const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
    let sent = 0;
    try {
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (sent < total) {
            sent += 1;
            await move(agent, phase);
          }
        }),
      );
    } finally {
      agent.destroy();
    }
  }

  async function move(agent: http.Agent, phase: Phase) {
    const kind = KINDS[count++ % KINDS.length]!;
    const column = seeded.columns[Math.floor(Math.random() * seeded.columns.length)]!;
    const taskId = seeded.movers[Math.floor(Math.random() * seeded.movers.length)]!;
    const first = firsts.get(column.id)!;
    const neighbour: Record<string, string> =
      kind === "start"
        ? { beforeId: first === taskId ? column.first : first }
        : kind === "before"
          ? { beforeId: column.anchor }
          : kind === "after"
            ? { afterId: column.anchor }
            : {};
    const body = new URLSearchParams({
      intent: "move-task",
      via: "fetcher",
      taskId,
      statusId: column.id,
      ...neighbour,
    });
    const started = performance.now();
    // A dropped connection is an error like any other, not the end of the run.
    const { status, text } = await post(agent, body.toString()).catch((error: NodeJS.ErrnoException) => ({
      status: 0,
      text: `${error.code ?? error.message}`,
    }));
    phase.timings.push(performance.now() - started);
    if (status !== 200 || text.includes("moveError")) {
      const what = `${kind} ${status}`;
      phase.errors.set(what, (phase.errors.get(what) ?? 0) + 1);
      phase.sample ??= `${status} ${text.slice(0, 300)}`;
    } else if (kind === "start") {
      firsts.set(column.id, taskId);
    }
  }

  function post(agent: http.Agent, body: string) {
    return new Promise<{ status: number; text: string }>((resolve, reject) => {
      const request = http.request(
        `${base}/app/project/${seeded.projectId}.data`,
        {
          method: "POST",
          agent,
          headers: {
            Cookie: cookie,
            Origin: base,
            "Content-Type": "application/x-www-form-urlencoded",
            "Content-Length": Buffer.byteLength(body),
          },
        },
        (response) => {
          let text = "";
          response.setEncoding("utf8");
          response.on("data", (chunk: string) => (text += chunk));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
        },
      );
      request.on("error", reject);
      request.end(body);
    });
  }

  return { run };
}

type Target = { env: Record<string, string>; databaseUrl?: string; dataDir: string; cleanup: () => Promise<void> };

async function prepare(engine: Engine): Promise<Target | null> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-bench-moves-"));
  const removeDir = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (engine === "pglite") return { env: { DATA_DIR: dataDir }, dataDir, cleanup: removeDir };
  const name = `plotline_bench_moves_${randomBytes(4).toString("hex")}`;
  try {
    await bench.admin((client) => client.query(`create database ${name}`));
  } catch (error) {
    console.error(`PostgreSQL at ${bench.ADMIN_URL} is not reachable, skipping it: ${(error as Error).message}`);
    await removeDir();
    return null;
  }
  const url = new URL(bench.ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    databaseUrl: url.toString(),
    dataDir,
    cleanup: async () => {
      await bench.admin((client) => client.query(`drop database if exists ${name} with (force)`));
      await removeDir();
    },
  };
}

/** Runs `read` against the target's database with this process's handle, closed again before a server opens it. */
async function withDatabase<T>(target: Target, read: () => Promise<T>, options: { migrate?: boolean } = {}) {
  process.env.DATA_DIR = target.dataDir;
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  if (options.migrate) await prepareDatabase(handle);
  setDatabase(handle);
  try {
    return await read();
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

/** The mover's account and its project; which cards move and which stay put. */
async function seed(target: Target): Promise<Seeded> {
  return withDatabase(target, seedProject, { migrate: true });
}

async function seedProject(): Promise<Seeded> {
  const account = await seedBench({ email: EMAIL, password: bench.PASSWORD, workspaceCount: 1, projectCount: 0 });
  const projectId = await seedTaskProject(account, "Moves", TASKS);
  const [project] = await db().select().from(projects).where(eq(projects.publicId, projectId));
  const columns = await db()
    .select({ id: statuses.id, publicId: statuses.publicId })
    .from(statuses)
    .where(eq(statuses.projectId, project!.id))
    .orderBy(asc(statuses.position));
  const cards = await db()
    .select({ publicId: tasks.publicId, statusId: tasks.statusId })
    .from(tasks)
    .where(and(eq(tasks.projectId, project!.id), isNull(tasks.deletedAt)))
    .orderBy(asc(tasks.position));
  const targets = columns.slice(0, 2).map((column) => {
    const own = cards.filter((card) => card.statusId === column.id);
    return { id: column.publicId, anchor: own[Math.floor(own.length / 2)]!.publicId, first: own[0]!.publicId };
  });
  const anchors = new Set(targets.map((column) => column.anchor));
  await db().execute(sql`analyze`);
  return {
    projectId,
    columns: targets,
    movers: cards.map((card) => card.publicId).filter((id) => !anchors.has(id)),
  };
}

/** Every card still live and in place, every key sound; the longest key. */
async function checkOrder(target: Target, seeded: Seeded) {
  return withDatabase(target, async () => {
    const [project] = await db().select().from(projects).where(eq(projects.publicId, seeded.projectId));
    const keys = await db()
      .select({ position: tasks.position })
      .from(tasks)
      .where(and(eq(tasks.projectId, project!.id), isNull(tasks.deletedAt)));
    const unsound = keys.filter((row) => !isSoundKey(row.position)).length;
    const longest = Math.max(...keys.map((row) => row.position.length));
    const verdict =
      keys.length === TASKS && unsound === 0 ? "valid" : `${TASKS - keys.length} missing, ${unsound} unsound`;
    return `${verdict}, longest key ${longest}`;
  });
}

/** The database's rolled-back transactions so far (PostgreSQL's statistics); null on PGlite. */
async function rollbacks(target: Target): Promise<number | null> {
  if (!target.databaseUrl) return null;
  const name = new URL(target.databaseUrl).pathname.slice(1);
  let count = 0;
  await bench.admin(async (client) => {
    const result = await client.query<{ count: string }>(
      "select xact_rollback::text as count from pg_stat_database where datname = $1",
      [name],
    );
    count = Number(result.rows[0]?.count ?? 0);
  });
  return count;
}

async function startServer(checkout: string, target: Target) {
  const port = await bench.freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["server.js"], {
    cwd: checkout,
    env: { ...process.env, ...target.env, PORT: String(port), APP_URL: base, ...bench.UNLIMITED },
    stdio: ["ignore", "pipe", "inherit"],
  });
  // Its log (warnings and worse), shown if it stops before it is told to.
  let log = "";
  child.stdout!.on("data", (chunk: Buffer) => (log = (log + String(chunk)).slice(-4000)));
  child.once("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGTERM")
      console.error(`The server of ${checkout} stopped (${code ?? signal}):\n${log}`);
  });
  // Three builds' servers starting on a busy machine can take a while.
  await bench.untilUp(base, 120);
  return { base, child };
}
