import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db, setDatabase } from "~/.server/db";
import { queryRows } from "~/.server/db/client";
import { createProject } from "~/.server/projects/projects";
import { startRealtime } from "~/.server/realtime";
import { relayRunning } from "~/.server/realtime/relay";
import { initSecrets } from "~/.server/secrets";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { buildUser, type TestUser } from "../setup/factories";
import { requirePostgres } from "../setup/postgres";
import { openTestStream, type SseMessage } from "../setup/sse";

/**
 * Two processes on one PostgreSQL database: a change made by another process (the writer,
 * tests/setup/realtime-writer.ts, through the real createTask use case) reaches the streams
 * of this one through LISTEN/NOTIFY, only those of the workspace's members, and survives a
 * lost relay connection (the relay catches up from the activity log).
 */
type Writer = { create(title: string): Promise<{ id: string; key: string }>; stop(): Promise<void> };

describe("real-time across processes (PostgreSQL)", () => {
  let database: TestDatabase;
  let stopRealtime: () => Promise<void>;
  let member: TestUser;
  let outsider: TestUser;
  let projectId: string;
  let writer: Writer;

  beforeAll(async () => {
    await requirePostgres();
    initSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "plotline-secrets-")));
    database = await createTestDatabase("postgres");
    setDatabase(database);
    member = await buildUser();
    outsider = await buildUser();
    projectId = (await createProject(member.actor, { workspaceId: member.workspaceId, name: "Launch" })).id;
    stopRealtime = await startRealtime({ databaseUrl: database.url });
    writer = await startWriter(database.url!, member.id, projectId);
  });
  afterAll(async () => {
    await writer?.stop();
    await stopRealtime?.();
    setDatabase(undefined);
    await database?.drop();
  });

  const isChangeOf = (taskId: string) => (message: SseMessage) =>
    message.event === "change" && message.data.id === taskId;

  it("delivers a change made by another process to a member's stream, and not to an outsider's", async () => {
    const memberStream = await openTestStream(member);
    const outsiderStream = await openTestStream(outsider);
    try {
      await memberStream.next((event) => event.event === "hello");
      await outsiderStream.next((event) => event.event === "hello");

      const task = await writer.create("Made in another process");

      const change = await memberStream.next(isChangeOf(task.id));
      expect(change.data).toMatchObject({ type: "task.created", id: task.id, project: projectId, actor: member.id });
      expect(Number(change.id)).toBeGreaterThan(0);
      // Delivery to every connection of this process happens in one pass: a little grace is plenty.
      expect(await outsiderStream.all("change", 200)).toEqual([]);
    } finally {
      memberStream.close();
      outsiderStream.close();
    }
  });

  it("delivers a change made while the relay's connection was down once it has reconnected", async () => {
    const stream = await openTestStream(member);
    try {
      await stream.next((event) => event.event === "hello");
      const before = await relayPid();
      await queryRows(db(), sql`select pg_terminate_backend(${before})`);
      await waitFor(() => !relayRunning(), "the relay noticed its connection was gone");

      const task = await writer.create("Made while the relay was away");
      // The relay waits 0.5 s before reconnecting; the write takes a few ms.
      expect(relayRunning(), "the write should have happened while the relay was down").toBe(false);

      const change = await stream.next(isChangeOf(task.id), 15_000);
      expect(change.data).toMatchObject({ type: "task.created", project: projectId });
      expect(relayRunning()).toBe(true);
      expect(await relayPid()).not.toBe(before);
    } finally {
      stream.close();
    }
  });
});

/** The backend of this process's relay (it names its connection `plotline-relay`). */
async function relayPid() {
  const rows = await queryRows<{ pid: number }>(
    db(),
    sql`select pid from pg_stat_activity where application_name = 'plotline-relay' and datname = current_database()`,
  );
  if (rows.length !== 1) throw new Error(`expected one relay connection, found ${rows.length}`);
  return rows[0]!.pid;
}

async function waitFor(condition: () => boolean, what: string, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function startWriter(databaseUrl: string, userId: string, projectId: string): Promise<Writer> {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", "tests/setup/realtime-writer.ts"],
    {
      env: {
        ...process.env,
        DATABASE_URL: databaseUrl,
        WRITER_USER_ID: userId,
        WRITER_PROJECT_ID: projectId,
        LOG_LEVEL: "warn",
      },
    },
  );
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += String(chunk)));
  const answers: string[] = [];
  const waiting: Array<(line: string) => void> = [];
  readline.createInterface({ input: child.stdout }).on("line", (line) => {
    if (!line.startsWith("@@")) return;
    const answer = line.slice(2);
    const next = waiting.shift();
    if (next) next(answer);
    else answers.push(answer);
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`the writer exited (${code}): ${stderr}`))),
  );
  exited.catch(() => {});
  const nextAnswer = () =>
    Promise.race([
      new Promise<string>((resolve) => {
        const ready = answers.shift();
        if (ready !== undefined) resolve(ready);
        else waiting.push(resolve);
      }),
      exited,
    ]);
  expect(await nextAnswer()).toBe("ready");
  return {
    async create(title) {
      child.stdin.write(`${title}\n`);
      return JSON.parse(await nextAnswer()) as { id: string; key: string };
    },
    async stop() {
      child.removeAllListeners("exit");
      child.stdin.end();
      await new Promise((resolve) => {
        if (child.exitCode !== null) resolve(null);
        child.once("exit", resolve);
        setTimeout(() => child.kill("SIGKILL"), 5000).unref();
      });
    },
  };
}
