import { subscribeBatches } from "../events/bus";
import { deliver, resetDelivered } from "./hub";
import { startRelay } from "./relay";

/**
 * Starts the real-time fan-out of this process: every committed event goes to the open
 * streams allowed to see it, and with PostgreSQL the relay brings in other processes' events.
 */
export async function startRealtime(options: { databaseUrl?: string }) {
  resetDelivered();
  const unsubscribe = subscribeBatches(deliver);
  const relay = options.databaseUrl ? await startRelay(options.databaseUrl) : null;
  return async () => {
    unsubscribe();
    await relay?.stop();
  };
}
