import { styled } from "@mui/material/styles";
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent, type Ref } from "react";
import { Form, Link, useFetcher, useLocation, useRouteLoaderData, type FetcherWithComponents } from "react-router";

import { Avatar } from "~/components/avatar";
import { SectionCard } from "~/components/forms/section-card";
import { useFetcherForms } from "~/components/lists/fetcher-forms";
import { MentionTextarea, type MentionMember } from "~/components/mentions/mention-textarea";
import { TimeAgo } from "~/components/date-text";
import { showToast } from "~/utils/client-toast";
import type { SessionUser } from "~/utils/session-user";
import { useHydrated } from "~/utils/use-hydrated";
import { COMMENT_MAX } from "~/validation/comments";

/**
 * A task's comment thread: the latest comments, oldest first, with "Show earlier comments"
 * (a GET), and a form to add one. Each comment is plain elements styled once by `Thread`
 * (docs/decisions/009). Editing is a link (`?editComment=<id>`) that shows a form in place
 * of the comment; deleting is a small form. The add and edit boxes offer the workspace's
 * members on `@` (the chat's MentionTextarea); mentions show as chips, rendered on the server.
 * With JavaScript, adding goes through a fetcher: the box empties and keeps the focus, the
 * comment shows at once (as typed, until the thread revalidates with it), and a refusal takes
 * it away again, puts the text back and says why in a toast; deleting goes through the
 * thread's one fetcher handler. Without it every form posts and comes back to the thread.
 */
type Comment = {
  id: string;
  author: string;
  avatarUrl: string | null;
  /** Sanitized on the server. */
  html: string;
  /** The Markdown, only for the comment being edited. */
  source: string | null;
  at: string;
  edited: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

type Refusal = { intent: string; commentId?: string; body: string; error: string };
type FetcherAnswer = { ok?: true; commentRefused?: Refusal };
type AddFetcher = FetcherWithComponents<FetcherAnswer>;

const Thread = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    "& .pl-comments": { listStyle: "none", margin: 0, padding: 0, display: "grid", gap: 16 },
    "& .pl-comment": { display: "grid", gridTemplateColumns: "32px minmax(0, 1fr)", gap: 12 },
    "& .pl-comment > .pl-avatar": { "--avatar-size": "32px" },
    "& .pl-comment header": { display: "flex", flexWrap: "wrap", alignItems: "baseline", gap: 8, fontSize: 14 },
    "& .pl-comment time, & .pl-edited, & .pl-hint": { color: palette.text.secondary, fontSize: 13 },
    "& .pl-comment[aria-busy=true] .pl-comment-body": { whiteSpace: "pre-wrap", color: palette.text.secondary },
    "& .pl-comment-body": {
      overflowWrap: "anywhere",
      "& > :first-child": { marginTop: 4 },
      "& > :last-child": { marginBottom: 0 },
    },
    "& .pl-comment-actions": { display: "flex", gap: 12, alignItems: "center", marginTop: 4, fontSize: 13 },
    "& .pl-comment-actions form": { display: "inline" },
    "& .pl-comment-actions a, & .pl-comment-actions button": {
      padding: 0,
      border: 0,
      background: "none",
      font: "inherit",
      color: palette.primary.main,
      textDecoration: "underline",
      cursor: "pointer",
    },
    "& .pl-comment-form": { display: "grid", gap: 6 },
    "& .pl-comment-form label": { fontWeight: 600, fontSize: 14 },
    "& textarea": {
      width: "100%",
      minHeight: 96,
      padding: 8,
      borderRadius: 6,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      font: "inherit",
      resize: "vertical",
    },
    "& textarea[aria-invalid=true]": { borderColor: palette.error.main },
    "& .pl-field-error": { margin: 0, fontSize: 13, color: palette.error.main },
    "& .pl-comment-form .pl-buttons": { display: "flex", gap: 12, alignItems: "center" },
    "& .pl-comment-form button": {
      justifySelf: "start",
      padding: "6px 16px",
      borderRadius: 6,
      border: `1px solid ${palette.primary.main}`,
      background: palette.primary.main,
      color: palette.primary.contrastText,
      font: "inherit",
      fontWeight: 600,
      cursor: "pointer",
    },
  };
});

export function Comments({
  comments,
  canComment,
  refused,
  taskUrl,
  members,
}: {
  /** The task page's URL, where the forms post. */
  taskUrl: string;
  comments: { items: Comment[]; earlier: number; shown: number; more: boolean; editing: string | null };
  canComment: boolean;
  /** A refused add or edit, after a plain post. */
  refused?: Refusal;
  /** The workspace's members, offered on `@`. */
  members: readonly MentionMember[];
}) {
  const location = useLocation();
  // One per task: a comment still on its way to one task never shows under another.
  const adding = useFetcher<FetcherAnswer>({ key: `add-comment:${taskUrl}` });
  const viewer = useRouteLoaderData<{ user: SessionUser | null }>("root")?.user;
  const sending = adding.state !== "idle" ? adding.formData?.get("body") : null;
  const pending = typeof sending === "string" && viewer ? { body: sending, author: viewer } : null;
  // In the side panel the page is a project view: the forms and links still go to the task.
  const pathname = taskUrl;
  const search = location.pathname === taskUrl ? location.search : "";
  const forms = useFetcherForms();
  const deleting = (id: string) => forms.pending(`delete-comment-${id}`) !== undefined;
  // The comment being edited: from the URL, or the one a refused edit was about.
  const editing = refused?.intent === "edit-comment" ? refused.commentId : comments.editing;
  const more = new URLSearchParams(search);
  more.delete("editComment");
  more.set("comments", String(comments.shown + 50));
  return (
    <SectionCard title={`Comments (${comments.items.length + comments.earlier + (pending ? 1 : 0)})`} id="comments">
      <Thread onSubmit={forms.onSubmit}>
        {comments.earlier > 0 && comments.more ? (
          <Link className="pl-link-button" to={`${pathname}?${more}#comments`} preventScrollReset>
            Show earlier comments ({comments.earlier})
          </Link>
        ) : null}
        {comments.items.length > 0 || pending ? (
          <ol className="pl-comments" aria-label="Comments">
            {comments.items
              .filter((comment) => !deleting(comment.id))
              .map((comment) =>
                comment.id === editing && comment.canEdit ? (
                  <li key={comment.id} id={`comment-${comment.id}`}>
                    <EditComment
                      comment={comment}
                      action={`${pathname}${search}`}
                      members={members}
                      refused={refused?.intent === "edit-comment" ? refused : undefined}
                    />
                  </li>
                ) : (
                  <CommentItem key={comment.id} comment={comment} pathname={pathname} search={search} />
                ),
              )}
            {pending ? <PendingComment body={pending.body} author={pending.author} /> : null}
          </ol>
        ) : (
          <p className="pl-hint">No comments yet.</p>
        )}
        {canComment ? (
          <AddComment
            action={pathname}
            fetcher={adding}
            members={members}
            refused={refused?.intent === "add-comment" ? refused : undefined}
          />
        ) : null}
      </Thread>
    </SectionCard>
  );
}

function CommentItem({ comment, pathname, search }: { comment: Comment; pathname: string; search: string }) {
  const edit = new URLSearchParams(search);
  edit.set("editComment", comment.id);
  return (
    <li className="pl-comment" id={`comment-${comment.id}`}>
      <Avatar person={{ name: comment.author, avatarUrl: comment.avatarUrl }} decorative />
      <div>
        <header>
          <strong>{comment.author}</strong>
          <TimeAgo at={comment.at} />
          {comment.edited ? <span className="pl-edited">(edited)</span> : null}
        </header>
        <div className="pl-comment-body pl-markdown" dangerouslySetInnerHTML={{ __html: comment.html }} />
        {comment.canEdit || comment.canDelete ? (
          <div className="pl-comment-actions">
            {comment.canEdit ? (
              <Link
                to={`${pathname}?${edit}#comment-${comment.id}`}
                preventScrollReset
                aria-label={`Edit comment by ${comment.author}`}
              >
                Edit
              </Link>
            ) : null}
            {comment.canDelete ? (
              <form method="post" action={pathname} data-fetcher={`delete-comment-${comment.id}`}>
                <input type="hidden" name="intent" value="delete-comment" />
                <input type="hidden" name="commentId" value={comment.id} />
                <input type="hidden" name="redirectTo" value={pathname} />
                <button type="submit" aria-label={`Delete comment by ${comment.author}`}>
                  Delete
                </button>
              </form>
            ) : null}
          </div>
        ) : null}
      </div>
    </li>
  );
}

/** The comment being added, as typed, until the thread comes back with it (or it is refused). */
function PendingComment({ body, author }: { body: string; author: SessionUser }) {
  const name = author.fullName || author.email;
  return (
    <li className="pl-comment" aria-busy="true">
      <Avatar person={{ name, avatarUrl: author.avatarUrl }} decorative />
      <div>
        <header>
          <strong>{name}</strong>
          <span className="pl-edited">Sending…</span>
        </header>
        <div className="pl-comment-body">{body.trim()}</div>
      </div>
    </li>
  );
}

function EditComment({
  comment,
  action,
  members,
  refused,
}: {
  comment: Comment;
  action: string;
  members: readonly MentionMember[];
  refused?: Refusal;
}) {
  const field = `edit-comment-${comment.id}`;
  const cancel = new URLSearchParams(action.split("?")[1] ?? "");
  cancel.delete("editComment");
  return (
    <Form method="post" action={action} className="pl-comment-form" preventScrollReset>
      <input type="hidden" name="intent" value="edit-comment" />
      <input type="hidden" name="commentId" value={comment.id} />
      <input type="hidden" name="redirectTo" value={action.split("?")[0]} />
      <label htmlFor={field}>Edit your comment</label>
      <BodyField
        id={field}
        members={members}
        defaultValue={refused?.body ?? comment.source ?? ""}
        error={refused?.error}
        hint={MENTION_HINT}
        autoFocus
      />
      <div className="pl-buttons">
        <button type="submit">Save Comment</button>
        <Link to={`?${cancel}#comment-${comment.id}`} preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

const MENTION_HINT = "Markdown works; type @ and a member's name to mention them.";

/**
 * The new-comment form: a plain post without JavaScript. With it, the comment is sent
 * through the thread's `fetcher` (no navigation): the box empties at once and keeps the
 * focus (Ctrl+Enter sends too); if the server refuses, the text comes back (unless
 * something new was typed meanwhile) with the reason beside the box and in a toast.
 */
function AddComment({
  action,
  fetcher,
  members,
  refused,
}: {
  action: string;
  fetcher: AddFetcher;
  members: readonly MentionMember[];
  refused?: Refusal;
}) {
  const hydrated = useHydrated();
  const [text, setText] = useState(refused?.body ?? "");
  const [error, setError] = useState(refused?.error);
  const box = useRef<HTMLTextAreaElement>(null);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;

  // A refusal puts the text back (unless a new one was started meanwhile) with the reason beside it…
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    const refusal = answer?.commentRefused;
    if (refusal) {
      setError(refusal.error);
      if (text.trim() === "") setText(refusal.body);
    }
  }
  // …and in a toast, since the box may be out of view by then.
  useEffect(() => {
    const refusal = answer?.commentRefused;
    if (refusal) showToast({ title: "Comment not posted", description: refusal.error, variant: "error" });
  }, [answer]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (text.trim() === "") {
      setError("Write a comment");
      box.current?.focus();
      return;
    }
    void fetcher.submit(
      { intent: "add-comment", body: text, via: "fetcher" },
      { method: "post", action, preventScrollReset: true },
    );
    setText("");
    setError(undefined);
    box.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Enter" && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
  }

  return (
    <form method="post" action={action} className="pl-comment-form" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="add-comment" />
      <input type="hidden" name="redirectTo" value={action} />
      <label htmlFor="new-comment">Add a comment</label>
      <BodyField
        id="new-comment"
        members={members}
        value={text}
        onValueChange={(next) => {
          setText(next);
          setError(undefined);
        }}
        onKeyDown={onKeyDown}
        textareaRef={box}
        error={error}
        hint={hydrated ? `${MENTION_HINT} Ctrl+Enter to send.` : MENTION_HINT}
      />
      <button type="submit" disabled={busy}>
        Comment
      </button>
    </form>
  );
}

function BodyField({
  id,
  error,
  hint,
  ...field
}: {
  id: string;
  members: readonly MentionMember[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  textareaRef?: Ref<HTMLTextAreaElement | null>;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <>
      <MentionTextarea
        {...field}
        id={id}
        name="body"
        required
        maxLength={COMMENT_MAX}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <span id={`${id}-hint`} className="pl-hint">
          {hint}
        </span>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="pl-field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
