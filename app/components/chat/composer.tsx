import Button from "@mui/material/Button";
import { useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import { mentionAtCaret, suggestMembers } from "~/components/chat/mention-query";
import type { ChatRefusal } from "~/components/chat/types";
import { MESSAGE_MAX_LENGTH } from "~/validation/chat-fields";

type Member = { id: string; name: string };
type Reply = { intent: string; ok?: true; chat?: ChatRefusal };

/**
 * The message box. A plain POST (`post-message`) that comes back to the thread's latest
 * message; with JavaScript a fetcher sends it, the box empties at once (and gets its text
 * back if the server refuses it), Enter sends, Shift+Enter starts a new line, and typing
 * `@` offers the workspace's members in a list the arrow keys, Enter or Tab and Escape work.
 */
export function Composer({
  action,
  members,
  refused,
  onSent,
}: {
  /** The thread's URL: where the form posts. */
  action: string;
  members: readonly Member[];
  refused?: ChatRefusal;
  onSent: () => void;
}) {
  const fetcher = useFetcher<Reply>({ key: "post-message" });
  const hydrated = useHydrated();
  const [text, setText] = useState(refused?.body ?? "");
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [clientError, setClientError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const nextCaret = useRef<number | null>(null);

  // A refusal coming back through the fetcher gives the box its text again.
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.chat) setText(fetcher.data.chat.body);
  }
  const error = clientError ?? (fetcher.data ? fetcher.data.chat?.error : refused?.error);

  const typing = hydrated ? mentionAtCaret(text, caret) : null;
  const matches = typing && dismissed !== typing.start ? suggestMembers(members, typing.query) : [];
  const open = matches.length > 0;
  const current = Math.min(active, matches.length - 1);

  useLayoutEffect(() => {
    if (nextCaret.current === null || !box.current) return;
    box.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  function choose(member: Member) {
    if (!typing) return;
    const inserted = `@${member.name} `;
    setText(text.slice(0, typing.start) + inserted + text.slice(caret));
    nextCaret.current = typing.start + inserted.length;
    setCaret(nextCaret.current);
    setActive(0);
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && typing) {
      const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
      if (step) {
        event.preventDefault();
        setActive((current + step + matches.length) % matches.length);
        return;
      }
      if (event.key === "Enter" || event.key === "Tab") {
        event.preventDefault();
        choose(matches[current]!);
        return;
      }
      if (event.key === "Escape") {
        event.preventDefault();
        setDismissed(typing.start);
        return;
      }
    }
    if (event.key === "Enter" && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim().length === 0) {
      setClientError("Write a message");
      return;
    }
    void fetcher.submit({ intent: "post-message", body: text }, { method: "post", action });
    setText("");
    setClientError(null);
    setDismissed(null);
    onSent();
  }

  const describedBy = ["chat-message-hint", error ? "chat-message-error" : ""].filter(Boolean).join(" ");
  return (
    <form method="post" action={action} className="pl-composer" aria-label="Send a message" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="post-message" />
      <input type="hidden" name="redirectTo" value={`${action}#latest`} />
      <label htmlFor="chat-message">Message</label>
      <div className="pl-composer-row">
        <div className="pl-composer-field">
          <textarea
            ref={box}
            id="chat-message"
            name="body"
            required
            rows={3}
            maxLength={MESSAGE_MAX_LENGTH}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setCaret(event.target.selectionStart);
              setClientError(null);
            }}
            onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
            onKeyDown={onKeyDown}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            aria-autocomplete={hydrated ? "list" : undefined}
            aria-controls={open ? "chat-mentions" : undefined}
            aria-activedescendant={open ? `chat-mention-${current}` : undefined}
          />
          {open ? (
            <ul id="chat-mentions" role="listbox" aria-label="Members to mention" className="pl-mentions">
              {matches.map((member, index) => (
                <li
                  key={member.id}
                  id={`chat-mention-${index}`}
                  role="option"
                  aria-selected={index === current}
                  // Before the box loses focus, so the choice lands where the caret was.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(member);
                  }}
                >
                  {member.name}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <Button type="submit" variant="contained">
          Send
        </Button>
      </div>
      {error ? (
        <p id="chat-message-error" className="pl-field-error" role="alert">
          {error}
        </p>
      ) : null}
      <p id="chat-message-hint" className="pl-hint">
        {hydrated ? "Enter to send, Shift+Enter for a new line. " : null}
        Markdown works; type @ and a member&apos;s name to mention them.
      </p>
    </form>
  );
}
