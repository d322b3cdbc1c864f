import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { firstAskError, todayFor } from "~/.server/assistant/http";
import { askAssistant, AssistantRateLimitError, type TurnEvent } from "~/.server/assistant/service";
import { FieldError, ForbiddenError, NotFoundError } from "~/.server/errors";
import { requireActor } from "~/.server/http/respond";
import { askSchema } from "~/validation/assistant";
import type { Route } from "./+types/assistant-stream";

/**
 * POST /app/assistant/stream: the widget's question, answered as server-sent events while
 * the engine writes (`start`, `text`, `status`, `proposal`, then `done` with the stored
 * answer). A refusal comes before the stream, as JSON with its status. Closing the request
 * (the Stop button) aborts the engine; what it had written is kept. The assistant page
 * without JavaScript posts to /app/assistant instead.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: askSchema });
  if (submission.status !== "success") {
    return data({ error: firstAskError(submission.error) }, { status: 400 });
  }
  const stop = new AbortController();
  request.signal.addEventListener("abort", () => stop.abort(), { once: true });
  const events = askAssistant(actor, { ...submission.value, today: todayFor(request) }, stop.signal);
  let first: IteratorResult<TurnEvent>;
  try {
    first = await events.next();
  } catch (error) {
    return refusal(error);
  }
  return new Response(eventStream(first, events, stop), {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Accel-Buffering": "no",
    },
  });
}

export function loader() {
  return data({ error: "Ask with POST." }, { status: 405, headers: { Allow: "POST" } });
}

function refusal(error: unknown) {
  if (error instanceof AssistantRateLimitError) {
    return data({ error: error.message }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }
  if (error instanceof FieldError) return data({ error: error.message }, { status: 400 });
  if (error instanceof ForbiddenError) return data({ error: error.message }, { status: 403 });
  if (error instanceof NotFoundError) {
    return data({ error: "This conversation no longer exists, or you no longer have access to it." }, { status: 404 });
  }
  throw error;
}

/**
 * The answer as `data:` lines. The engine runs to its end even when the browser has gone
 * (it was aborted, so it ends soon), so the stored answer keeps what was written.
 */
function eventStream(first: IteratorResult<TurnEvent>, rest: AsyncGenerator<TurnEvent>, stop: AbortController) {
  const encoder = new TextEncoder();
  let open = true;
  return new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: TurnEvent) => {
        if (open) controller.enqueue(encoder.encode(`data: ${JSON.stringify(event)}\n\n`));
      };
      if (!first.done) send(first.value);
      for await (const event of rest) send(event);
      if (open) controller.close();
    },
    cancel() {
      open = false;
      stop.abort();
    },
  });
}
