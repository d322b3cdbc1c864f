import { useCallback, useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";

import type { AssistantMessage, PendingAnswer, Proposal } from "./types";

/** Where a new question is asked: the page's project or workspace (route params). */
export type AskContext = { projectId?: string; workspaceId?: string };

export type WidgetData = {
  conversation: { id: string; title: string } | null;
  messages: AssistantMessage[];
  context: { enabled: boolean; reason: string | null; about: string | null };
  prompts: string[];
  engine: string;
};

const COULD_NOT_ANSWER = "The assistant could not answer:";

/** A tab keeps one conversation per place it was asked from, across navigations and reloads. */
function storageKey(context: AskContext) {
  return `plotline-assistant:${context.projectId ?? context.workspaceId ?? "home"}`;
}

function remembered(context: AskContext) {
  try {
    return sessionStorage.getItem(storageKey(context));
  } catch {
    return null;
  }
}

function remember(context: AskContext, conversationId: string | null) {
  try {
    if (conversationId) sessionStorage.setItem(storageKey(context), conversationId);
    else sessionStorage.removeItem(storageKey(context));
  } catch {
    // Storage refused (private mode): the conversation lasts as long as the page.
  }
}

/**
 * The widget's conversation: loaded from the assistant page's loader, asked through
 * /app/assistant/stream (server-sent events read from the fetch body, so the answer shows
 * as it is written), stopped by aborting that request (the server keeps what was written).
 */
export function useAssistantChat(context: AskContext) {
  const loader = useFetcher<WidgetData>({ key: "assistant-widget" });
  const contextKey = storageKey(context);
  const [place, setPlace] = useState(contextKey);
  const [conversationId, setConversationId] = useState<string | null>(() => remembered(context));
  const [messages, setMessages] = useState<AssistantMessage[]>([]);
  const [pending, setPending] = useState<PendingAnswer | null>(null);
  const running = useRef<AbortController | null>(null);

  // Another page (another project): its own conversation.
  if (place !== contextKey) {
    setPlace(contextKey);
    setConversationId(remembered(context));
    setMessages([]);
  }

  // The server's copy wins whenever it arrives (after a load, an Apply, a revalidation).
  const [seen, setSeen] = useState(loader.data);
  if (loader.data !== seen) {
    setSeen(loader.data);
    if (loader.data) {
      setMessages(loader.data.messages);
      if (loader.data.conversation) setConversationId(loader.data.conversation.id);
    }
  }

  const load = useCallback(
    (id: string | null) => {
      const query = new URLSearchParams({ widget: "1" });
      if (id) query.set("c", id);
      else if (context.projectId) query.set("project", context.projectId);
      else if (context.workspaceId) query.set("workspace", context.workspaceId);
      void loader.load(`/app/assistant?${query}`);
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `loader.load` is stable in intent; the context is by key
    [contextKey],
  );

  useEffect(() => {
    load(remembered(context));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- load when the panel opens and when the place changes
  }, [contextKey]);

  const finish = (question: string, answer: Partial<AssistantMessage>) => {
    setMessages((current) => [
      ...current,
      localMessage({ role: "user", content: question }),
      localMessage({ role: "assistant", ...answer }),
    ]);
    setPending(null);
  };

  async function send(question: string) {
    if (running.current || !question.trim()) return false;
    const stop = new AbortController();
    running.current = stop;
    setPending({ question, text: "", status: null, proposal: null, engine: null });
    const body = new FormData();
    body.set("message", question);
    if (conversationId) body.set("conversationId", conversationId);
    else if (context.projectId) body.set("projectId", context.projectId);
    else if (context.workspaceId) body.set("workspaceId", context.workspaceId);
    let written = "";
    try {
      const response = await fetch("/app/assistant/stream", { method: "POST", body, signal: stop.signal });
      if (!response.ok || !response.body) {
        const refusal = (await response.json().catch(() => null)) as { error?: string } | null;
        finish(question, {
          error: `${COULD_NOT_ANSWER} ${refusal?.error ?? `the server answered ${response.status}.`}`,
        });
        return false;
      }
      let id = conversationId;
      for await (const event of readEvents(response.body)) {
        if (event.type === "start") {
          id = event.conversationId;
          setConversationId(id);
          remember(context, id);
        } else if (event.type === "text") {
          written += event.text;
          setPending((current) => current && { ...current, text: current.text + event.text, status: null });
        } else if (event.type === "status") {
          setPending((current) => current && { ...current, status: event.label });
        } else if (event.type === "proposal") {
          setPending((current) => current && { ...current, proposal: { ...event.proposal, applied: 0 } });
        } else if (event.type === "done") {
          setMessages((current) => [...current, localMessage({ role: "user", content: question }), event.message]);
          setPending(null);
        }
      }
      if (id) load(id);
      return true;
    } catch {
      finish(
        question,
        stop.signal.aborted
          ? { content: written, error: "Stopped." }
          : { content: written, error: `${COULD_NOT_ANSWER} the connection was lost.` },
      );
      return true;
    } finally {
      running.current = null;
    }
  }

  function stop() {
    running.current?.abort();
  }

  function startOver() {
    stop();
    remember(context, null);
    setConversationId(null);
    setMessages([]);
    load(null);
  }

  return {
    data: loader.data,
    messages,
    pending,
    send,
    stop,
    startOver,
  };
}

let localCount = 0;
function localMessage(fields: Partial<AssistantMessage>): AssistantMessage {
  localCount += 1;
  return {
    id: `local-${localCount}`,
    role: "assistant",
    content: "",
    engine: null,
    proposal: null,
    proposalState: null,
    error: null,
    ...fields,
  };
}

type StreamEvent =
  | { type: "start"; conversationId: string }
  | { type: "text"; text: string }
  | { type: "status"; label: string }
  | { type: "proposal"; proposal: Omit<Proposal, "applied"> }
  | { type: "done"; message: AssistantMessage };

/** The `data:` events of a server-sent event stream read from a fetch body. */
async function* readEvents(body: ReadableStream<Uint8Array>): AsyncGenerator<StreamEvent> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end !== -1) {
      const frame = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of frame.split("\n")) {
        if (line.startsWith("data: ")) yield JSON.parse(line.slice(6)) as StreamEvent;
      }
      end = buffer.indexOf("\n\n");
    }
  }
}
