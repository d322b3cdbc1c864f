import { requireUser } from "~/.server/auth/session";
import { openStream } from "~/.server/realtime/stream";
import type { Route } from "./+types/events";

/**
 * GET /app/events: the signed-in user's real-time stream (server-sent events), one per
 * browser tab. The app layout's middleware has already refused anyone signed out.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return openStream(request, user.id);
}
