import type { CSSObject, Theme } from "@mui/material/styles";
import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from "react";
import { Link, useFetcher, useLocation, useParams } from "react-router";

import { AddCommentOutlined, AutoAwesome, Close, ForumOutlined } from "~/components/icons/material";
import { useHydrated } from "~/utils/use-hydrated";
import { ASSISTANT_MESSAGE_MAX } from "~/utils/assistant-prompts";
import { EmptyState, MessageList, ThreadStyles } from "./thread";
import type { AssistantMessage } from "./types";
import { useAssistantChat, type AskContext } from "./use-assistant-chat";

/**
 * The AI assistant widget (spec section 2; sizes from section 9): a round button at the
 * bottom right toggles the panel. Without JavaScript the button is a link to the assistant
 * page. The panel exists only while open, so pages pay nothing for it until it is used.
 * Its CSS, `.pl-ai-widget`, is in the theme stylesheet (app/theme/static-styles.ts): the
 * button is on every app page.
 */
export function assistantWidgetStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    position: "fixed",
    right: 24,
    bottom: 24,
    zIndex: theme.zIndex.speedDial,
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-end",
    gap: 12,
    "& .pl-ai-fab": {
      width: 56,
      height: 56,
      borderRadius: "50%",
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      background: palette.primary.main,
      color: palette.primary.contrastText,
      boxShadow: theme.shadows[6],
      border: 0,
      cursor: "pointer",
      "&:focus-visible": { outline: `3px solid ${palette.primary.light}`, outlineOffset: 2 },
    },
    "& .pl-ai-panel": {
      width: "min(420px, 90vw)",
      minWidth: "min(300px, 90vw)",
      height: "min(600px, 70vh)",
      minHeight: "min(400px, 70vh)",
      display: "flex",
      flexDirection: "column",
      background: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: 12,
      boxShadow: theme.shadows[8],
      overflow: "hidden",
    },
    "& .pl-ai-head": {
      display: "flex",
      alignItems: "center",
      gap: 4,
      padding: "8px 8px 8px 16px",
      borderBottom: `1px solid ${palette.divider}`,
    },
    "& .pl-ai-head h2": { margin: 0, fontSize: 16, fontWeight: 600, flexGrow: 1 },
    "& .pl-ai-icon": {
      display: "inline-flex",
      padding: 6,
      borderRadius: 8,
      border: 0,
      background: "transparent",
      color: palette.text.secondary,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "& .pl-ai-body": { flexGrow: 1, overflowY: "auto", padding: 12 },
    "& .pl-ai-note": { fontSize: 13, color: palette.text.secondary, margin: 0 },
    "& .pl-ai-foot": { borderTop: `1px solid ${palette.divider}`, padding: 10 },
    "& .pl-ai-compose": { display: "flex", gap: 8, alignItems: "flex-end" },
    "& .pl-ai-input": {
      flexGrow: 1,
      boxSizing: "border-box",
      maxHeight: 120,
      minHeight: 38,
      resize: "none",
      padding: "8px 10px",
      borderRadius: 8,
      border: `1px solid ${palette.divider}`,
      background: palette.background.default,
      color: palette.text.primary,
      font: "inherit",
      fontSize: 14,
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 0 },
    },
    "& .pl-ai-hint": { margin: "6px 0 0", fontSize: 12, color: palette.text.secondary },
  };
}

export function AssistantWidget() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const params = useParams();
  const [open, setOpen] = useState(false);
  const fab = useRef<HTMLAnchorElement>(null);
  const context: AskContext = { projectId: params.projectId, workspaceId: params.workspaceId };
  if (pathname.startsWith("/app/assistant")) return null;

  const pageLink = context.projectId
    ? `/app/assistant?project=${context.projectId}`
    : context.workspaceId
      ? `/app/assistant?workspace=${context.workspaceId}`
      : "/app/assistant";
  const toggle = (event: MouseEvent) => {
    event.preventDefault();
    setOpen((was) => !was);
  };
  const close = () => {
    setOpen(false);
    fab.current?.focus();
  };
  // A landmark of its own: the button sits outside the page's others (axe's "region" rule
  // flags it as a link before hydration).
  return (
    <aside className="pl-ai-widget" aria-label="AI Assistant">
      {open ? <Panel context={context} onClose={close} /> : null}
      <a
        ref={fab}
        className="pl-ai-fab"
        href={pageLink}
        onClick={hydrated ? toggle : undefined}
        role={hydrated ? "button" : undefined}
        aria-expanded={hydrated ? open : undefined}
        aria-controls={open ? "assistant-panel" : undefined}
        aria-label={open ? "Close AI Assistant" : "Open AI Assistant"}
      >
        {open ? <Close /> : <AutoAwesome />}
      </a>
    </aside>
  );
}

function Panel({ context, onClose }: { context: AskContext; onClose: () => void }) {
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
