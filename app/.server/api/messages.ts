import { and, desc, eq, isNull, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { deleteMessage, editMessage, postMessage } from "../chat/messages";
import { db } from "../db";
import { messages, profiles, projects } from "../db/schema";
import { found, projectOf, route, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { idempotent } from "./idempotency";
import { decodeTimeCursor, encodeTimeCursor } from "./resources";
import { messageBodySchema, pageQuerySchema, type messageSchema } from "./schemas";

/**
 * A project's chat: every member reads and posts (viewers too), the author edits, the author
 * or a manager deletes, through the chat page's use cases. A deleted message stays in the
 * thread without its text, as the page shows it.
 */
export const messageRoutes = [
  route("GET", "/projects/{projectId}/messages", listMessages),
  route("POST", "/projects/{projectId}/messages", postProjectMessage),
  route("PATCH", "/messages/{messageId}", patchMessage),
  route("DELETE", "/messages/{messageId}", removeMessage),
];

type ApiMessage = z.infer<typeof messageSchema>;

const fields = {
  id: messages.publicId,
  projectId: projects.publicId,
  authorId: messages.authorId,
  authorName: sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${profiles.email}, 'Former member')`,
  body: messages.body,
  mentions: messages.mentions,
  editedAt: messages.editedAt,
  deletedAt: messages.deletedAt,
  createdAt: messages.createdAt,
  /** The time at PostgreSQL's precision, for the cursor. */
  at: sql<string>`${messages.createdAt}::text`,
};

function selectMessages(where: SQL | undefined) {
  return db()
    .select(fields)
    .from(messages)
    .innerJoin(projects, eq(projects.id, messages.projectId))
    .leftJoin(profiles, eq(profiles.id, messages.authorId))
    .where(and(isNull(projects.deletedAt), where));
}

function toMessage(row: Awaited<ReturnType<typeof selectMessages>>[number]): ApiMessage {
  const deleted = row.deletedAt !== null;
  return {
    id: row.id,
    projectId: row.projectId,
    author: { id: row.authorId, name: row.authorName },
    body: deleted ? null : row.body,
    mentions: deleted ? [] : row.mentions,
    edited: row.editedAt !== null,
    deleted,
    createdAt: row.createdAt.toISOString(),
  };
}

async function existingMessage(principal: TokenPrincipal, publicId: string) {
  const [row] = await selectMessages(
    and(eq(messages.publicId, publicId), eq(messages.workspaceId, principal.workspaceId)),
  );
  return toMessage(found(row, "Message"));
}

/** Newest first, older after `cursor` (the last one's time and id): a range of `messages_project_idx`. */
async function listMessages({ principal, url }: Context, params: Params) {
  const project = await projectOf(principal, params[0]!);
  const query = pageQuerySchema.parse(Object.fromEntries(url.searchParams));
  const conditions = [eq(messages.projectId, project.id)];
  if (query.cursor) {
    const { at, id } = decodeTimeCursor(query.cursor);
    conditions.push(sql`(${messages.createdAt}, ${messages.publicId}) < (${at}::timestamptz, ${id})`);
  }
  const rows = await selectMessages(and(...conditions))
    .orderBy(desc(messages.createdAt), desc(messages.publicId))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return json({
    items: page.map(toMessage),
    nextCursor: rows.length > query.limit && last ? encodeTimeCursor(last) : null,
  });
}

async function postProjectMessage(context: Context, params: Params) {
  const { principal, actor, request } = context;
  const project = await projectOf(principal, params[0]!);
  const { body } = messageBodySchema.parse(await jsonBody(request));
  return idempotent(context, JSON.stringify({ project: project.publicId, body }), async () => {
    const { id } = await postMessage(actor, { projectId: project.publicId, body });
    return json(await existingMessage(principal, id), 201);
  });
}

async function patchMessage({ principal, actor, request }: Context, params: Params) {
  const message = await existingMessage(principal, params[0]!);
  const { body } = messageBodySchema.parse(await jsonBody(request));
  await editMessage(actor, { projectId: message.projectId, messageId: message.id, body });
  return json(await existingMessage(principal, message.id));
}

async function removeMessage({ principal, actor }: Context, params: Params) {
  const message = await existingMessage(principal, params[0]!);
  await deleteMessage(actor, { projectId: message.projectId, messageId: message.id });
  return json(null, 204);
}
