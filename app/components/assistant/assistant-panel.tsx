import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import { Link, useFetcher } from "react-router";

import { AddCommentOutlined, Close, ForumOutlined } from "~/components/icons/material";
import { ASSISTANT_MESSAGE_MAX } from "~/utils/assistant-prompts";
import { EmptyState, MessageList, ThreadStyles } from "./thread";
import type { AssistantMessage } from "./types";
import { useAssistantChat, type AskContext } from "./use-assistant-chat";

/** The widget's panel, loaded when it first opens (assistant-widget.tsx). */
export default function Panel({ context, onClose }: { context: AskContext; onClose: () => void }) {
  const chat = useAssistantChat(context);
  const [text, setText] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const body = useRef<HTMLDivElement>(null);
  const busy = chat.pending !== null;
  const enabled = chat.data?.context.enabled ?? false;

  useEffect(() => input.current?.focus(), []);
  // Keep the newest words in view as they are written.
  useEffect(() => {
    body.current?.scrollTo({ top: body.current.scrollHeight });
  }, [chat.messages, chat.pending?.text]);
  useEffect(() => grow(input.current), [text]);

  async function ask(question: string) {
    if (busy || !question.trim() || !enabled) return;
    setText("");
    await chat.send(question.trim());
  }
  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void ask(text);
    }
  }
  return (
    <section
      id="assistant-panel"
      className="pl-ai-panel"
      aria-labelledby="assistant-panel-title"
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
    >
      <header className="pl-ai-head">
        <h2 id="assistant-panel-title">AI Assistant</h2>
        <button
          type="button"
          className="pl-ai-icon"
          onClick={chat.startOver}
          aria-label="New conversation"
          disabled={busy}
        >
          <AddCommentOutlined fontSize="small" />
        </button>
        <Link className="pl-ai-icon" to="/app/assistant" aria-label="All conversations">
          <ForumOutlined fontSize="small" />
        </Link>
        <button type="button" className="pl-ai-icon" onClick={onClose} aria-label="Close">
          <Close fontSize="small" />
        </button>
      </header>
      <ThreadStyles className="pl-ai-body" ref={body} aria-live="polite">
        <PanelBody chat={chat} onPrompt={(prompt) => void ask(prompt)} />
      </ThreadStyles>
      <form
        className="pl-ai-foot"
        onSubmit={(event) => {
          event.preventDefault();
          void ask(text);
        }}
      >
        <div className="pl-ai-compose">
          <textarea
            ref={input}
            className="pl-ai-input"
            name="message"
            rows={1}
            aria-label="Message"
            placeholder="Ask AI anything..."
            value={text}
            maxLength={ASSISTANT_MESSAGE_MAX}
            disabled={!enabled}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={onKeyDown}
          />
          {busy ? (
            <button type="button" className="pl-ai-button" data-variant="quiet" onClick={chat.stop}>
              Stop
            </button>
          ) : (
            <button type="submit" className="pl-ai-button" disabled={!text.trim() || !enabled}>
              Send
            </button>
          )}
        </div>
        <p className="pl-ai-hint">Shift+Enter for new line. Enter to send.</p>
      </form>
    </section>
  );
}

function PanelBody({
  chat,
  onPrompt,
}: {
  chat: ReturnType<typeof useAssistantChat>;
  onPrompt: (prompt: string) => void;
}) {
  if (!chat.data) return <p className="pl-ai-note">Loading…</p>;
  if (!chat.data.context.enabled) return <p className="pl-ai-note">{chat.data.context.reason}</p>;
  if (chat.messages.length === 0 && !chat.pending) {
    return (
      <EmptyState
        prompts={chat.data.prompts}
        renderPrompt={(prompt) => (
          <button key={prompt} type="button" className="pl-ai-prompt" onClick={() => onPrompt(prompt)}>
            {prompt}
          </button>
        )}
      />
    );
  }
  return (
    <MessageList
      messages={chat.messages}
      pending={chat.pending}
      proposalActions={(message) => <ProposalButtons message={message} />}
    />
  );
}

/** Apply and Dismiss through a fetcher; the conversation reloads with the proposal's new state. */
function ProposalButtons({ message }: { message: AssistantMessage }) {
  const fetcher = useFetcher<{ ok: boolean; message: string }>({ key: `assistant-proposal-${message.id}` });
  if (message.id.startsWith("local-")) return null;
  const busy = fetcher.state !== "idle";
  const submit = (intent: "apply" | "dismiss") =>
    fetcher.submit({ intent, messageId: message.id }, { method: "post", action: "/app/assistant" });
  return (
    <>
      <button type="button" className="pl-ai-button" disabled={busy} onClick={() => void submit("apply")}>
        {busy && fetcher.formData?.get("intent") === "apply" ? "Applying…" : "Apply"}
      </button>
      <button
        type="button"
        className="pl-ai-button"
        data-variant="quiet"
        disabled={busy}
        onClick={() => void submit("dismiss")}
      >
        Dismiss
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <span className="pl-ai-error" role="alert">
          {fetcher.data.message}
        </span>
      ) : null}
    </>
  );
}

/** The message box grows with its text up to its CSS max-height (120 px), then scrolls. */
function grow(box: HTMLTextAreaElement | null) {
  if (!box) return;
  box.style.height = "auto";
  box.style.height = `${box.scrollHeight}px`;
}
