import { viewerTimeZone } from "../calendar/http";
import { todayIn } from "../../utils/time-zones";

/** The asker's today, in the zone their browser reported (the `plotline-tz` cookie), else UTC. */
export function todayFor(request: Request) {
  return todayIn(viewerTimeZone(request));
}

/** The message to show for a refused question: the first of its fields' errors. */
export function firstAskError(errors: Record<string, string[] | null> | null | undefined) {
  return (
    Object.values(errors ?? {})
      .flat()
      .filter(Boolean)[0] ?? "Write a message first."
  );
}
