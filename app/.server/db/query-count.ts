import { AsyncLocalStorage } from "node:async_hooks";

import type { Logger } from "drizzle-orm/logger";

/**
 * Counts the SQL statements each request runs (the bench reads them from the
 * `Server-Timing` header), so a page whose query count grows with its data, an N+1, shows.
 */
const storage = new AsyncLocalStorage<{ queries: number }>();

/** Drizzle's logger hook: called once per statement, inside the request's async context. */
export const queryCounter: Logger = {
  logQuery() {
    const store = storage.getStore();
    if (store) store.queries += 1;
  },
};

/** Runs `work` with a fresh counter; `read()` gives the statements run so far. */
export function countQueries<T>(work: (read: () => number) => T): T {
  const store = { queries: 0 };
  return storage.run(store, () => work(() => store.queries));
}
