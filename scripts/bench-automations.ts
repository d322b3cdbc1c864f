// `npm run bench:automations`: automation rules (issue 34), in process, on PGlite and PostgreSQL.
// 1. Trigger → effect: a rule "status changes → set priority" on an idle instance with the
//    job worker running as in the app; a task is moved BENCH_SAMPLES times, one at a time, and
//    each sample is the time from the start of the move to the moment the rule's own change is
//    published (its live event): the move's commit, the worker waking, the run's unit of work.
// 2. Write throughput: the same moves (the task page's command, one client) in a project with
//    20 enabled rules set off by every status change (each one run is planned in the move's
//    transaction: a job row per rule) against a twin project with none, in alternating batches
//    of the same run, with the worker stopped so only the write path is timed. Then the planned
//    runs are drained and timed (conditions that never hold: each run reads the task and logs a skip).
// The npm script sets AUTOMATION_RATE_LIMIT high: one rule set off hundreds of times a minute is
// what this measures, not a runaway rule to pause.
// PostgreSQL from BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres), skipped if
// down; BENCH_ENGINES=pglite (or postgres) runs one.
import { randomBytes } from "node:crypto";
import os from "node:os";

import { asc, count, eq } from "drizzle-orm";

import { createRule, versioned } from "~/.server/automations/rules";
import { registerSubscribers } from "~/.server/boot/subscribers";
import { prepareDatabase } from "~/.server/boot/database";
import { db, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import { automationRuns, projects, statuses } from "~/.server/db/schema";
import { subscribe } from "~/.server/events/bus";
import { runDueJobs, startWorker } from "~/.server/jobs/worker";
import { createProject } from "~/.server/projects/projects";
import { initSecrets } from "~/.server/secrets";
import { createTask, moveTask } from "~/.server/tasks/tasks";
import { createDemoUser } from "~/.server/demo/seed";
import { ms, percentile, benchTarget, type BenchTarget } from "./bench-support";

type Engine = "pglite" | "postgres";
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",") as Engine[];
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 200);
const BATCH = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const RULES = 20;
const none = { match: "all" as const, items: [] };

type Row = {
  engine: string;
  latency: number[];
  withRules: number[];
  without: number[];
  drain: { runs: number; ms: number };
};
const rows: Row[] = [];

for (const engine of engines) {
  const target = await benchTarget(engine, "rules");
  if (!target) continue;
  try {
    rows.push({ engine, ...(await measure(target)) });
  } finally {
    await target.cleanup();
  }
}

console.log(
  `\nAutomation rules, in process. Trigger → effect: ${SAMPLES} moves one at a time, a rule setting the priority on each (worker running). ` +
    `Moves: ${ROUNDS} rounds of ${BATCH} moves in each project, alternating, worker stopped.\n`,
);
console.log(
  "| engine | trigger → effect p50 | p99 | moves/s, no rules | moves/s, 20 rules | overhead | 20 rules' runs drained |",
);
console.log("|---|---|---|---|---|---|---|");
for (const row of rows) {
  const rate = (timings: number[]) => (timings.length / timings.reduce((sum, value) => sum + value, 0)) * 1000;
  const without = rate(row.without);
  const withRules = rate(row.withRules);
  console.log(
    `| ${row.engine} | ${ms(percentile(row.latency, 50))} | ${ms(percentile(row.latency, 99))} | ${without.toFixed(0)} | ${withRules.toFixed(0)} | ${(((without - withRules) / without) * 100).toFixed(1)} % | ${row.drain.runs} runs in ${ms(row.drain.ms)} (${((row.drain.runs / row.drain.ms) * 1000).toFixed(0)}/s) |`,
  );
}
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}, ${new Date().toISOString()}.`,
);
process.exit(0);

async function measure(target: BenchTarget) {
  initSecrets(target.dataDir);
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  const unregister = registerSubscribers();
  const user = await createDemoUser(`bench-${randomBytes(3).toString("hex")}@bench.local`, "bench-password-1", "Bench");
  const actor = { userId: user.id, ip: null };
  const [workspace] = await db().query.workspaceMembers.findMany({
    where: (member, { eq }) => eq(member.userId, user.id),
  });
  const workspaceId = (await db().query.workspaces.findFirst({
    where: (row, { eq }) => eq(row.id, workspace!.workspaceId),
  }))!.publicId;
  const project = async (name: string) => {
    const created = await createProject(actor, { workspaceId, name });
    const [row] = await db().select().from(projects).where(eq(projects.publicId, created.id));
    const columns = await db()
      .select()
      .from(statuses)
      .where(eq(statuses.projectId, row!.id))
      .orderBy(asc(statuses.position));
    const task = await createTask(actor, { projectId: created.id, title: "Mover" });
    return { id: created.id, columns, task };
  };

  // 1. Trigger → effect.
  const timed = await project("Latency");
  const started = new Map<string, number>();
  const latency: number[] = [];
  let arrived: (() => void) | null = null;
  const unsubscribe = subscribe("comment.created", (event) => {
    const via = (event.data as { via?: { kind?: string } }).via;
    if (via?.kind !== "automation" || event.subjectId !== timed.task.id) return;
    latency.push(performance.now() - started.get("move")!);
    arrived?.();
  });
  await createRule(actor, {
    projectId: timed.id,
    name: "Say where it went",
    definition: versioned({
      trigger: { type: "status_changed" },
      conditions: none,
      // A comment: every run writes, so every run publishes an event to time.
      actions: [{ kind: "comment", text: "{key} moved to {status}" }],
    }),
  });
  const worker = startWorker({ idleMs: 5_000 });
  for (let sample = 0; sample < SAMPLES + 10; sample++) {
    const column = timed.columns[(sample + 1) % 2]!;
    const done = new Promise<void>((resolve) => (arrived = resolve));
    started.set("move", performance.now());
    await moveTask(actor, { taskId: timed.task.id, statusId: column.publicId, placement: { at: "end" } });
    await done;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  unsubscribe();
  await worker.stop();
  latency.splice(0, 10);

  // 2. Moves with 20 rules against none.
  const busy = await project("With rules");
  const quiet = await project("Without rules");
  for (let index = 0; index < RULES; index++) {
    await createRule(actor, {
      projectId: busy.id,
      name: `Rule ${index + 1}`,
      definition: versioned({
        trigger: { type: "status_changed" },
        conditions: { match: "all", items: [{ kind: "text_contains", value: `never-${index}` }] },
        actions: [{ kind: "set_priority", value: "high" }],
      }),
    });
  }
  const withRules: number[] = [];
  const without: number[] = [];
  const moves = async (target: Awaited<ReturnType<typeof project>>, into: number[], round: number) => {
    for (let move = 0; move < BATCH; move++) {
      const column = target.columns[(round * BATCH + move + 1) % 2]!;
      const start = performance.now();
      await moveTask(actor, { taskId: target.task.id, statusId: column.publicId, placement: { at: "end" } });
      into.push(performance.now() - start);
    }
  };
  for (let round = 0; round < ROUNDS + 1; round++) {
    // Alternating which goes first; the first round warms up.
    for (const target of round % 2 === 0 ? [busy, quiet] : [quiet, busy]) {
      const timings: number[] = [];
      await moves(target, timings, round);
      if (round > 0) (target === busy ? withRules : without).push(...timings);
    }
  }
  const logged = async () => (await db().select({ runs: count() }).from(automationRuns))[0]!.runs;
  const before = await logged();
  const drainStart = performance.now();
  await runDueJobs();
  const drain = { runs: (await logged()) - before, ms: performance.now() - drainStart };
  unregister();
  await handle.close();
  return { latency: latency.sort((x, y) => x - y), withRules, without, drain };
}
