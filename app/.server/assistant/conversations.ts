import { and, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";

import { defineCommand, execute } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { aiConversations, aiMessages, projects, workspaces } from "../db/schema";
import { NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { proposalSchema, type ChatTurn, type Proposal, type SignedIn } from "./types";

/**
 * The assistant's conversations: each is its user's alone. Every read and write here is
 * keyed by the user as well as the id, so another user's conversation is "not found",
 * whether or not it exists. They are private notes, so they write no workspace activity
 * (docs/decisions/020); the changes they lead to go through the task use cases, which do.
 */

export const CONVERSATIONS_LISTED = 50;
/** The messages a conversation page shows, and the turns an engine hears, newest kept. */
export const MESSAGES_SHOWN = 100;
export const HISTORY_TURNS = 20;
const TITLE_MAX = 80;

export type StoredMessage = {
  id: string;
  role: "user" | "assistant";
  content: string;
  engine: string | null;
  proposal: (Proposal & { applied: number }) | null;
  proposalState: "pending" | "applied" | "dismissed" | null;
  error: string | null;
  createdAt: string;
};

export type ConversationRow = typeof aiConversations.$inferSelect;

function titleOf(message: string) {
  const line = message.trim().split("\n")[0]!.trim();
  return line.length > TITLE_MAX ? `${line.slice(0, TITLE_MAX - 1)}…` : line;
}

/** The user's conversations, most recently active first, with where each was held. */
export async function listConversations(userId: string, limit = CONVERSATIONS_LISTED) {
  const rows = await db()
    .select({
      id: aiConversations.publicId,
      title: aiConversations.title,
      updatedAt: aiConversations.updatedAt,
      workspaceName: workspaces.name,
      projectName: projects.name,
      projectDeleted: sql<boolean>`${projects.deletedAt} is not null`,
    })
    .from(aiConversations)
    .innerJoin(workspaces, eq(workspaces.id, aiConversations.workspaceId))
    .leftJoin(projects, eq(projects.id, aiConversations.projectId))
    .where(eq(aiConversations.userId, userId))
    .orderBy(desc(aiConversations.updatedAt), desc(aiConversations.id))
    .limit(limit);
  return rows.map(({ projectDeleted, projectName, updatedAt, ...row }) => ({
    ...row,
    about: projectName && !projectDeleted ? projectName : row.workspaceName,
    updatedAt: updatedAt.toISOString(),
  }));
}
export type ConversationSummary = Awaited<ReturnType<typeof listConversations>>[number];

/** The user's own conversation by public id; anyone else's is "not found". */
export async function conversationOf(userId: string, publicId: string) {
  const [row] = await db()
    .select()
    .from(aiConversations)
    .where(and(eq(aiConversations.publicId, publicId), eq(aiConversations.userId, userId)));
  if (!row) throw new NotFoundError("Conversation");
  return row;
}

/** The latest messages of a conversation, oldest first. */
export async function messagesOf(conversationId: string, limit = MESSAGES_SHOWN): Promise<StoredMessage[]> {
  const rows = await db()
    .select()
    .from(aiMessages)
    .where(eq(aiMessages.conversationId, conversationId))
    .orderBy(desc(aiMessages.sequence))
    .limit(limit);
  return rows.reverse().map(toStoredMessage);
}

export function toStoredMessage(row: typeof aiMessages.$inferSelect): StoredMessage {
  return {
    id: row.publicId,
    role: row.role,
    content: row.content,
    engine: row.engine,
    proposal: readProposal(row.proposal),
    proposalState: row.proposalState,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A stored proposal, checked again on the way out: what is applied is never taken on trust. */
export function readProposal(value: unknown): (Proposal & { applied: number }) | null {
  if (!value || typeof value !== "object") return null;
  const parsed = proposalSchema.safeParse(value);
  if (!parsed.success) return null;
  const applied = (value as { applied?: unknown }).applied;
  return { ...parsed.data, applied: typeof applied === "number" && applied >= 0 ? applied : 0 };
}

/** What the engine hears of the conversation before a new message: the latest turns. */
export async function historyOf(conversationId: string): Promise<ChatTurn[]> {
  const messages = await messagesOf(conversationId, HISTORY_TURNS);
  return messages
    .filter((message) => message.content.length > 0)
    .map((message) => ({ role: message.role, content: message.content }));
}

/**
 * Stores the user's message, in a new conversation (about the scope's project or workspace)
 * or at the end of one of theirs, and returns the conversation.
 */
export async function addUserMessage(
  actor: SignedIn,
  input: { conversation: ConversationRow | null; workspaceId: string; projectId: string | null; message: string },
) {
  return db().transaction(async (tx) => {
    let conversation: ConversationRow | undefined = input.conversation ?? undefined;
    if (conversation) {
      await tx.update(aiConversations).set({ updatedAt: new Date() }).where(eq(aiConversations.id, conversation.id));
    } else {
      [conversation] = await tx
        .insert(aiConversations)
        .values({
          publicId: newPublicId(),
          userId: actor.userId,
          workspaceId: input.workspaceId,
          projectId: input.projectId,
          title: titleOf(input.message),
        })
        .returning();
    }
    const [message] = await tx
      .insert(aiMessages)
      .values({ publicId: newPublicId(), conversationId: conversation!.id, role: "user", content: input.message })
      .returning();
    return { conversation: conversation!, message: toStoredMessage(message!) };
  });
}

/** Stores what the assistant answered (all of it, or what it had written before a stop or failure). */
export async function addAssistantMessage(
  conversationId: string,
  answer: { content: string; engine: string; proposal: Proposal | null; error: string | null },
) {
  const [row] = await db()
    .insert(aiMessages)
    .values({
      publicId: newPublicId(),
      conversationId,
      role: "assistant",
      content: answer.content,
      engine: answer.engine,
      proposal: answer.proposal ? { ...answer.proposal, applied: 0 } : null,
      proposalState: answer.proposal ? "pending" : null,
      error: answer.error,
    })
    .returning();
  return toStoredMessage(row!);
}

export const deleteConversationCommand = defineCommand({
  name: "assistant.delete_conversation",
  input: z.object({ conversationId: z.string().min(1).max(40) }),
  policy: null,
  async run({ tx, principal }, input: { conversationId: string }) {
    const deleted = await tx
      .delete(aiConversations)
      .where(and(eq(aiConversations.publicId, input.conversationId), eq(aiConversations.userId, memberIdOf(principal))))
      .returning({ id: aiConversations.id });
    if (deleted.length === 0) throw new NotFoundError("Conversation");
  },
});

export function deleteConversation(actor: SignedIn, conversationId: string) {
  return execute(deleteConversationCommand, principalOf(actor), { conversationId });
}

/** An assistant message of the user's own, for Apply and Dismiss; anyone else's is "not found". */
export async function assistantMessageOf(userId: string, messagePublicId: string, tx: Database | Transaction = db()) {
  const [row] = await tx
    .select({ message: aiMessages })
    .from(aiMessages)
    .innerJoin(aiConversations, eq(aiConversations.id, aiMessages.conversationId))
    .where(and(eq(aiMessages.publicId, messagePublicId), eq(aiConversations.userId, userId)));
  if (!row || row.message.role !== "assistant") throw new NotFoundError("Conversation");
  return row.message;
}

/**
 * Moves a proposal from one state to another only if it is still in the first: the claim
 * that makes a double-clicked Apply run once. Returns whether this caller won it.
 */
export async function moveProposal(
  messageId: string,
  from: "pending" | "applied",
  to: "pending" | "applied" | "dismissed",
  proposal?: Proposal & { applied: number },
  tx: Database | Transaction = db(),
) {
  const moved = await tx
    .update(aiMessages)
    .set({ proposalState: to, ...(proposal ? { proposal } : {}) })
    .where(and(eq(aiMessages.id, messageId), eq(aiMessages.proposalState, from)))
    .returning({ id: aiMessages.id });
  return moved.length > 0;
}
