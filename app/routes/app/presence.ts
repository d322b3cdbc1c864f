import { data, redirect } from "react-router";
import { z } from "zod";

import { requireActor, runForFetcher } from "~/.server/http/respond";
import { reportPresence, StreamNotHereError } from "~/.server/realtime/presence";
import { UUID_PATTERN } from "~/validation/ids";
import type { Route } from "./+types/presence";

/**
 * POST /app/presence: what one of the user's real-time streams is looking at (a project,
 * the task open in it, idle or not), sent by the tab's PresenceReporter. Presence is not a
 * write: nothing is stored and nothing goes to the activity log, so there is no use case,
 * only the same membership check as the project page. JavaScript only (without it there is
 * no stream to report for); answers JSON.
 */
/** A public id, or empty for none. */
const PUBLIC_ID = /^([A-Za-z0-9]{6,20})?$/;
const presenceSchema = z.object({
  connectionId: z
    .string({ error: "connectionId must be a stream's id" })
    .regex(UUID_PATTERN, { error: "connectionId must be a stream's id" }),
  project: z
    .string({ error: "project must be a project's id, or empty" })
    .regex(PUBLIC_ID, { error: "project must be a project's id, or empty" }),
  task: z
    .string({ error: "task must be a task's id, or empty" })
    .regex(PUBLIC_ID, { error: "task must be a task's id, or empty" })
    .default(""),
  idle: z.enum(["true", "false"], { error: "idle must be true or false" }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireActor(request, context);
  const form = await request.formData();
  const parsed = presenceSchema.safeParse(
    Object.fromEntries(["connectionId", "project", "task", "idle"].map((name) => [name, form.get(name) ?? undefined])),
  );
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const { connectionId, project, task, idle } = parsed.data;
  if (task && !project) return data({ error: "A task is viewed inside its project" }, { status: 400 });
  try {
    const result = await runForFetcher(() =>
      reportPresence(user.id, { connectionId, project: project || null, task: task || null, idle: idle === "true" }),
    );
    // 202: another process holds the stream and takes the checked report in from PostgreSQL.
    if (!result.ok) return data({ error: result.message }, { status: result.status });
    return data({ ok: true as const }, { status: result.value === "relayed" ? 202 : 200 });
  } catch (error) {
    if (error instanceof StreamNotHereError) return data({ error: error.message }, { status: 409 });
    throw error;
  }
}

export function loader() {
  return redirect("/app/dashboard");
}
