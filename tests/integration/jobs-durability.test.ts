import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

import { like } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { registerSubscribers } from "~/.server/boot/subscribers";
import { db, setDatabase } from "~/.server/db";
import { jobs } from "~/.server/db/schema";
import { submitContactMessage } from "~/.server/public-forms/submissions";
import { initSecrets } from "~/.server/secrets";
import { startTestMailbox } from "../../scripts/test-mailbox.js";
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { requirePostgres } from "../setup/postgres";

/**
 * The outbox's promise, end to end with real processes: a mail job whose worker is killed
 * mid-send (SIGKILL, no chance to clean up) is run again by the next worker once its lease
 * runs out, and the mail arrives once. `npm run worker` (scripts/worker.ts) is the worker.
 */
const LEASE_MS = 1500;
const SENDER = "ada@example.com";

describe("job durability across a killed worker (PostgreSQL)", () => {
  let database: TestDatabase;
  let unregister: () => void;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "plotline-worker-"));

  beforeAll(async () => {
    await requirePostgres();
    initSecrets(dataDir);
    database = await createTestDatabase("postgres");
    setDatabase(database);
    // This process makes the change, so it must know the mail kinds to write their jobs.
    unregister = registerSubscribers();
  });
  afterAll(async () => {
    unregister?.();
    setDatabase(undefined);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // Two worker processes start under tsx in turn: on a loaded machine that alone can pass 30 s.
  it("runs a job interrupted by a kill again after restart, and the mail arrives exactly once", async () => {
    const stalled = await startStallingSmtp();
    const mailbox = await startTestMailbox();
    const workers: ChildProcess[] = [];
    try {
      const first = startWorker(database.url!, stalled.url, dataDir);
      workers.push(first);
      await submitContactMessage(
        { userId: null, ip: "203.0.113.9" },
        { fullName: "Ada Lovelace", email: SENDER, subject: "Engines", message: "Hello there.", topic: "general" },
      );

      // The first worker is inside a job: its mail's DATA has gone out and waits for an answer.
      // (A contact message sets off two mail jobs, the receipt and the team's notice.)
      await stalled.dataReceived;
      const mailJobs = () => db().select().from(jobs).where(like(jobs.kind, "mail.contact_message%"));
      const queued = await mailJobs();
      expect(queued).toHaveLength(2);
      const inHand = queued.find((job) => job.lockedBy?.startsWith(`${first.pid}-`));
      expect(inHand).toMatchObject({ attempts: 1, doneAt: null });

      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));

      const second = startWorker(database.url!, mailbox.smtpUrl, dataDir);
      workers.push(second);
      const done = await waitFor(async () => {
        const rows = await mailJobs();
        return rows.every((job) => job.doneAt) ? rows : null;
      }, 20_000);
      for (const job of done) {
        expect(job).toMatchObject({ attempts: job.id === inHand!.id ? 2 : 1, payload: {}, lastError: null });
        expect(job.lockedBy).toMatch(new RegExp(`^${second.pid}-`));
      }

      // Nothing more comes: the acknowledgement and the team's notice, once each.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const messages = (await (await fetch(`${mailbox.apiUrl}/messages`)).json()) as Array<{
        to: string[];
        subject: string;
      }>;
      expect(messages.filter((message) => message.to.includes(SENDER))).toHaveLength(1);
      expect(messages.filter((message) => message.to.includes("support@localhost"))).toHaveLength(1);
      expect(messages).toHaveLength(2);

      // SIGTERM stops it cleanly.
      second.kill("SIGTERM");
      const code = await new Promise<number | null>((resolve) => second.once("exit", (exitCode) => resolve(exitCode)));
      expect(code).toBe(0);
    } finally {
      for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
      await mailbox.close();
      await stalled.close();
    }
  }, 90_000);
});

function startWorker(databaseUrl: string, smtpUrl: string, dataDir: string) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl,
      SMTP_URL: smtpUrl,
      DATA_DIR: dataDir,
      JOB_LEASE_MS: String(LEASE_MS),
      LOG_LEVEL: "error",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += String(chunk)));
  child.once("exit", (code, signal) => {
    if (code !== 0 && signal !== "SIGKILL") console.error(`worker exited (${code ?? signal}): ${stderr}`);
  });
  return child;
}

/** An SMTP server that takes a message's data and never answers it: a send that hangs. */
async function startStallingSmtp() {
  let received: () => void = () => {};
  const dataReceived = new Promise<void>((resolve) => (received = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream) {
      stream.resume();
      stream.on("end", received);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    dataReceived,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function waitFor<T>(probe: () => Promise<T | null>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
