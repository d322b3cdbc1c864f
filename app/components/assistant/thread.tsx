import { styled } from "@mui/material/styles";
import type { ReactNode } from "react";

import { describeChange } from "~/utils/assistant-changes";
import type { AssistantMessage, PendingAnswer, Proposal } from "./types";

/**
 * A conversation as the widget and the assistant page draw it: the user's messages on the
 * right, the assistant's on the left, line breaks kept, each answer naming the engine that
 * wrote it, and a proposal as a card listing exactly what Apply would change. One styled
 * element holds the CSS of every message (the cheap repeated-UI pattern, decision 009);
 * `pl-sr-only` is the theme stylesheet's (app/theme/static-styles.ts).
 */
export const ThreadStyles = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    "& .pl-ai-messages": {
      listStyle: "none",
      margin: 0,
      padding: 0,
      display: "flex",
      flexDirection: "column",
      gap: 10,
    },
    "& .pl-ai-message": {
      maxWidth: "85%",
      padding: "8px 12px",
      borderRadius: 12,
      whiteSpace: "pre-wrap",
      overflowWrap: "anywhere",
      fontSize: 14,
      lineHeight: 1.5,
    },
    "& .pl-ai-message[data-role=user]": {
      alignSelf: "flex-end",
      background: palette.primary.main,
      color: palette.primary.contrastText,
      borderBottomRightRadius: 4,
    },
    "& .pl-ai-message[data-role=assistant]": {
      alignSelf: "flex-start",
      background: palette.action.hover,
      color: palette.text.primary,
      borderBottomLeftRadius: 4,
    },
    "& .pl-ai-meta": {
      display: "block",
      marginTop: 4,
      fontSize: 12,
      color: palette.text.secondary,
      whiteSpace: "normal",
    },
    "& .pl-ai-error": { display: "block", marginTop: 4, color: palette.error.main, whiteSpace: "normal" },
    "& .pl-ai-thinking": { color: palette.text.secondary, fontStyle: "italic" },
    "& .pl-ai-card": {
      marginTop: 8,
      padding: "8px 10px",
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
      background: palette.background.paper,
      whiteSpace: "normal",
    },
    "& .pl-ai-card h3": { margin: "0 0 6px", fontSize: 14, fontWeight: 600 },
    "& .pl-ai-card ul": { margin: 0, paddingLeft: 18, display: "grid", gap: 4 },
    "& .pl-ai-reason": { display: "block", fontSize: 12, color: palette.text.secondary },
    "& .pl-ai-card-actions": { display: "flex", gap: 8, alignItems: "center", marginTop: 8, flexWrap: "wrap" },
    "& .pl-ai-card-state": { fontSize: 12, color: palette.text.secondary },
    "& .pl-ai-empty": { textAlign: "center", padding: "24px 8px", color: palette.text.secondary },
    "& .pl-ai-empty p": { margin: "0 0 12px", fontWeight: 600, color: palette.text.primary },
    "& .pl-ai-prompts": { display: "grid", gap: 8 },
    "& .pl-ai-prompt": {
      font: "inherit",
      fontSize: 14,
      textAlign: "left",
      padding: "8px 12px",
      borderRadius: 8,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
      "&:disabled": { cursor: "default", opacity: 0.6 },
    },
    "& .pl-ai-button": {
      font: "inherit",
      fontSize: 13,
      fontWeight: 600,
      padding: "4px 12px",
      borderRadius: 6,
      border: `1px solid ${palette.primary.main}`,
      background: palette.primary.main,
      color: palette.primary.contrastText,
      cursor: "pointer",
      "&[data-variant=quiet]": { background: "transparent", color: palette.primary.main },
      "&:disabled": { opacity: 0.6, cursor: "default" },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
  };
});

export const EMPTY_TITLE = "How can I help you today?";

/** 'How can I help you today?' with the suggested prompts, each drawn by the container (a button that sends it). */
export function EmptyState({
  prompts,
  renderPrompt,
}: {
  prompts: string[];
  renderPrompt: (prompt: string) => ReactNode;
}) {
  return (
    <div className="pl-ai-empty">
      <p>{EMPTY_TITLE}</p>
      {prompts.length > 0 ? <div className="pl-ai-prompts">{prompts.map(renderPrompt)}</div> : null}
    </div>
  );
}

/** The messages, oldest first, and the answer being written if there is one. */
export function MessageList({
  messages,
  pending,
  proposalActions,
}: {
  messages: AssistantMessage[];
  pending?: PendingAnswer | null;
  proposalActions: (message: AssistantMessage) => ReactNode;
}) {
  return (
    <ol className="pl-ai-messages" aria-label="Conversation">
      {messages.map((message) => (
        <MessageItem key={message.id} message={message} actions={proposalActions(message)} />
      ))}
      {pending ? <PendingItems pending={pending} /> : null}
    </ol>
  );
}

function MessageItem({ message, actions }: { message: AssistantMessage; actions: ReactNode }) {
  const mine = message.role === "user";
  return (
    <li className="pl-ai-message" data-role={message.role} id={`m-${message.id}`}>
      <span className="pl-sr-only">{mine ? "You said:" : "Assistant said:"}</span>
      {message.content}
      {message.error ? <span className="pl-ai-error">{message.error}</span> : null}
      {message.proposal ? (
        <ProposalCard proposal={message.proposal} state={message.proposalState}>
          {actions}
        </ProposalCard>
      ) : null}
      {!mine && message.engine ? <span className="pl-ai-meta">Answered by {message.engine}</span> : null}
    </li>
  );
}

function PendingItems({ pending }: { pending: PendingAnswer }) {
  return (
    <>
      <li className="pl-ai-message" data-role="user">
        <span className="pl-sr-only">You said:</span>
        {pending.question}
      </li>
      <li className="pl-ai-message" data-role="assistant" aria-busy="true">
        <span className="pl-sr-only">Assistant said:</span>
        {pending.text || <span className="pl-ai-thinking">{pending.status ?? "Thinking..."}</span>}
        {pending.text && pending.status ? <span className="pl-ai-meta">{pending.status}</span> : null}
        {pending.proposal ? <ProposalCard proposal={pending.proposal} state={null} /> : null}
      </li>
    </>
  );
}

const STATE_TEXT = { applied: "Applied.", dismissed: "Dismissed." } as const;

function ProposalCard({
  proposal,
  state,
  children,
}: {
  proposal: Proposal;
  state: AssistantMessage["proposalState"];
  children?: ReactNode;
}) {
  return (
    <section className="pl-ai-card" aria-label={`Proposed changes: ${proposal.title}`}>
      <h3>{proposal.title}</h3>
      <ul>
        {proposal.changes.map((change, index) => (
          <li key={index} data-applied={index < proposal.applied ? "" : undefined}>
            {describeChange(change)}
            {change.reason ? <span className="pl-ai-reason">{change.reason}</span> : null}
          </li>
        ))}
      </ul>
      <div className="pl-ai-card-actions">
        {state === "pending" ? children : null}
        {state === "applied" || state === "dismissed" ? (
          <span className="pl-ai-card-state">{STATE_TEXT[state]}</span>
        ) : null}
        {state === "pending" && proposal.applied > 0 ? (
          <span className="pl-ai-card-state">
            {proposal.applied} of {proposal.changes.length} applied before a change was refused.
          </span>
        ) : null}
      </div>
    </section>
  );
}
