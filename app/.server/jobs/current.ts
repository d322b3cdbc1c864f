import { AsyncLocalStorage } from "node:async_hooks";
import { createHash } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import { db } from "../db";
import { jobs } from "../db/schema";
import type { Job } from "./queue";

/**
 * The job a piece of work runs for, however deep in its awaits (the worker runs every
 * handler inside `inJob`), so that a side effect can take a stable identity from it and be
 * recorded the moment it happened: a mail's Message-ID is derived from the job, so a retry
 * after a crash sends the same one (or, when the first attempt's was recorded, none).
 * Held on globalThis, like the request scope, for development's reloaded modules.
 */
type Scope = { job: Job; effects: number };
const holder = globalThis as typeof globalThis & { __plotlineJobScope?: AsyncLocalStorage<Scope> };
const storage = (holder.__plotlineJobScope ??= new AsyncLocalStorage());

export function inJob<T>(job: Job, run: () => T): T {
  return storage.run({ job, effects: 0 }, run);
}

/**
 * The identity of the next side effect of the job in hand, or null outside a job: the
 * job's id and a hash of the job (its kind and creation time, so two instances' job 42 differ)
 * and of the effect's place among the job's effects, which an attempt and its retry share.
 */
export function nextEffect(): { job: Job; key: string; done: boolean } | null {
  const scope = storage.getStore();
  if (!scope) return null;
  const { job } = scope;
  const place = scope.effects++;
  const hash = createHash("sha256")
    .update(`${job.id}:${job.kind}:${new Date(job.createdAt).toISOString()}:${place}`)
    .digest("hex")
    .slice(0, 16);
  const key = `job-${job.id}-${place > 0 ? `${place}-` : ""}${hash}`;
  return { job, key, done: effectDone(job, key) };
}

/** Recorded as the key itself or inside a Message-ID (`<key@host>`), whatever the host was then. */
function effectDone(job: Job, key: string) {
  return (job.effectsDone ?? []).some((done) => done === key || done.startsWith(`<${key}@`));
}

/** Records a side effect as done on its job's row (whoever holds the lease now). */
export async function recordEffect(job: Job, effect: string) {
  await db()
    .update(jobs)
    .set({ effectsDone: sql`array_append(${jobs.effectsDone}, ${effect}::text)` })
    .where(eq(jobs.id, job.id));
}
