import { styled } from "@mui/material/styles";
import { useMemo, useRef, useState, type FormEvent, type MouseEvent } from "react";
import { Link, useFetcher } from "react-router";

import { Avatar } from "~/components/avatar";
import { useDateViewer } from "~/components/date-text";
import { Composer } from "~/components/chat/composer";
import { MentionTextarea, type MentionMember } from "~/components/mentions/mention-textarea";
import type { ChatData, ChatMessage, ChatRefusal } from "~/components/chat/types";
import { MESSAGE_MAX_LENGTH } from "~/validation/chat-fields";

/**
 * The project's Chat view: the thread (newest at the bottom, 50 to a page, older ones
 * behind a GET link) and the message box. Messages follow the cheap repeated-UI pattern
 * (docs/decisions/009): this one styled element holds all their CSS, each message is plain
 * elements with class names, and one handler on the thread sends every edit and delete
 * form through a fetcher. Without JavaScript, Edit is a link (`?edit=<id>`) that opens the
 * form in place and Delete a small POST form. Others' new, edited and deleted messages
 * arrive as the project page reloads its data on their events (useLiveRevalidation): the
 * reversed column keeps a reader at the bottom there, and the browser's scroll anchoring
 * keeps one reading further up at their place (tests/e2e/realtime.spec.ts).
 */
const Chat = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  const field = {
    width: "100%",
    boxSizing: "border-box",
    padding: "8px 10px",
    borderRadius: 8,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
    font: "inherit",
    resize: "vertical",
  } as const;
  return {
    display: "grid",
    gap: 12,
    // A reversed flex column starts scrolled to its end: the newest message is in view
    // on arrival, and stays there as messages are added, with or without JavaScript.
    "& .pl-thread": {
      display: "flex",
      flexDirection: "column-reverse",
      height: "min(60vh, 640px)",
      overflowY: "auto",
      border: `1px solid ${palette.divider}`,
      borderRadius: 12,
      padding: "8px 12px",
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    "& .pl-older": { display: "flex", justifyContent: "center", padding: "8px 0" },
    "& .pl-empty": { margin: "auto", padding: 24, color: palette.text.secondary, textAlign: "center" },
    "& .pl-messages": { listStyle: "none", margin: 0, padding: 0 },
    "& .pl-message": {
      display: "grid",
      gridTemplateColumns: "36px minmax(0, 1fr)",
      columnGap: 10,
      paddingTop: 12,
    },
    "& .pl-message[data-grouped]": { paddingTop: 2 },
    "& .pl-message > .pl-avatar": { "--avatar-size": "36px" },
    "& .pl-message-main": { gridColumn: 2, minWidth: 0 },
    "& .pl-message-head": { display: "flex", alignItems: "baseline", gap: 8, fontSize: 14 },
    "& .pl-message[data-grouped] .pl-message-head": {
      position: "absolute",
      width: 1,
      height: 1,
      overflow: "hidden",
      clip: "rect(0 0 0 0)",
      whiteSpace: "nowrap",
    },
    "& .pl-author": { fontWeight: 700 },
    "& time, & .pl-edited": { fontSize: 12, color: palette.text.secondary },
    "& .pl-body": {
      overflowWrap: "anywhere",
      "& > :first-child": { marginTop: 0 },
      "& > :last-child": { marginBottom: 0 },
      "& p": { margin: "4px 0" },
      "& pre": { overflowX: "auto", padding: 8, borderRadius: 6, background: palette.action.hover },
    },
    "& .pl-deleted": { margin: "4px 0", fontStyle: "italic", color: palette.text.secondary },
    "& .pl-message-actions": { display: "flex", gap: 12, alignItems: "center", fontSize: 12 },
    "& .pl-message-actions form": { display: "inline" },
    // With a mouse, a message's actions show when it is pointed at or holds the focus;
    // on touch screens they always show.
    "@media (hover: hover)": {
      "& .pl-message-actions": { opacity: 0 },
      "& .pl-message:hover .pl-message-actions, & .pl-message:focus-within .pl-message-actions": { opacity: 1 },
    },
    "& .pl-message-actions a, & .pl-message-actions button, & .pl-edit-actions a": {
      padding: 0,
      border: 0,
      background: "none",
      font: "inherit",
      color: palette.text.secondary,
      textDecoration: "underline",
      cursor: "pointer",
      "&:hover": { color: palette.text.primary },
    },
    "& .pl-edit": { display: "grid", gap: 6, margin: "4px 0" },
    "& .pl-edit label, & .pl-composer > label": { fontSize: 14, fontWeight: 600 },
    "& .pl-edit-actions": { display: "flex", gap: 12, alignItems: "center", fontSize: 14 },
    "& .pl-edit-actions button": { font: "inherit", padding: "4px 12px", cursor: "pointer" },
    "& textarea": field,
    "& .pl-latest-link": { justifySelf: "center", fontSize: 14 },
    "& .pl-composer": { display: "grid", gap: 6 },
    "& .pl-composer-row": { display: "flex", gap: 8, alignItems: "flex-start" },
    "& .pl-composer-row > .pl-mention-field": { flexGrow: 1 },
    "& .pl-field-error": { margin: 0, fontSize: 13, color: palette.error.main },
    "& .pl-hint": { margin: 0, fontSize: 12, color: palette.text.secondary },
    "& .pl-read-only": { margin: 0, color: palette.text.secondary },
  };
});

type Reply = { intent: string; ok?: true; chat?: ChatRefusal };

export function ChatView({
  projectId,
  chat,
  refused,
}: {
  projectId: string;
  chat: ChatData;
  /** A post or an edit the server refused (without JavaScript): its text and why. */
  refused?: ChatRefusal;
}) {
  const base = `/app/project/${projectId}?view=chat`;
  const here = chat.before ? `${base}&before=${chat.before}` : base;
  const thread = useRef<HTMLDivElement>(null);
  const editFetcher = useFetcher<Reply>({ key: "edit-message" });
  const deleteFetcher = useFetcher<Reply>({ key: "delete-message" });
  const [editing, setEditing] = useState(refused?.messageId ?? chat.editing);
  const time = useTimeFormat();

  // An edit the server took closes its form; a refused one stays open with the reason.
  const [seenEdit, setSeenEdit] = useState(editFetcher.data);
  if (editFetcher.data !== seenEdit) {
    setSeenEdit(editFetcher.data);
    if (editFetcher.data?.ok) setEditing(null);
  }
  const editRefusal = editFetcher.data?.chat ?? (refused?.messageId ? refused : undefined);
  const deleting = deleteFetcher.formData?.get("messageId");

  function onSubmit(event: FormEvent<HTMLDivElement>) {
    const form = event.target as HTMLFormElement;
    const fetcher = { "edit-message": editFetcher, "delete-message": deleteFetcher }[form.dataset.fetcher ?? ""];
    if (!fetcher) return;
    event.preventDefault();
    const body = new FormData(form);
    body.delete("redirectTo");
    void fetcher.submit(body, { method: "post", action: here });
  }

  // With JavaScript, Edit and Cancel open and close the form in place instead of loading a page.
  function onClick(event: MouseEvent<HTMLDivElement>) {
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-edit]");
    if (!link) return;
    event.preventDefault();
    setEditing(link.dataset.edit || null);
  }

  return (
    <Chat>
      <div
        ref={thread}
        className="pl-thread"
        role="log"
        aria-label="Messages"
        tabIndex={0}
        onSubmit={onSubmit}
        onClick={onClick}
      >
        <div>
          {chat.olderBefore ? (
            <div className="pl-older">
              <Link className="pl-link-button" to={`${base}&before=${chat.olderBefore}`}>
                Load older messages
              </Link>
            </div>
          ) : null}
          {chat.messages.length === 0 ? (
            <p className="pl-empty">{chat.before ? "No older messages." : "No messages yet. Say hello below."}</p>
          ) : (
            <ol className="pl-messages">
              {chat.messages.map((message) => (
                <Message
                  key={message.id}
                  message={
                    deleting === message.id ? { ...message, deleted: true, canEdit: false, canDelete: false } : message
                  }
                  here={here}
                  members={chat.members}
                  time={time}
                  editing={editing === message.id}
                  refused={editRefusal?.messageId === message.id ? editRefusal : undefined}
                />
              ))}
            </ol>
          )}
          <div id="latest" />
        </div>
      </div>
      {chat.before ? (
        <Link className="pl-latest-link" to={`${base}#latest`}>
          Back to the latest messages
        </Link>
      ) : null}
      {chat.canPost ? (
        <Composer
          action={base}
          members={chat.members}
          refused={refused?.messageId === null ? refused : undefined}
          onSent={() => thread.current?.scrollTo({ top: thread.current.scrollHeight })}
        />
      ) : (
        <p className="pl-read-only">This project is archived, so its chat is read-only.</p>
      )}
    </Chat>
  );
}

function Message({
  message,
  here,
  members,
  time,
  editing,
  refused,
}: {
  message: ChatMessage;
  here: string;
  members: readonly MentionMember[];
  time: (iso: string) => string;
  editing: boolean;
  refused?: ChatRefusal;
}) {
  const anchor = `message-${message.id}`;
  const back = `${here}#${anchor}`;
  return (
    <li id={anchor} className="pl-message" data-grouped={message.grouped || undefined}>
      {message.grouped ? null : <Avatar person={message.author} decorative />}
      <div className="pl-message-main">
        <div className="pl-message-head">
          <span className="pl-author">{message.author.name}</span>
          <time dateTime={message.createdAt}>{time(message.createdAt)}</time>
        </div>
        {editing && message.canEdit ? (
          <EditForm message={message} here={here} back={back} members={members} refused={refused} />
        ) : message.deleted ? (
          <p className="pl-deleted">This message was deleted.</p>
        ) : (
          <div className="pl-body" dangerouslySetInnerHTML={{ __html: message.html }} />
        )}
        {message.edited && !message.deleted ? <span className="pl-edited">(edited)</span> : null}
        {!editing && (message.canEdit || message.canDelete) ? (
          <div className="pl-message-actions">
            {message.canEdit ? (
              <a href={`${here}&edit=${message.id}#${anchor}`} data-edit={message.id}>
                Edit
              </a>
            ) : null}
            {message.canDelete ? (
              <form method="post" action={here} data-fetcher="delete-message">
                <input type="hidden" name="intent" value="delete-message" />
                <input type="hidden" name="messageId" value={message.id} />
                <input type="hidden" name="redirectTo" value={back} />
                <button type="submit">Delete</button>
              </form>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

function EditForm({
  message,
  here,
  back,
  members,
  refused,
}: {
  message: ChatMessage;
  here: string;
  back: string;
  members: readonly MentionMember[];
  refused?: ChatRefusal;
}) {
  const field = `edit-${message.id}`;
  return (
    <form method="post" action={here} className="pl-edit" data-fetcher="edit-message" aria-label="Edit message">
      <input type="hidden" name="intent" value="edit-message" />
      <input type="hidden" name="messageId" value={message.id} />
      <input type="hidden" name="redirectTo" value={back} />
      <label htmlFor={field}>Edit message</label>
      <MentionTextarea
        id={field}
        name="body"
        required
        rows={3}
        maxLength={MESSAGE_MAX_LENGTH}
        autoFocus
        members={members}
        defaultValue={refused?.body ?? message.body ?? ""}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? `${field}-error` : undefined}
      />
      {refused ? (
        <p id={`${field}-error`} className="pl-field-error" role="alert">
          {refused.error}
        </p>
      ) : null}
      <div className="pl-edit-actions">
        <button type="submit">Save</button>
        <a href={back} data-edit="">
          Cancel
        </a>
      </div>
    </form>
  );
}

/**
 * Times as "Nov 23, 2:05 PM" in the reader's locale and zone, which the server knows from the
 * root loader (components/date-text.tsx), so the server and the browser write the same.
 */
function useTimeFormat() {
  const { locale, timeZone } = useDateViewer();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, {
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
    });
    return (iso: string) => format.format(new Date(iso));
  }, [locale, timeZone]);
}
