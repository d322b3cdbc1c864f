import type { Job } from "./queue";

/**
 * What each kind of job does. Kinds are registered once per process at boot (mail,
 * notifications, reminders…); a worker that meets a kind nobody registered fails the job
 * with that message, so it is retried once the code that knows it is running. `now` is the
 * worker's clock (the real time, or the one a test hands `runDueJobs`), for handlers that
 * schedule or compare times.
 */
export type JobHandler = (payload: Record<string, unknown>, job: Job, now: Date) => Promise<void>;

const holder = globalThis as typeof globalThis & { __plotlineJobHandlers?: Map<string, JobHandler> };
const handlers = (holder.__plotlineJobHandlers ??= new Map());

/** Registers the handler of a kind; returns the unregister. */
export function defineJob(kind: string, handler: JobHandler) {
  handlers.set(kind, handler);
  return () => {
    if (handlers.get(kind) === handler) handlers.delete(kind);
  };
}

export function jobHandler(kind: string): JobHandler | undefined {
  return handlers.get(kind);
}
