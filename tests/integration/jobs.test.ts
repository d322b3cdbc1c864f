import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";

import { db } from "~/.server/db";
import { jobs } from "~/.server/db/schema";
import { claimNext, completeJob, enqueue, failJob, type Job } from "~/.server/jobs/queue";
import { defineJob } from "~/.server/jobs/registry";
import { runDueJobs } from "~/.server/jobs/worker";
import { engines, useTestDatabase } from "../setup/database";
import { takeLoggedErrors } from "../setup/logged-errors";

/**
 * The durable jobs table on both engines: the claim, the lease, retries with backoff, the
 * dedupe key. Times are passed explicitly (`now`), so no test waits for a clock.
 */
describe.each(engines)("jobs on %s", (engine) => {
  useTestDatabase(engine);
  const undefine: (() => void)[] = [];

  beforeEach(async () => {
    await db().delete(jobs);
  });
  afterEach(() => {
    undefine.splice(0).forEach((undo) => undo());
  });

  const row = async (id: number) => (await db().select().from(jobs).where(eq(jobs.id, id)))[0]!;
  const later = (ms: number) => new Date(Date.now() + ms);

  it("enqueues, claims with a lease, runs the handler and empties the payload when done", async () => {
    const seen: Record<string, unknown>[] = [];
    undefine.push(defineJob("test.greet", async (payload) => void seen.push(payload)));
    await enqueue(db(), [{ kind: "test.greet", payload: { token: "one-time-secret" } }]);

    expect(await runDueJobs({ now: later(10) })).toBe(1);

    expect(seen).toEqual([{ token: "one-time-secret" }]);
    const [done] = await db().select().from(jobs);
    expect(done).toMatchObject({ kind: "test.greet", attempts: 1, payload: {}, lockedUntil: null, lastError: null });
    expect(done!.doneAt).toBeInstanceOf(Date);
    expect(await runDueJobs({ now: later(20) })).toBe(0);
  });

  it("holds a claimed job for its lease: nobody else gets it, and completing it is the holder's", async () => {
    await enqueue(db(), [{ kind: "test.held" }]);
    const now = later(10);
    const claimed = await claimNext("worker-a", 60_000, now);
    expect(claimed).toMatchObject({ kind: "test.held", attempts: 1, lockedBy: "worker-a" });
    expect(await claimNext("worker-b", 60_000, now)).toBeNull();

    // Another worker's completion of the same row changes nothing.
    await completeJob({ ...claimed!, lockedBy: "worker-b" }, "worker-b");
    expect((await row(claimed!.id)).doneAt).toBeNull();
    await completeJob(claimed!, "worker-a");
    expect((await row(claimed!.id)).doneAt).toBeInstanceOf(Date);
  });

  it("claims an expired lease again (the worker holding it died)", async () => {
    await enqueue(db(), [{ kind: "test.orphan", payload: { n: 1 } }]);
    const start = later(10);
    const first = await claimNext("dead-worker", 1000, start);
    expect(first).not.toBeNull();
    expect(await claimNext("other", 1000, new Date(start.getTime() + 500))).toBeNull();

    const again = await claimNext("other", 1000, new Date(start.getTime() + 1500));
    expect(again).toMatchObject({ id: first!.id, attempts: 2, lockedBy: "other", payload: { n: 1 } });
    // The dead worker's late completion does not count: the job is the new holder's.
    await completeJob(first!, "dead-worker");
    expect((await row(first!.id)).doneAt).toBeNull();
  });

  it("never hands the same job to two concurrent claimers (FOR UPDATE SKIP LOCKED)", async () => {
    const count = 40;
    await enqueue(
      db(),
      Array.from({ length: count }, (_, n) => ({ kind: "test.race", payload: { n } })),
    );
    const now = later(10);
    // On PostgreSQL the pool gives each claimer in flight its own connection (and session).
    const claimers = Array.from({ length: 8 }, async (_, c) => {
      const mine: Job[] = [];
      for (
        let job = await claimNext(`claimer-${c}`, 60_000, now);
        job;
        job = await claimNext(`claimer-${c}`, 60_000, now)
      )
        mine.push(job);
      return mine;
    });
    const claimed = (await Promise.all(claimers)).flat();

    const ids = claimed.map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(count);
    expect(claimed.every((job) => job.attempts === 1)).toBe(true);
  });

  it("backs off after a failure, retries, and gives up after max attempts keeping the last error", async () => {
    let calls = 0;
    undefine.push(
      defineJob("test.flaky", async () => {
        calls += 1;
        throw new Error(`SMTP refused (call ${calls})`);
      }),
    );
    await enqueue(db(), [{ kind: "test.flaky", payload: { to: "someone" }, maxAttempts: 3 }]);
    const [{ id }] = (await db().select({ id: jobs.id }).from(jobs)) as [{ id: number }];

    const t0 = later(10);
    expect(await runDueJobs({ now: t0 })).toBe(1);
    let job = await row(id);
    expect(job).toMatchObject({ attempts: 1, lastError: "SMTP refused (call 1)", lockedUntil: null, failedAt: null });
    expect(job.runAt.getTime()).toBe(t0.getTime() + 2000);
    expect(await runDueJobs({ now: new Date(t0.getTime() + 1999) })).toBe(0);

    const t1 = new Date(t0.getTime() + 2000);
    expect(await runDueJobs({ now: t1 })).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ attempts: 2, lastError: "SMTP refused (call 2)" });
    expect(job.runAt.getTime()).toBe(t1.getTime() + 4000);
    expect(takeLoggedErrors()).toEqual([]);

    expect(await runDueJobs({ now: new Date(t1.getTime() + 4000) })).toBe(1);
    job = await row(id);
    expect(job).toMatchObject({ attempts: 3, lastError: "SMTP refused (call 3)", payload: {}, doneAt: null });
    expect(job.failedAt).toBeInstanceOf(Date);
    expect(takeLoggedErrors().map((line) => line.msg)).toEqual(["job failed for good"]);
    expect(await runDueJobs({ now: later(86_400_000) })).toBe(0);
    expect(calls).toBe(3);
  });

  it("keeps one waiting job per dedupe key", async () => {
    await enqueue(db(), [{ kind: "test.digest", dedupeKey: "digest:user-1", payload: { first: true } }]);
    await enqueue(db(), [{ kind: "test.digest", dedupeKey: "digest:user-1", payload: { first: false } }]);
    await enqueue(db(), [{ kind: "test.digest", dedupeKey: "digest:user-2" }]);

    const waiting = await db().select().from(jobs).where(eq(jobs.dedupeKey, "digest:user-1"));
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.payload).toEqual({ first: true });
    expect(await db().select().from(jobs)).toHaveLength(2);

    // Once claimed, the job in hand may already have read its data: it gives up the key, and
    // a new one may wait again.
    const claimed = (await claimNext("worker", 60_000, later(10)))!;
    expect(claimed.dedupeKey).toBeNull();
    await enqueue(db(), [{ kind: "test.digest", dedupeKey: "digest:user-1", payload: { first: false } }]);
    expect(await db().select().from(jobs).where(eq(jobs.dedupeKey, "digest:user-1"))).toHaveLength(1);
    expect(await db().select().from(jobs)).toHaveLength(3);
    // The claimed one failing and waiting for its retry does not collide with the new one.
    await failJob(claimed, "worker", new Error("SMTP down"), later(10));
    const [retry] = await db().select().from(jobs).where(eq(jobs.id, claimed.id));
    expect(retry).toMatchObject({ lockedUntil: null, lastError: "SMTP down", doneAt: null, failedAt: null });
  });
});
