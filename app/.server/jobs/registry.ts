import type { Job } from "./queue";

/**
 * What each kind of job does. Kinds are registered once per process at boot (mail,
 * notifications, reminders…); a worker that meets a kind nobody registered fails the job
 * with that message, so it is retried once the code that knows it is running. `now` is the
 * worker's clock (the real time, or the one a test hands `runDueJobs`), for handlers that
 * schedule or compare times.
 */
export type JobHandler = (payload: Record<string, unknown>, job: Job, now: Date) => Promise<void>;

export type JobOptions = {
  /**
   * The wait before the next try after failed attempt number `attempt` (1 for the first), in
   * ms; the queue's default (2 s, 4 s, 8 s … at most an hour) when left out. Webhooks spread
   * their tries over a day.
   */
  retryDelayMs?: (attempt: number) => number;
};

type Definition = { handler: JobHandler; options: JobOptions };
const holder = globalThis as typeof globalThis & { __plotlineJobDefinitions?: Map<string, Definition> };
const definitions = (holder.__plotlineJobDefinitions ??= new Map());

/** Registers the handler of a kind; returns the unregister. */
export function defineJob(kind: string, handler: JobHandler, options: JobOptions = {}) {
  const definition: Definition = { handler, options };
  definitions.set(kind, definition);
  return () => {
    if (definitions.get(kind) === definition) definitions.delete(kind);
  };
}

/** Every kind with a handler in this process. */
export function jobKinds() {
  return [...definitions.keys()];
}

export function jobHandler(kind: string): JobHandler | undefined {
  return definitions.get(kind)?.handler;
}

/** The kind's own retry delay, if it has one. */
export function jobRetryDelay(kind: string): JobOptions["retryDelayMs"] {
  return definitions.get(kind)?.options.retryDelayMs;
}

/** Housekeeping that deletes what is no longer kept (the webhook delivery log past its bounds). */
export type Pruning = (now: Date) => Promise<void>;
const pruningHolder = globalThis as typeof globalThis & { __plotlinePrunings?: Map<string, Pruning> };
const prunings = (pruningHolder.__plotlinePrunings ??= new Map());

/**
 * Registers a pruning the workers run with their hourly pruning of finished jobs, so a
 * table that grows with use is bounded without a schedule of its own; returns the unregister.
 */
export function definePruning(name: string, prune: Pruning) {
  prunings.set(name, prune);
  return () => {
    if (prunings.get(name) === prune) prunings.delete(name);
  };
}

export function registeredPrunings(): Array<[string, Pruning]> {
  return [...prunings];
}
