import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { startTestMailbox } from "../../scripts/test-mailbox.js";

// Before anything reads env(): mail goes to a real SMTP server.
const mailbox = await startTestMailbox();
vi.stubEnv("SMTP_URL", mailbox.smtpUrl);

const { engines, useTestDatabase } = await import("../setup/database");
const { db } = await import("~/.server/db");
const { jobs } = await import("~/.server/db/schema");
const { enqueue } = await import("~/.server/jobs/queue");
const { defineJob } = await import("~/.server/jobs/registry");
const { runDueJobs } = await import("~/.server/jobs/worker");
const { sendMail } = await import("~/.server/mail/mailer");

afterAll(() => mailbox.close());

type Mail = { messageId: string | null; to: string[]; subject: string };
async function mailsTo(email: string) {
  return (await (await fetch(`${mailbox.apiUrl}/messages?to=${encodeURIComponent(email)}`)).json()) as Mail[];
}

/**
 * A job's mail has an identity of its own, the same on every attempt: its Message-ID comes
 * from the job. Once the SMTP server has accepted it, that is recorded on the job at once, so
 * a failure later in the same job retries without sending the mail again; and when the record
 * never made it (the worker died in between), the retry's mail has the same Message-ID.
 */
describe.each(engines)("a job's mail identity on %s", (engine) => {
  useTestDatabase(engine);
  const undo: (() => void)[] = [];
  let clock = Date.now();
  const tick = () => new Date((clock += 60_000));
  beforeEach(async () => {
    await db().delete(jobs);
  });
  afterEach(() => {
    undo.splice(0).forEach((unregister) => unregister());
  });
  const jobRow = async () => (await db().select().from(jobs))[0]!;

  it("sends once with a Message-ID from the job: a failure after the SMTP server accepted it does not send it again", async () => {
    const to = `once-${engine}@example.com`;
    undo.push(
      defineJob("test.mail-then-fail", async (_payload, job) => {
        await sendMail({ to, content: { subject: "Hello", blocks: [{ kind: "paragraph", text: "Hi." }] } });
        if (job.attempts === 1) throw new Error("something after the send failed");
      }),
    );
    await enqueue(db(), [{ kind: "test.mail-then-fail" }]);

    await runDueJobs({ now: tick() });
    const failed = await jobRow();
    expect(failed).toMatchObject({ attempts: 1, doneAt: null, lastError: "something after the send failed" });
    const sent = await mailsTo(to);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.messageId).toMatch(new RegExp(`^<job-${failed.id}-[0-9a-f]{16}@localhost>$`));
    expect(failed.effectsDone).toEqual([sent[0]!.messageId]);

    await runDueJobs({ now: tick() });
    expect(await jobRow()).toMatchObject({ attempts: 2, lastError: null });
    expect((await jobRow()).doneAt).toBeInstanceOf(Date);
    expect(await mailsTo(to)).toHaveLength(1);
  });

  it("gives each mail of a job its own Message-ID, and a retry that knows nothing was sent the same ones", async () => {
    const to = `twice-${engine}@example.com`;
    undo.push(
      defineJob("test.two-mails", async (_payload, job) => {
        for (const subject of ["First", "Second"]) {
          await sendMail({ to, content: { subject, blocks: [{ kind: "paragraph", text: subject }] } });
        }
        if (job.attempts === 1) throw new Error("died after sending");
      }),
    );
    await enqueue(db(), [{ kind: "test.two-mails" }]);
    await runDueJobs({ now: tick() });
    // As if the worker had died before it could record the sends.
    const id = (await jobRow()).id;
    await db().update(jobs).set({ effectsDone: [] }).where(eq(jobs.id, id));
    await runDueJobs({ now: tick() });

    const mails = await mailsTo(to);
    expect(mails.map((mail) => mail.subject)).toEqual(["First", "Second", "First", "Second"]);
    const [first, second, firstAgain, secondAgain] = mails.map((mail) => mail.messageId);
    expect(first).not.toBe(second);
    expect(firstAgain).toBe(first);
    expect(secondAgain).toBe(second);
    expect((await jobRow()).effectsDone).toEqual([first, second]);
  });

  it("leaves a mail sent outside any job to the mailer's own random Message-ID", async () => {
    const to = `script-${engine}@example.com`;
    await sendMail({ to, content: { subject: "From a script", blocks: [{ kind: "paragraph", text: "Hi." }] } });
    const [mail] = await mailsTo(to);
    expect(mail!.messageId).toMatch(/^<[^>]+@localhost>$/);
    expect(mail!.messageId).not.toMatch(/^<job-/);
  });
});
