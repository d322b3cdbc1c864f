import type { Job } from "./queue";

/**
 * What each kind of job does. Kinds are registered once per process at boot (mail,
 * notifications, reminders…); a worker that meets a kind nobody registered fails the job
 * with that message, so it is retried once the code that knows it is running.
 */
export type JobHandler = (payload: Record<string, unknown>, job: Job) => Promise<void>;

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
