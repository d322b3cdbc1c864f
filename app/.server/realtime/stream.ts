import { randomUUID } from "node:crypto";

import { eventStream } from "remix-utils/sse/server";

import { logger } from "../logger";
import type { StreamMessage } from "../../utils/realtime";
import { addConnection, memberships, missedSince, removeConnection, type Connection } from "./hub";

/**
 * One browser tab's server-sent-events stream (remix-utils' `eventStream`). It opens with
 * a `hello` naming the connection, replays what the tab missed after `Last-Event-ID` (the
 * header on the browser's own reconnects, `?lastEventId=` on ours), then carries live
 * events; a ping every 25 s keeps proxies from closing it. Everything is removed when the
 * request aborts. `send` is guarded: remix-utils' stream can be cancelled without the
 * signal aborting (stack notes, pitfall 14), and a throwing timer would take the process down.
 */
const HEARTBEAT_MS = 25_000;

type Hooks = { onOpen?(connection: Connection): void; onClose?(connection: Connection): void };
const hooks: Hooks[] = [];

/** Lets presence know when streams open and close. */
export function onConnection(hook: Hooks) {
  hooks.push(hook);
}

export async function openStream(request: Request, userId: string) {
  // The connection joins the hub before the replay is read, holding live events back, so
  // nothing committed in between falls into the gap; the replay's own events are not sent twice.
  const buffered: StreamMessage[] = [];
  let sink: ((message: StreamMessage) => void) | null = null;
  const connection: Connection = {
    id: randomUUID(),
    userId,
    workspaces: await memberships(userId),
    view: { projectId: null, taskId: null, idle: false },
    send: (message) => (sink ? sink(message) : buffered.push(message)),
  };
  addConnection(connection);
  let missed: Awaited<ReturnType<typeof missedSince>>;
  try {
    const lastEventId = Number(
      request.headers.get("Last-Event-ID") ?? new URL(request.url).searchParams.get("lastEventId") ?? NaN,
    );
    missed =
      Number.isSafeInteger(lastEventId) && lastEventId >= 0
        ? await missedSince(connection.workspaces, lastEventId)
        : [];
  } catch (error) {
    removeConnection(connection);
    throw error;
  }

  return eventStream(
    request.signal,
    (send) => {
      let open = true;
      const write = (message: StreamMessage) => {
        if (!open) return;
        try {
          send({
            event: message.event,
            data: JSON.stringify(message.data),
            id: "id" in message ? message.id : undefined,
          });
        } catch {
          close();
        }
      };
      write({ event: "hello", data: { connectionId: connection.id } });
      if (missed === null) write({ event: "reset", data: {} });
      else for (const event of missed) write({ event: "change", id: event.id, data: event.data });
      const lastReplayed = missed?.length ? Number(missed[missed.length - 1]!.id) : -1;
      for (const message of buffered) {
        if (message.event === "change" && Number(message.id) <= lastReplayed) continue;
        write(message);
      }
      buffered.length = 0;
      sink = write;
      for (const hook of hooks) hook.onOpen?.(connection);

      const heartbeat = setInterval(() => write({ event: "ping", data: {} }), HEARTBEAT_MS);
      heartbeat.unref();
      function close() {
        if (!open) return;
        open = false;
        clearInterval(heartbeat);
        removeConnection(connection);
        for (const hook of hooks) {
          try {
            hook.onClose?.(connection);
          } catch (error) {
            logger.warn({ err: error }, "stream close hook failed");
          }
        }
      }
      return close;
    },
    { headers: { "X-Accel-Buffering": "no" } },
  );
}
