import Button from "@mui/material/Button";
import { useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useFetcher } from "react-router";

import { useHydrated } from "~/utils/use-hydrated";
import { MentionTextarea, type MentionMember } from "~/components/mentions/mention-textarea";
import type { ChatRefusal } from "~/components/chat/types";
import { MESSAGE_MAX_LENGTH } from "~/validation/chat-fields";

type Reply = { intent: string; ok?: true; chat?: ChatRefusal };

/**
 * The message box. A plain POST (`post-message`) that comes back to the thread's latest
 * message; with JavaScript a fetcher sends it, the box empties at once (and gets its text
 * back if the server refuses it), Enter sends, Shift+Enter starts a new line, and typing
 * `@` offers the workspace's members (the shared MentionTextarea).
 */
export function Composer({
  action,
  members,
  refused,
  onSent,
}: {
  /** The thread's URL: where the form posts. */
  action: string;
  members: readonly MentionMember[];
  refused?: ChatRefusal;
  onSent: () => void;
}) {
  const fetcher = useFetcher<Reply>({ key: "post-message" });
  const hydrated = useHydrated();
  const [text, setText] = useState(refused?.body ?? "");
  const [clientError, setClientError] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);

  // A refusal coming back through the fetcher gives the box its text again.
  const [seen, setSeen] = useState(fetcher.data);
  if (fetcher.data !== seen) {
    setSeen(fetcher.data);
    if (fetcher.data?.chat) setText(fetcher.data.chat.body);
  }
  const error = clientError ?? (fetcher.data ? fetcher.data.chat?.error : refused?.error);

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
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
    box.current?.focus();
    onSent();
  }

  const describedBy = ["chat-message-hint", error ? "chat-message-error" : ""].filter(Boolean).join(" ");
  return (
    <form method="post" action={action} className="pl-composer" aria-label="Send a message" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="post-message" />
      <input type="hidden" name="redirectTo" value={`${action}#latest`} />
      <label htmlFor="chat-message">Message</label>
      <div className="pl-composer-row">
        <MentionTextarea
          textareaRef={box}
          id="chat-message"
          name="body"
          required
          rows={3}
          maxLength={MESSAGE_MAX_LENGTH}
          members={members}
          placement="above"
          value={text}
          onValueChange={(next) => {
            setText(next);
            setClientError(null);
          }}
          onKeyDown={onKeyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
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
