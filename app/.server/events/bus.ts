import { logger } from "../logger";

/**
 * Domain events, published after the transaction that caused them commits. Side effects
 * (mail now; notifications, real-time updates, webhooks and automations later) subscribe
 * here instead of running inside actions. In-process for now; the same interface will
 * carry PostgreSQL LISTEN/NOTIFY across processes.
 */
export type DomainEvent = {
  /** The activity row's sequence: unique, ordered, the future real-time event id. */
  sequence: number;
  verb: string;
  subjectType: string;
  subjectId: string;
  workspaceId: string | null;
  projectId: string | null;
  actorId: string | null;
  data: Record<string, unknown>;
  /** Values for subscribers only, never stored in the activity log. */
  transient: Record<string, unknown>;
  createdAt: Date;
};

type Handler = (event: DomainEvent) => Promise<void> | void;

const holder = globalThis as typeof globalThis & { __plotlineHandlers?: Map<string, Set<Handler>> };
const handlers = (holder.__plotlineHandlers ??= new Map());

/** Subscribes to one verb (e.g. `contact_message.submitted`); returns the unsubscribe. */
export function subscribe(verb: string, handler: Handler) {
  const set = handlers.get(verb) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(verb, set);
  return () => set.delete(handler);
}

/**
 * Runs every subscriber of each event. A failing subscriber is logged and does not stop the
 * others; the write that caused the event has already committed.
 */
export async function publish(events: DomainEvent[]) {
  for (const event of events) {
    for (const handler of handlers.get(event.verb) ?? []) {
      try {
        await handler(event);
      } catch (error) {
        logger.error({ err: error, verb: event.verb, sequence: event.sequence }, "event subscriber failed");
      }
    }
  }
}
