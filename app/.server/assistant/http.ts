/** The asker's today, in the zone their browser reported (the `plotline-tz` cookie), else UTC. */
export { todayFor } from "../http/viewer";

/** The message to show for a refused question: the first of its fields' errors. */
export function firstAskError(errors: Record<string, string[] | null> | null | undefined) {
  return (
    Object.values(errors ?? {})
      .flat()
      .filter(Boolean)[0] ?? "Write a message first."
  );
}
