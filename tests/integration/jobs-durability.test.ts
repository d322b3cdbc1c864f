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
import { createTestDatabase, type TestDatabase } from "../setup/database";
import { requirePostgres } from "../setup/postgres";

/**
 * The outbox's promise, end to end with real processes: a mail job whose worker is killed
 * mid-send (SIGKILL, no chance to clean up) is run again by the next worker once its lease
 * runs out, and the mail arrives once, with the Message-ID the killed worker had sent (it comes
 * from the job: a receiver can tell the retry is the same mail). `npm run worker`
 * (scripts/worker.ts) is the worker.
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
  it("runs a job interrupted by a kill again after restart: the mail arrives once, with the same Message-ID both tries", async () => {
    const smtp = await startSmtpStallingFirst();
    const workers: ChildProcess[] = [];
    try {
      const first = startWorker(database.url!, smtp.url, dataDir);
      workers.push(first);
      await submitContactMessage(
        { userId: null, ip: "203.0.113.9" },
        { fullName: "Ada Lovelace", email: SENDER, subject: "Engines", message: "Hello there.", topic: "general" },
      );

      // The first worker is inside a job: its mail's DATA has gone out and waits for an answer.
      // (A contact message sets off two mail jobs, the receipt and the team's notice.)
      const stalled = await smtp.stalled;
      const mailJobs = () => db().select().from(jobs).where(like(jobs.kind, "mail.contact_message%"));
      const queued = await mailJobs();
      expect(queued).toHaveLength(2);
      const inHand = queued.find((job) => job.lockedBy?.startsWith(`${first.pid}-`));
      expect(inHand).toMatchObject({ attempts: 1, doneAt: null, effectsDone: [] });
      expect(stalled.messageId).toMatch(new RegExp(`^<job-${inHand!.id}-[0-9a-f]{16}@localhost>$`));

      first.kill("SIGKILL");
      await new Promise((resolve) => first.once("exit", resolve));

      // The same SMTP server: it answers every message after the first.
      const second = startWorker(database.url!, smtp.url, dataDir);
      workers.push(second);
      const done = await waitFor(async () => {
        const rows = await mailJobs();
        return rows.every((job) => job.doneAt) ? rows : null;
      }, 20_000);
      for (const job of done) {
        expect(job).toMatchObject({ attempts: job.id === inHand!.id ? 2 : 1, payload: {}, lastError: null });
        expect(job.lockedBy).toMatch(new RegExp(`^${second.pid}-`));
        expect(job.effectsDone).toHaveLength(1);
      }

      // Nothing more comes: the acknowledgement and the team's notice, accepted once each, and
      // the retried one carries the Message-ID the killed worker had sent.
      await new Promise((resolve) => setTimeout(resolve, 500));
      const accepted = smtp.messages.filter((message) => message.accepted);
      expect(accepted.filter((message) => message.to.includes(SENDER))).toHaveLength(1);
      expect(accepted.filter((message) => message.to.includes("support@localhost"))).toHaveLength(1);
      expect(accepted).toHaveLength(2);
      const retried = accepted.find((message) => message.to.join() === stalled.to.join())!;
      expect(retried.messageId).toBe(stalled.messageId);
      expect(done.find((job) => job.id === inHand!.id)!.effectsDone).toEqual([stalled.messageId]);
      const other = accepted.find((message) => message !== retried)!;
      expect(other.messageId).not.toBe(stalled.messageId);

      // SIGTERM stops it cleanly.
      second.kill("SIGTERM");
      const code = await new Promise<number | null>((resolve) => second.once("exit", (exitCode) => resolve(exitCode)));
      expect(code).toBe(0);
    } finally {
      for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) worker.kill("SIGKILL");
      await smtp.close();
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

type Received = { messageId: string | null; to: string[]; accepted: boolean };

/**
 * An SMTP server that takes the first message's data and never answers it (a send that
 * hangs), and accepts every message after it. It keeps each one's Message-ID.
 */
async function startSmtpStallingFirst() {
  const messages: Received[] = [];
  let stalled: (message: Received) => void = () => {};
  const firstStalled = new Promise<Received>((resolve) => (stalled = resolve));
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase());
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const headers =
          Buffer.concat(chunks)
            .toString("utf8")
            .split(/\r?\n\r?\n/)[0] ?? "";
        const messageId = /^message-id:\s*(\S+)/im.exec(headers)?.[1] ?? null;
        const first = messages.length === 0;
        const message = { messageId, to, accepted: !first };
        messages.push(message);
        if (first) stalled(message);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    stalled: firstStalled,
    messages,
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
