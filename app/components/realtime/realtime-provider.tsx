import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ReactNode,
} from "react";
import { useRevalidator } from "react-router";

import { CLIENT_ID } from "~/utils/client-id";
import type { ChangeEvent, StreamMessage } from "~/utils/realtime";

/**
 * One real-time connection per tab (GET /app/events), shared by every part of the page
 * through context. On an error the stream is closed and opened again with a growing delay
 * (1 s, 2 s, 4 s … 30 s), asking for what it missed after the last event it saw.
 *
 * remix-utils' useEventSource shares one connection too, but hands back only the latest
 * message's data: two events in one render would lose one, and it has no backoff
 * (docs/decisions/015-real-time-and-jobs.md).
 */
type Listener = (message: StreamMessage) => void;
type Realtime = { listen(listener: Listener): () => void; connectionId(): string | null };

const RealtimeContext = createContext<Realtime | null>(null);
const EVENTS: StreamMessage["event"][] = ["hello", "change", "notification", "presence", "reset"];

function createRealtime() {
  const listeners = new Set<Listener>();
  const state = { connectionId: null as string | null };
  const realtime: Realtime = {
    listen(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    connectionId: () => state.connectionId,
  };
  return { realtime, listeners, state };
}

/**
 * `since` is the last event the server had delivered when it rendered the page: the first
 * connection asks for everything after it, so a change made between the page's loaders and
 * the stream opening is not lost. Later renders' values are ignored (the stream goes on).
 */
export function RealtimeProvider({ since, children }: { since: number | null; children: ReactNode }) {
  const [{ realtime, listeners, state }] = useState(createRealtime);
  const [firstSince] = useState(since);

  useEffect(() => {
    let source: EventSource | null = null;
    let lastId: string | null = firstSince ? String(firstSince) : null;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const dispatch = (event: StreamMessage["event"]) => (message: MessageEvent<string>) => {
      if (message.lastEventId) lastId = message.lastEventId;
      let data: unknown;
      try {
        data = JSON.parse(message.data);
      } catch {
        return;
      }
      const parsed = { event, data, id: message.lastEventId } as StreamMessage;
      if (event === "hello") state.connectionId = (data as { connectionId: string }).connectionId;
      for (const listener of listeners) listener(parsed);
    };

    const connect = () => {
      source = new EventSource(lastId ? `/app/events?lastEventId=${encodeURIComponent(lastId)}` : "/app/events");
      for (const event of EVENTS) source.addEventListener(event, dispatch(event) as EventListener);
      source.onopen = () => (attempt = 0);
      source.onerror = () => {
        source?.close();
        state.connectionId = null;
        if (stopped) return;
        const delay = Math.min(30_000, 1000 * 2 ** attempt) * (0.75 + Math.random() / 2);
        attempt++;
        timer = setTimeout(connect, delay);
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(timer);
      source?.close();
    };
  }, [listeners, state, firstSince]);

  return <RealtimeContext.Provider value={realtime}>{children}</RealtimeContext.Provider>;
}

/** Calls `listener` for every message of the tab's stream (nothing outside the app shell). */
export function useRealtime(listener: Listener) {
  const realtime = useContext(RealtimeContext);
  const onMessage = useEffectEvent(listener);
  useEffect(() => realtime?.listen((message) => onMessage(message)), [realtime]);
}

export function useConnectionId() {
  return useContext(RealtimeContext)?.connectionId ?? (() => null);
}

/**
 * Reloads the page's data (its loaders, debounced) when someone else changes what
 * `concerns` says this page shows; the tab's own changes are skipped by client id, and a
 * `reset` (too much missed while away) always reloads.
 */
export function useLiveRevalidation(concerns: (event: ChangeEvent) => boolean, delayMs = 150) {
  const revalidateSoon = useRevalidateSoon(delayMs);
  useRealtime((message) => {
    const relevant =
      message.event === "reset" ||
      (message.event === "change" && message.data.clientId !== CLIENT_ID && concerns(message.data));
    if (relevant) revalidateSoon();
  });
}

/**
 * A debounced reload of the page's data, `delayMs` plus up to twice that again at random:
 * the tabs one change reaches do not all read at the same moment.
 */
export function useRevalidateSoon(delayMs = 150) {
  const revalidator = useRevalidator();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void revalidator.revalidate(), delayMs * (1 + 2 * Math.random()));
  }, [revalidator, delayMs]);
}
