import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { renderUserMarkdown } from "../content/markdown";
import { db } from "../db";
import { messages, profiles, workspaceMembers, type Role } from "../db/schema";
import { can } from "../policies";
import { mentionChips } from "./mentions";

/** Messages on one page of the thread; older ones are behind "Load older messages". */
export const CHAT_PAGE = 50;
/** Members offered by the @mention suggestions (and highlighted); the mentioned ones come first. */
const MENTION_MEMBERS = 500;
/** Messages by one author this close together are drawn as one group. */
const GROUP_WINDOW_MS = 5 * 60 * 1000;

type Viewer = { userId: string; role: Role };
type ProjectRef = { id: string; workspaceId: string; archivedAt: Date | null; deletedAt: Date | null };

/**
 * The chat thread for one project: its latest 50 messages (or the 50 before the message
 * `before`, when it is one of this project's), oldest first, with their authors in the same
 * query; the body rendered from Markdown (sanitized) with mentions of members highlighted;
 * what the viewer may do to each. A deleted message sends no text at all.
 */
export async function chatPage(project: ProjectRef, viewer: Viewer, before: string | null) {
  const rows = await latestMessages(project.id, before);
  const older = rows.length > CHAT_PAGE;
  const page = rows.slice(0, CHAT_PAGE).reverse();
  const mentioned = [...new Set(page.flatMap((row) => (row.deletedAt ? [] : row.mentions)))];
  const members = await mentionMembers(project.workspaceId, mentioned);
  const items = page.map((row, index) => {
    const previous = page[index - 1];
    const own = row.authorId === viewer.userId;
    const state = { deletedAt: row.deletedAt, ownedByActor: own, parent: project };
    const highlight = members.filter((member) => row.mentions.includes(member.id));
    return {
      id: row.publicId,
      author: {
        name: row.fullName?.trim() || row.email || "Former member",
        avatarUrl: row.avatarUrl,
      },
      createdAt: row.createdAt.toISOString(),
      edited: row.editedAt !== null,
      deleted: row.deletedAt !== null,
      // Rendered and sanitized here (GitHub's schema): safe to insert as HTML.
      html: row.deletedAt ? "" : renderUserMarkdown(row.body, { mentions: mentionChips(highlight, viewer.userId) }),
      // The Markdown source only where the viewer may edit it (the edit form's text).
      body: can(viewer.role, "message.update", state) ? row.body : null,
      canEdit: can(viewer.role, "message.update", state),
      canDelete: can(viewer.role, "message.delete", state),
      grouped:
        previous !== undefined &&
        previous.authorId === row.authorId &&
        row.createdAt.getTime() - previous.createdAt.getTime() < GROUP_WINDOW_MS,
    };
  });
  return {
    messages: items,
    /** The cursor for the previous page: the oldest message shown. */
    olderBefore: older ? (page[0]?.publicId ?? null) : null,
    members: members.map(({ id, name, avatarUrl }) => ({ id, name, avatarUrl })),
    canPost: can(viewer.role, "message.create", { parent: project }),
  };
}

/** Newest first, one more than a page (to know whether there are older ones). */
function latestMessages(projectId: string, before: string | null) {
  // An unknown cursor (or another project's message) compares with null: no rows, never a leak.
  const cursor = before
    ? sql`(${messages.createdAt}, ${messages.id}) < (select m.created_at, m.id from messages m where m.public_id = ${before} and m.project_id = ${projectId})`
    : undefined;
  return db()
    .select({
      publicId: messages.publicId,
      authorId: messages.authorId,
      body: messages.body,
      mentions: messages.mentions,
      editedAt: messages.editedAt,
      deletedAt: messages.deletedAt,
      createdAt: messages.createdAt,
      fullName: profiles.fullName,
      email: profiles.email,
      avatarUrl: profiles.avatarUrl,
    })
    .from(messages)
    .leftJoin(profiles, eq(profiles.id, messages.authorId))
    .where(and(eq(messages.projectId, projectId), cursor))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(CHAT_PAGE + 1);
}

/** The workspace's members by display name, those mentioned on the page first; bounded. */
async function mentionMembers(workspaceId: string, mentioned: string[]) {
  const name = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${profiles.email})`;
  return db()
    .select({ id: workspaceMembers.userId, name, avatarUrl: profiles.avatarUrl })
    .from(workspaceMembers)
    .innerJoin(profiles, eq(profiles.id, workspaceMembers.userId))
    .where(eq(workspaceMembers.workspaceId, workspaceId))
    .orderBy(
      ...(mentioned.length > 0 ? [desc(inArray(workspaceMembers.userId, mentioned))] : []),
      asc(sql`lower(${name})`),
    )
    .limit(MENTION_MEMBERS);
}
