import { contextFor, type SignedIn } from "./route-harness";

/**
 * A real-time stream opened through GET /app/events's loader, read as a browser would:
 * the Response body parsed into server-sent events. `next(predicate)` waits for the next
 * matching message; `none(predicate, ms)` proves nothing matching came within `ms`.
 */
export type SseMessage = { event: string; id: string | null; data: Record<string, unknown> };

export async function openTestStream(user: SignedIn, options: { lastEventId?: number } = {}) {
  const { loader } = await import("~/routes/app/events");
  const controller = new AbortController();
  const headers = new Headers();
  if (options.lastEventId !== undefined) headers.set("Last-Event-ID", String(options.lastEventId));
  const request = new Request("http://localhost/app/events", { headers, signal: controller.signal });
  const response = await loader({ request, params: {}, context: contextFor(user) } as never);
  if (!(response instanceof Response) || !response.body) throw new Error("the stream route answered no stream");
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const received: SseMessage[] = [];
  const waiters = new Set<() => void>();
  let buffer = "";

  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf("\n\n")) >= 0) {
        received.push(parse(buffer.slice(0, end)));
        buffer = buffer.slice(end + 2);
      }
      for (const wake of waiters) wake();
    }
  })();

  let cursor = 0;
  async function next(predicate: (message: SseMessage) => boolean = () => true, timeoutMs = 5000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (cursor < received.length) {
        const message = received[cursor++]!;
        if (predicate(message)) return message;
      }
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.add(() => {
          clearTimeout(timer);
          resolve();
        });
      });
      waiters.clear();
    }
  }

  return {
    received,
    next,
    /** Every message of `event` received so far, after giving in-flight ones `ms` to arrive. */
    async all(event: string, ms = 100) {
      await new Promise((resolve) => setTimeout(resolve, ms));
      return received.filter((message) => message.event === event);
    },
    close: () => controller.abort(),
  };
}

function parse(block: string): SseMessage {
  const message: SseMessage = { event: "message", id: null, data: {} };
  const data: string[] = [];
  for (const line of block.split("\n")) {
    if (line.startsWith("event: ")) message.event = line.slice(7);
    else if (line.startsWith("id: ")) message.id = line.slice(4);
    else if (line.startsWith("data: ")) data.push(line.slice(6));
  }
  message.data = data.length ? (JSON.parse(data.join("\n")) as Record<string, unknown>) : {};
  return message;
}
