// `npm run bench:recurrence`: 1,000 repeating tasks making their next occurrence at once, in
// process, on PGlite and PostgreSQL. A member with 1,000 series (in 4 projects, each series a
// task with a due date, a start date two days before, two checklist items, a label and the
// member assigned; daily, weekdays, weekly, monthly on the 31st and the last Friday in turn,
// in New York and Berlin time) is seeded straight into the tables; then the scheduler's run
// (`materialiseDue`, the job's work: one unit of work per owner and workspace, `task.create`
// composed in it, the checklist, the series advanced, the activity rows and the outbox's jobs
// of the app's subscribers) is timed when all 1,000 are due, BENCH_RECURRENCE_ROUNDS times
// (each round at the next occurrence). BENCH_ENGINES=pglite or postgres runs one engine;
// PostgreSQL from BENCH_DATABASE_URL, skipped if down.
import os from "node:os";

import { and, asc, count, eq, isNotNull, max, sql } from "drizzle-orm";

import { prepareDatabase } from "~/.server/boot/database";
import { registerSubscribers } from "~/.server/boot/subscribers";
import { db, setDatabase } from "~/.server/db";
import { openDatabase } from "~/.server/db/client";
import {
  checklistItems,
  labels,
  projects,
  statuses,
  taskAssignees,
  taskLabels,
  taskSeries,
  tasks,
} from "~/.server/db/schema";
import { seedBench } from "~/.server/demo/seed";
import { newPublicId } from "~/.server/ids";
import { initSecrets } from "~/.server/secrets";
import { createAt, nextOccurrence } from "~/.server/tasks/recurrence-dates";
import { materialiseDue } from "~/.server/tasks/recurrence-jobs";
import { addDays } from "~/utils/calendar-month";
import { ms, PASSWORD, benchTarget, type BenchTarget } from "./bench-support";

type Engine = "pglite" | "postgres";
const engines = (process.env.BENCH_ENGINES ?? "pglite,postgres").split(",") as Engine[];
const SERIES = Number(process.env.BENCH_RECURRENCE_SERIES ?? 1000);
const ROUNDS = Number(process.env.BENCH_RECURRENCE_ROUNDS ?? 3);
const RULES = [
  "FREQ=DAILY",
  "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR",
  "FREQ=WEEKLY;BYDAY=MO",
  "FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
  "FREQ=MONTHLY;BYDAY=-1FR",
];
const ZONES = ["America/New_York", "Europe/Berlin"];
const ANCHOR = "2027-01-29"; // a Friday: the last of its month, and due for every rule above

unregisterOnExit(registerSubscribers());

const rows: { engine: Engine; round: number; made: number; ms: number; cpu: number }[] = [];
for (const engine of engines) {
  const target = await benchTarget(engine, "recurrence");
  if (!target) continue;
  try {
    await run(engine, target);
  } finally {
    await target.cleanup();
  }
}

console.log("\n| engine | round | series due | tasks made | time | CPU (this process) |");
console.log("| --- | --- | --- | --- | --- | --- |");
for (const row of rows) {
  console.log(`| ${row.engine} | ${row.round} | ${SERIES} | ${row.made} | ${ms(row.ms)} | ${ms(row.cpu)} |`);
}
console.log("\nCPU: this process's user + system time over the run (PGlite's included, PostgreSQL's backends not).");
console.log(
  `\nMachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, Node ${process.version}, load average ${os
    .loadavg()
    .map((value) => value.toFixed(1))
    .join(" ")}, ${new Date().toISOString()}.`,
);
process.exit(0);

async function run(engine: Engine, target: BenchTarget) {
  process.env.DATA_DIR = target.dataDir;
  initSecrets(target.dataDir);
  const handle = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  await prepareDatabase(handle);
  setDatabase(handle);
  try {
    await seed();
    for (let round = 1; round <= ROUNDS; round++) {
      // Every series due: the latest next time of them all.
      const [latest] = await db()
        .select({ at: max(taskSeries.nextAt) })
        .from(taskSeries)
        .where(isNotNull(taskSeries.nextAt));
      const now = new Date(latest!.at!);
      const started = performance.now();
      const cpuBefore = process.cpuUsage();
      const { made } = await materialiseDue(now);
      const elapsed = performance.now() - started;
      const used = process.cpuUsage(cpuBefore);
      rows.push({ engine, round, made, ms: elapsed, cpu: (used.user + used.system) / 1000 });
      console.log(`${engine} round ${round}: ${made} tasks in ${ms(elapsed)}`);
    }
    const [total] = await db().select({ n: count() }).from(tasks);
    const [items] = await db().select({ n: count() }).from(checklistItems);
    console.log(`${engine}: ${total!.n} tasks, ${items!.n} checklist items in the end`);
  } finally {
    setDatabase(undefined);
    await handle.close();
  }
}

/** The member, their projects, a label, and 1,000 tasks with their series (straight into the tables). */
async function seed() {
  const bench = await seedBench({
    email: "repeat@bench.local",
    password: PASSWORD,
    workspaceCount: 1,
    projectCount: 4,
  });
  const perProject = SERIES / bench.projectIds.length;
  let index = 0;
  for (const projectId of bench.projectIds) {
    const [project] = await db().select().from(projects).where(eq(projects.publicId, projectId));
    const [status] = await db()
      .select()
      .from(statuses)
      .where(and(eq(statuses.projectId, project!.id), eq(statuses.category, "not_started")))
      .orderBy(asc(statuses.position));
    const [label] = await db()
      .insert(labels)
      .values({
        publicId: newPublicId(),
        workspaceId: project!.workspaceId,
        name: `chore ${projectId}`,
        color: "green",
      })
      .returning();
    const values = Array.from({ length: perProject }, (_, i) => ({
      publicId: newPublicId(),
      workspaceId: project!.workspaceId,
      projectId: project!.id,
      number: i + 1,
      title: `Repeating chore ${i + 1}: check the backups and the alerts`,
      description: "Look at last night's backup report and the alert log; note anything odd.",
      statusId: status!.id,
      position: `a${String(i).padStart(6, "0")}`,
      dueDate: ANCHOR,
      startDate: addDays(ANCHOR, -2),
      occurrenceOn: ANCHOR,
    }));
    const inserted = await db().insert(tasks).values(values).returning({ id: tasks.id });
    await db().update(projects).set({ taskCounter: perProject }).where(eq(projects.id, project!.id));
    await db()
      .insert(taskAssignees)
      .values(inserted.map((row) => ({ taskId: row.id, userId: bench.userId })));
    await db()
      .insert(taskLabels)
      .values(inserted.map((row) => ({ taskId: row.id, labelId: label!.id })));
    const series = inserted.map((row) => {
      const rule = RULES[index % RULES.length]!;
      const timeZone = ZONES[index % ZONES.length]!;
      index++;
      const nextOn = nextOccurrence(rule, ANCHOR, ANCHOR)!;
      return {
        publicId: newPublicId(),
        workspaceId: project!.workspaceId,
        projectId: project!.id,
        ownerId: bench.userId,
        rule,
        timeZone,
        mode: "schedule" as const,
        anchorOn: ANCHOR,
        title: values[0]!.title,
        description: values[0]!.description,
        checklist: ["Backups", "Alerts"],
        labelIds: [label!.id],
        assigneeIds: [bench.userId],
        startOffset: -2,
        dueOffset: 0,
        currentTaskId: row.id,
        currentOn: ANCHOR,
        nextOn,
        nextAt: createAt(nextOn, -2, timeZone),
      };
    });
    const made = await db().insert(taskSeries).values(series).returning({ id: taskSeries.id });
    for (const [i, row] of inserted.entries()) {
      await db().update(tasks).set({ seriesId: made[i]!.id }).where(eq(tasks.id, row.id));
    }
  }
  await db().execute(sql`analyze`);
}

function unregisterOnExit(unregister: () => void) {
  process.on("exit", unregister);
}
