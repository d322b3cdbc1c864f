import { viewerTimeZone } from "../calendar/http";
import { todayIn } from "../../utils/time-zones";

/** The asker's today, in the zone their browser reported (the `plotline-tz` cookie), else UTC. */
export function todayFor(request: Request) {
  return todayIn(viewerTimeZone(request));
}
