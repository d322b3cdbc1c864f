import { and, eq } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { postMessageInput, editMessageInput, deleteMessageInput } from "../tasks/inputs";
import type { Transaction } from "../db/client";
import { messages, profiles, workspaceMembers } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { projectForMember, type ProjectAccess } from "../projects/access";
import { MESSAGE_MAX_LENGTH } from "~/validation/chat-fields";
import { mentionedIds, type MentionCandidate } from "./mentions";

/**
 * The project chat's use cases. Every member talks (viewers too); only the author edits a
 * message; the author or a workspace owner or admin deletes it; an archived project's chat
 * is read-only. Each change is one transaction with its activity row (`message.posted`,
 * `message.edited`, `message.deleted`, with an excerpt and the mentioned user ids), which
 * the Activity Log, notifications and the real-time stream read.
 */
type SignedIn = Actor & { userId: string };

/** How much of a message the activity log keeps: enough to recognise it. */
const EXCERPT_LENGTH = 80;

export const postMessageCommand = defineCommand({
  name: "message.create",
  input: postMessageInput,
  policy: "message.create",
  async run({ tx, record, principal }, input: { projectId: string; body: string }) {
    const actor = asMember(principal);
    const access = await projectForMember(actor.userId, input.projectId, tx);
    authorize(access.role, "message.create", { parent: access.project });
    const body = checkedBody(input.body);
    const mentions = mentionedIds(body, await mentionCandidates(tx, access.project.workspaceId));
    const publicId = newPublicId();
    await tx.insert(messages).values({
      publicId,
      workspaceId: access.project.workspaceId,
      projectId: access.project.id,
      authorId: actor.userId,
      body,
      mentions,
    });
    await record({
      verb: "message.posted",
      ...subject(access, publicId),
      data: { excerpt: excerptOf(body), mentions },
    });
    return { id: publicId, mentions };
  },
});

export function postMessage(actor: Actor, input: { projectId: string; body: string }) {
  return execute(postMessageCommand, principalOf(actor), input);
}

export const editMessageCommand = defineCommand({
  name: "message.update",
  input: editMessageInput,
  policy: "message.update",
  async run({ tx, record, principal }, input: { projectId: string; messageId: string; body: string }) {
    const actor = asMember(principal);
    const { access, message } = await messageForMember(tx, actor, input);
    authorize(access.role, "message.update", stateOf(access, message, actor));
    const body = checkedBody(input.body);
    if (body === message.body) return { id: message.publicId, mentions: message.mentions };
    const mentions = mentionedIds(body, await mentionCandidates(tx, access.project.workspaceId));
    await tx.update(messages).set({ body, mentions, editedAt: new Date() }).where(eq(messages.id, message.id));
    // Only those the edit names anew are notified: the others heard of the message already.
    const addedMentions = mentions.filter((userId) => !message.mentions.includes(userId));
    await record({
      verb: "message.edited",
      ...subject(access, message.publicId),
      data: { excerpt: excerptOf(body), mentions, addedMentions },
    });
    return { id: message.publicId, mentions };
  },
});

export function editMessage(actor: Actor, input: { projectId: string; messageId: string; body: string }) {
  return execute(editMessageCommand, principalOf(actor), input);
}

/** Soft-deletes a message: the thread shows "This message was deleted." in its place. */
export const deleteMessageCommand = defineCommand({
  name: "message.delete",
  input: deleteMessageInput,
  policy: "message.delete",
  async run({ tx, record, principal }, input: { projectId: string; messageId: string }) {
    const actor = asMember(principal);
    const { access, message } = await messageForMember(tx, actor, input);
    authorize(access.role, "message.delete", stateOf(access, message, actor));
    await tx.update(messages).set({ deletedAt: new Date() }).where(eq(messages.id, message.id));
    await record({
      verb: "message.deleted",
      ...subject(access, message.publicId),
      data: {
        excerpt: excerptOf(message.body),
        mentions: message.mentions,
        ownMessage: message.authorId === actor.userId,
      },
    });
    return { id: message.publicId };
  },
});

export function deleteMessage(actor: Actor, input: { projectId: string; messageId: string }) {
  return execute(deleteMessageCommand, principalOf(actor), input);
}

/** The project (for a member) and one of its messages; a message of another project is not found. */
async function messageForMember(tx: Transaction, actor: SignedIn, input: { projectId: string; messageId: string }) {
  const access = await projectForMember(actor.userId, input.projectId, tx);
  const [message] = await tx
    .select()
    .from(messages)
    .where(and(eq(messages.publicId, input.messageId), eq(messages.projectId, access.project.id)));
  if (!message) throw new NotFoundError("Message");
  return { access, message };
}

function stateOf(access: ProjectAccess, message: typeof messages.$inferSelect, actor: SignedIn) {
  return { deletedAt: message.deletedAt, ownedByActor: message.authorId === actor.userId, parent: access.project };
}

/** The form checks the same; this keeps a use case called from elsewhere just as bounded. */
function checkedBody(raw: string) {
  const body = raw.trim();
  if (body.length === 0) throw new FieldError("body", "Write a message");
  if (body.length > MESSAGE_MAX_LENGTH) throw new FieldError("body", "Keep the message under 4,000 characters");
  return body;
}

/** The workspace's members by display name (full name, else e-mail), whom a message (or a comment, a task's description) may mention. */
export async function mentionCandidates(tx: Transaction, workspaceId: string): Promise<MentionCandidate[]> {
  const rows = await tx
    .select({ id: workspaceMembers.userId, fullName: profiles.fullName, email: profiles.email })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId));
  return rows.map((row) => ({ id: row.id, name: row.fullName?.trim() || row.email }));
}

/** One line of at most 80 characters (whole code points), for the activity log. */
function excerptOf(body: string) {
  const line = body.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= EXCERPT_LENGTH ? line : `${chars.slice(0, EXCERPT_LENGTH - 1).join("")}…`;
}

function subject(access: ProjectAccess, messageId: string) {
  return {
    subjectType: "message",
    subjectId: messageId,
    workspaceId: access.project.workspaceId,
    projectId: access.project.id,
  };
}
