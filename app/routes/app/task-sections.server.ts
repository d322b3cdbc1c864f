import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { fetcherAnswer, run, runForFetcher, type SignedInActor } from "~/.server/http/respond";
import {
  addChecklistItem,
  deleteChecklistItem,
  moveChecklistItem,
  renameChecklistItem,
  setChecklistItemDone,
  taskChecklist,
} from "~/.server/tasks/checklist";
import { addComment, COMMENT_PAGE, deleteComment, editComment, taskComments } from "~/.server/tasks/comments";
import type { TaskAccess } from "~/.server/tasks/access";
import type { MentionCandidate } from "~/.server/chat/mentions";
import { taskHistory } from "~/.server/tasks/history";
import {
  addChecklistItemSchema,
  deleteChecklistItemSchema,
  moveChecklistItemSchema,
  renameChecklistItemSchema,
  toggleChecklistItemSchema,
} from "~/validation/checklist";
import { addCommentSchema, deleteCommentSchema, editCommentSchema } from "~/validation/comments";

/**
 * The task page's comments, checklist and history: what its loader reads for them and how
 * its action answers their forms. A plain form sends `redirectTo` and comes back there (the
 * page again, at the section); a fetcher sends none and gets `{ ok: true }`, the page's
 * data revalidating behind it. Bad input is the page again (400) with what was typed and why.
 * A new comment and the checklist edited in place send `via=fetcher`: every answer is data,
 * a refusal too (`{ error }` with 400/403/404), never the error page.
 */

/** "Show earlier comments" raises the thread's length by a page at a time, up to this. */
const MAX_COMMENTS = 500;

export async function loadTaskSections(
  access: TaskAccess,
  viewerId: string,
  url: URL,
  /** The workspace's members, whose @mentions the comments show as chips (the page reads them anyway). */
  members: Promise<readonly MentionCandidate[]>,
) {
  const asked = Math.floor(Number(url.searchParams.get("comments")) || 0);
  const shown = Math.min(Math.max(asked, COMMENT_PAGE), MAX_COMMENTS);
  const editComment = url.searchParams.get("editComment");
  const [comments, checklist, history] = await Promise.all([
    taskComments(access, viewerId, { limit: shown, editing: editComment, members }),
    taskChecklist(access.task.id),
    taskHistory(access.task),
  ]);
  return {
    comments: { ...comments, shown, editing: editComment, more: shown < MAX_COMMENTS },
    checklist: { items: checklist, editing: url.searchParams.get("editItem") },
    history,
  };
}

type Target = {
  actor: SignedInActor;
  projectId: string;
  taskId: string;
  formData: FormData;
  /** The task page's path, where a plain form comes back to. */
  here: string;
  /** Sent by an edit in place: answered with data, a refusal too. */
  viaFetcher?: boolean;
};

/** What a refused comment form gets back: which form, what was typed, why. */
export type CommentRefusal = { intent: string; commentId?: string; body: string; error: string };
/** What a refused checklist form gets back. */
export type ChecklistRefusal = { intent: string; itemId?: string; title: string; error: string };

export async function commentAction(intent: string, { actor, projectId, taskId, formData, here }: Target) {
  const task = { projectId, taskId };
  const body = String(formData.get("body") ?? "");
  const refuse = (error: string, status: 400 | 403 | 404 = 400) =>
    data(
      {
        intent,
        commentRefused: { intent, commentId: stringOf(formData, "commentId"), body, error } satisfies CommentRefusal,
      },
      { status },
    );
  switch (intent) {
    case "add-comment": {
      const submission = parseWithZod(formData, { schema: addCommentSchema });
      if (submission.status !== "success") return refuse(firstError(submission.error));
      const add = () => addComment(actor, { ...task, body: submission.value.body });
      // The thread's fetcher (comments.tsx) puts every refusal back in the box, a 403 too.
      if (formData.get("via") === "fetcher") {
        const result = await runForFetcher(add);
        return result.ok ? data({ intent, ok: true as const }) : refuse(result.message, result.status);
      }
      const result = await run(add);
      if (!result.ok) return refuse(result.message);
      return done(formData, here, intent, `#comment-${result.value.id}`);
    }
    case "edit-comment": {
      const submission = parseWithZod(formData, { schema: editCommentSchema });
      if (submission.status !== "success") return refuse(firstError(submission.error));
      const { commentId } = submission.value;
      const result = await run(() => editComment(actor, { ...task, commentId, body: submission.value.body }));
      if (!result.ok) return refuse(result.message);
      return done(formData, here, intent, `#comment-${commentId}`);
    }
    default: {
      const submission = parseWithZod(formData, { schema: deleteCommentSchema });
      if (submission.status !== "success") throw data("Choose one of this task's comments.", { status: 400 });
      await run(() => deleteComment(actor, { ...task, commentId: submission.value.commentId }));
      return done(formData, here, intent, "#comments");
    }
  }
}

export async function checklistAction(
  intent: string,
  { actor, projectId, taskId, formData, here, viaFetcher }: Target,
) {
  const task = { projectId, taskId };
  const refuse = (error: string) =>
    viaFetcher
      ? data({ intent, error }, { status: 400 })
      : data(
          {
            intent,
            checklistRefused: {
              intent,
              itemId: stringOf(formData, "itemId"),
              title: String(formData.get("title") ?? ""),
              error,
            } satisfies ChecklistRefusal,
          },
          { status: 400 },
        );
  const unknownItem = () => {
    const message = "Choose one of this task's checklist items.";
    if (viaFetcher) return data({ intent, error: message }, { status: 400 });
    throw data(message, { status: 400 });
  };
  /** Runs the use case: a plain form comes back at `anchor` (or gets a field's refusal), a fetcher gets data. */
  const save = async (write: () => Promise<{ id: string }>, anchor: (id: string) => string, field = false) => {
    if (viaFetcher) return fetcherAnswer(intent, await runForFetcher(write));
    const result = await run(write);
    if (!result.ok) {
      if (field) return refuse(result.message);
      throw data(result.message, { status: 400 });
    }
    return done(formData, here, intent, anchor(result.value.id));
  };
  switch (intent) {
    case "add-checklist-item": {
      const submission = parseWithZod(formData, { schema: addChecklistItemSchema });
      if (submission.status !== "success") return refuse(firstError(submission.error));
      const { title } = submission.value;
      return save(
        () => addChecklistItem(actor, { ...task, title }),
        () => "#new-checklist-item",
        true,
      );
    }
    case "rename-checklist-item": {
      const submission = parseWithZod(formData, { schema: renameChecklistItemSchema });
      if (submission.status !== "success") return refuse(firstError(submission.error));
      const { itemId, title } = submission.value;
      return save(
        () => renameChecklistItem(actor, { ...task, itemId, title }),
        (id) => `#item-${id}`,
        true,
      );
    }
    case "toggle-checklist-item": {
      const submission = parseWithZod(formData, { schema: toggleChecklistItemSchema });
      if (submission.status !== "success") return unknownItem();
      const { itemId } = submission.value;
      const done = submission.value.done === "on";
      return save(
        () => setChecklistItemDone(actor, { ...task, itemId, done }),
        (id) => `#item-${id}`,
      );
    }
    case "move-checklist-item": {
      const submission = parseWithZod(formData, { schema: moveChecklistItemSchema });
      if (submission.status !== "success") return unknownItem();
      const { itemId, direction, toIndex } = submission.value;
      const move = toIndex === undefined ? { direction: direction ?? "down" } : { toIndex };
      return save(
        () => moveChecklistItem(actor, { ...task, itemId, ...move }),
        (id) => `#item-${id}`,
      );
    }
    default: {
      const submission = parseWithZod(formData, { schema: deleteChecklistItemSchema });
      if (submission.status !== "success") return unknownItem();
      const { itemId } = submission.value;
      return save(
        () => deleteChecklistItem(actor, { ...task, itemId }),
        () => "#task-checklist",
      );
    }
  }
}

/**
 * Back to the task page at `anchor` for a plain form (its `redirectTo` only says it is one:
 * the answer never leaves this page); `{ ok }` for a fetcher.
 */
function done(formData: FormData, here: string, intent: string, anchor: string) {
  if (!formData.has("redirectTo")) return data({ intent, ok: true as const });
  return redirect(`${here}${anchor}`);
}

function stringOf(formData: FormData, name: string) {
  const value = formData.get(name);
  return typeof value === "string" ? value : undefined;
}

function firstError(error: Record<string, string[] | null> | null | undefined) {
  const messages = Object.values(error ?? {}).flatMap((list) => list ?? []);
  return messages[0] ?? "Check this field.";
}
