import { loader } from "~/routes/app/events";
import { contextFor, type SignedIn } from "./route-harness";

/**
 * A signed-in user's GET /app/events through the route's loader, read as a browser's
 * EventSource would: the body is parsed into server-sent events as they arrive.
 */
export type ServerSentEvent = { event: string; id: string | null; data: unknown };

export async function openEventStream(user: SignedIn) {
  const controller = new AbortController();
  const request = new Request("http://localhost/app/events", { signal: controller.signal });
  const response = (await loader({ request, params: {}, context: contextFor(user) } as never)) as Response;
  if (response.status !== 200 || !response.body) throw new Error(`the stream answered ${response.status}`);
  const events: ServerSentEvent[] = [];
  const listeners = new Set<() => void>();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();

  void (async () => {
    let buffer = "";
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) return;
      buffer += chunk.value;
      for (let end = buffer.indexOf("\n\n"); end >= 0; end = buffer.indexOf("\n\n")) {
        events.push(parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
        listeners.forEach((listener) => listener());
      }
    }
  })();

  return {
    events,
    /** The first event (already received or still to come) that matches, or a rejection after `timeoutMs`. */
    next(match: (event: ServerSentEvent) => boolean, timeoutMs = 5000) {
      return new Promise<ServerSentEvent>((resolve, reject) => {
        const check = () => {
          const found = events.find(match);
          if (!found) return;
          cleanup();
          resolve(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    close: () => controller.abort(),
  };
}

function parse(block: string): ServerSentEvent {
  let event = "message";
  let id: string | null = null;
  const data: string[] = [];
  for (const line of block.split("\n")) {
    const colon = line.indexOf(":");
    if (colon === 0) continue; // a comment
    const field = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
    if (field === "event") event = value;
    else if (field === "id") id = value;
    else if (field === "data") data.push(value);
  }
  const text = data.join("\n");
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: kept as text
  }
  return { event, id, data: parsed };
}
