import { and, desc, eq, isNull, sql } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { addCommentInput, editCommentInput, deleteCommentInput } from "./inputs";
import { renderUserMarkdown } from "../content/markdown";
import { db } from "../db";
import type { Transaction } from "../db/client";
import { comments, profiles } from "../db/schema";
import { NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize, can } from "../policies";
import { mentionCandidates } from "../chat/messages";
import { mentionChips, mentionedIds, type MentionCandidate } from "../chat/mentions";
import { taskForMember, taskKey, taskState, taskSubject, type TaskAccess } from "./access";
import { addFollowers } from "./followers";

/**
 * Comments on a task. Every member of the workspace comments; only the author edits, and
 * the author or a manager deletes (the policies' `ownedByActor`); nothing inside an
 * archived task or project. Only the Markdown is stored; it is rendered (and sanitized)
 * when read. The activity rows name the task and the comment's id but never copy its
 * text: the log is kept for good and read by every member, so an edited or deleted
 * comment would otherwise live on in it. They do list the members it @mentions (newly, for
 * an edit), for notifications; the author and those mentioned follow the task.
 */
type SignedIn = Actor & { userId: string };

type CommentInput = {
  /** The task's public id. */
  taskId: string;
  /** When given, the task must belong to this project (the URL's). */
  projectId?: string;
};

export const addCommentCommand = defineCommand({
  name: "comment.create",
  input: addCommentInput,
  policy: "comment.create",
  async run({ tx, record, principal }, input: CommentInput & { body: string }) {
    const actor = asMember(principal);
    const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
    authorize(access.role, "comment.create", taskState(access));
    const publicId = newPublicId();
    const body = input.body.trim();
    await tx.insert(comments).values({ publicId, taskId: access.task.id, authorId: actor.userId, body });
    const mentions = mentionedIds(body, await mentionCandidates(tx, access.task.workspaceId));
    await addFollowers(tx, access.task.id, [actor.userId, ...mentions]);
    await record({ verb: "comment.created", ...subject(access, publicId, { mentions }) });
    return { id: publicId };
  },
});

export function addComment(actor: Actor, input: CommentInput & { body: string }) {
  return execute(addCommentCommand, principalOf(actor), input);
}

/** Changes the author's own comment; "(edited)" shows from then on. */
export const editCommentCommand = defineCommand({
  name: "comment.update",
  input: editCommentInput,
  policy: "comment.update",
  async run({ tx, record, principal }, input: CommentInput & { commentId: string; body: string }) {
    const actor = asMember(principal);
    const { access, comment } = await commentOf(tx, actor, input);
    authorize(access.role, "comment.update", commentState(access, comment, actor));
    const body = input.body.trim();
    if (body === comment.body) return { id: comment.publicId };
    await tx.update(comments).set({ body, editedAt: new Date() }).where(eq(comments.id, comment.id));
    // Only those the edit names anew are notified (and follow): the others heard of it already.
    const candidates = await mentionCandidates(tx, access.task.workspaceId);
    const before = mentionedIds(comment.body, candidates);
    const mentions = mentionedIds(body, candidates).filter((userId) => !before.includes(userId));
    await addFollowers(tx, access.task.id, mentions);
    await record({ verb: "comment.edited", ...subject(access, comment.publicId, { mentions }) });
    return { id: comment.publicId };
  },
});

export function editComment(actor: Actor, input: CommentInput & { commentId: string; body: string }) {
  return execute(editCommentCommand, principalOf(actor), input);
}

/** Soft-deletes a comment: its author's own, or anyone's for a workspace manager. */
export const deleteCommentCommand = defineCommand({
  name: "comment.delete",
  input: deleteCommentInput,
  policy: "comment.delete",
  async run({ tx, record, principal }, input: CommentInput & { commentId: string }) {
    const actor = asMember(principal);
    const { access, comment } = await commentOf(tx, actor, input);
    authorize(access.role, "comment.delete", commentState(access, comment, actor));
    await tx.update(comments).set({ deletedAt: new Date() }).where(eq(comments.id, comment.id));
    const own = comment.authorId === actor.userId;
    await record({ verb: "comment.deleted", ...subject(access, comment.publicId, { own }) });
    return { id: comment.publicId };
  },
});

export function deleteComment(actor: Actor, input: CommentInput & { commentId: string }) {
  return execute(deleteCommentCommand, principalOf(actor), input);
}

/** The task (for a member) and one of its comments; a comment of another task is not found. */
async function commentOf(tx: Transaction, actor: SignedIn, input: CommentInput & { commentId: string }) {
  const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
  const [comment] = await tx
    .select()
    .from(comments)
    .where(and(eq(comments.publicId, input.commentId), eq(comments.taskId, access.task.id)));
  if (!comment) throw new NotFoundError("Comment");
  return { access, comment };
}

function commentState(access: TaskAccess, comment: typeof comments.$inferSelect, actor: SignedIn) {
  return { deletedAt: comment.deletedAt, ownedByActor: comment.authorId === actor.userId, parent: taskState(access) };
}

function subject<Extra extends { mentions: string[] } | { own: boolean }>(
  access: TaskAccess,
  commentId: string,
  extra: Extra,
) {
  return {
    ...taskSubject(access),
    data: {
      key: taskKey(access.project.key, access.task.number),
      title: access.task.title,
      comment: commentId,
      ...extra,
    },
  };
}

/** How many comments the thread shows before its "Show earlier comments" link. */
export const COMMENT_PAGE = 50;

/**
 * A task's live comments for its page, as `viewerId` sees them: the latest `limit`, oldest
 * first, each with its author, its body rendered to sanitized HTML (the @mentions of
 * `members` as chips, the viewer's own marked) and what the viewer may do to it; `earlier`
 * counts the ones left out. The Markdown source goes only with the comment being edited
 * (`editing`), for its form. `members` may be a promise: the page reads them beside this.
 */
export async function taskComments(
  access: TaskAccess,
  viewerId: string,
  {
    limit = COMMENT_PAGE,
    editing,
    members = [],
  }: {
    limit?: number;
    editing?: string | null;
    members?: readonly MentionCandidate[] | Promise<readonly MentionCandidate[]>;
  } = {},
) {
  const rows = await db()
    .select({
      id: comments.publicId,
      authorId: comments.authorId,
      body: comments.body,
      editedAt: comments.editedAt,
      createdAt: comments.createdAt,
      fullName: profiles.fullName,
      email: profiles.email,
      avatarUrl: profiles.avatarUrl,
      total: sql<number>`count(*) over ()`,
    })
    .from(comments)
    .leftJoin(profiles, eq(profiles.id, comments.authorId))
    .where(and(eq(comments.taskId, access.task.id), isNull(comments.deletedAt)))
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  const mentions = mentionChips(await members, viewerId);
  return {
    earlier: total - rows.length,
    items: rows.reverse().map((row) => {
      const state = { ownedByActor: row.authorId === viewerId, parent: taskState(access) };
      const canEdit = can(access.role, "comment.update", state);
      return {
        id: row.id,
        author: row.fullName || row.email || "Former member",
        avatarUrl: row.avatarUrl,
        // Rendered and sanitized here (GitHub's schema): safe to insert as HTML.
        html: renderUserMarkdown(row.body, { mentions }),
        source: canEdit && row.id === editing ? row.body : null,
        at: row.createdAt.toISOString(),
        edited: row.editedAt !== null,
        canEdit,
        canDelete: can(access.role, "comment.delete", state),
      };
    }),
  };
}
