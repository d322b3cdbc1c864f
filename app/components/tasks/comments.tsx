import { styled } from "@mui/material/styles";
import { Form, Link, useLocation } from "react-router";

import { Avatar } from "~/components/avatar";
import { SectionCard } from "~/components/forms/section-card";
import { useFetcherForms } from "~/components/lists/fetcher-forms";
import { useAddFetcher } from "~/components/tasks/use-add-fetcher";
import { TimeAgo } from "~/components/date-text";
import { COMMENT_MAX } from "~/validation/comments";

/**
 * A task's comment thread: the latest comments, oldest first, with "Show earlier comments"
 * (a GET), and a form to add one. Each comment is plain elements styled once by `Thread`
 * (docs/decisions/009). Editing is a link (`?editComment=<id>`) that shows a form in place
 * of the comment; deleting is a small form. Adding and deleting go through one fetcher
 * handler when JavaScript is on (the thread revalidates, the textarea clears); without it
 * every form posts and comes back to the thread.
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
}: {
  /** The task page's URL, where the forms post. */
  taskUrl: string;
  comments: { items: Comment[]; earlier: number; shown: number; more: boolean; editing: string | null };
  canComment: boolean;
  /** A refused add or edit, after a plain post. */
  refused?: Refusal;
}) {
  const location = useLocation();
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
    <SectionCard title={`Comments (${comments.items.length + comments.earlier})`} id="comments">
      <Thread onSubmit={forms.onSubmit}>
        {comments.earlier > 0 && comments.more ? (
          <Link className="pl-link-button" to={`${pathname}?${more}#comments`} preventScrollReset>
            Show earlier comments ({comments.earlier})
          </Link>
        ) : null}
        {comments.items.length > 0 ? (
          <ol className="pl-comments" aria-label="Comments">
            {comments.items
              .filter((comment) => !deleting(comment.id))
              .map((comment) =>
                comment.id === editing && comment.canEdit ? (
                  <li key={comment.id} id={`comment-${comment.id}`}>
                    <EditComment
                      comment={comment}
                      action={`${pathname}${search}`}
                      refused={refused?.intent === "edit-comment" ? refused : undefined}
                    />
                  </li>
                ) : (
                  <CommentItem key={comment.id} comment={comment} pathname={pathname} search={search} />
                ),
              )}
          </ol>
        ) : (
          <p className="pl-hint">No comments yet.</p>
        )}
        {canComment ? (
          <AddComment action={pathname} refused={refused?.intent === "add-comment" ? refused : undefined} />
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

function EditComment({ comment, action, refused }: { comment: Comment; action: string; refused?: Refusal }) {
  const field = `edit-comment-${comment.id}`;
  const cancel = new URLSearchParams(action.split("?")[1] ?? "");
  cancel.delete("editComment");
  return (
    <Form method="post" action={action} className="pl-comment-form" preventScrollReset>
      <input type="hidden" name="intent" value="edit-comment" />
      <input type="hidden" name="commentId" value={comment.id} />
      <input type="hidden" name="redirectTo" value={action.split("?")[0]} />
      <label htmlFor={field}>Edit your comment</label>
      <BodyField id={field} defaultValue={refused?.body ?? comment.source ?? ""} error={refused?.error} autoFocus />
      <div className="pl-buttons">
        <button type="submit">Save Comment</button>
        <Link to={`?${cancel}#comment-${comment.id}`} preventScrollReset>
          Cancel
        </Link>
      </div>
    </Form>
  );
}

/**
 * The new-comment form: a plain post without JavaScript; with it, a fetcher (the thread
 * revalidates and shows the comment) that clears the textarea once the comment is saved.
 */
function AddComment({ action, refused }: { action: string; refused?: Refusal }) {
  const { form, answer, busy } = useAddFetcher<FetcherAnswer>("add-comment");
  const error = answer?.commentRefused?.error ?? refused?.error;
  return (
    <form ref={form} method="post" action={action} data-fetcher="add-comment" className="pl-comment-form">
      <input type="hidden" name="intent" value="add-comment" />
      <input type="hidden" name="redirectTo" value={action} />
      <label htmlFor="new-comment">Add a comment</label>
      <BodyField id="new-comment" defaultValue={refused?.body} error={error} hint="Markdown works." />
      <button type="submit" disabled={busy}>
        Comment
      </button>
    </form>
  );
}

function BodyField({
  id,
  defaultValue,
  error,
  hint,
  autoFocus,
}: {
  id: string;
  defaultValue?: string;
  error?: string;
  hint?: string;
  autoFocus?: boolean;
}) {
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <>
      <textarea
        id={id}
        name="body"
        required
        maxLength={COMMENT_MAX}
        rows={4}
        defaultValue={defaultValue}
        autoFocus={autoFocus}
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
