import { serveFeed } from "~/.server/calendar/feed-ics";
import type { Route } from "./+types/calendar-feed";

/**
 * A secret calendar feed, `/calendar/feed/<token>.ics` (app/.server/calendar/feed-ics.ts):
 * outside `/app`, so a calendar app fetches it without a session, and a GET, so the
 * cross-site write check lets it through. The token is never logged: the request log and
 * the error log write this path as `/calendar/feed/[redacted]` (app/.server/logger.ts).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  return serveFeed(params.file, request);
}
