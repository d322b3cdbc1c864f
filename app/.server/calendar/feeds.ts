import { createHmac, randomBytes } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute, type UnitOfWork } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { calendarFeeds } from "../db/schema";
import { env } from "../env";
import { NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { authorize } from "../policies";
import { projectForMember } from "../projects/access";
import { derivedSecret } from "../secrets";
import { hashToken } from "../security/tokens";

/**
 * Secret calendar feeds (issue 33): a member's own feed (the tasks assigned to them and the
 * team-calendar events they attend or made, in every workspace they are in) and their own
 * feed of a project (its dated tasks and its events). Each is a URL with a secret token that
 * a calendar app subscribes to without signing in (`/calendar/feed/<token>.ics`, served by
 * ./feed-ics.ts). A project's feed is its maker's, not the project's: whoever can see the
 * project may make one, and it answers only while they can still see it, so a member who
 * leaves takes nothing with them and nobody else's URL needs changing.
 *
 * Only the token's SHA-256 is stored. The token itself is an HMAC, under a key derived from
 * the server's session secret, of the row's public id and a random salt: the owner's
 * Settings can show the URL again, while a copy of the database alone cannot make one.
 * Regenerating draws a new salt (the old URL stops at once); revoking deletes the row.
 */
type Db = Database | Transaction;

const feedInput = z.object({ projectId: z.string().min(1).max(40).nullable() });
type FeedInput = z.input<typeof feedInput>;

/** The feed's path: what a calendar app fetches (`webcal://` is the same path). */
export const FEED_PATH_PREFIX = "/calendar/feed/";

/** The token of a feed row: 43 URL-safe characters (256 bits). */
function tokenOf(row: { publicId: string; salt: string }) {
  return createHmac("sha256", derivedSecret("calendar-feed")).update(`${row.publicId}:${row.salt}`).digest("base64url");
}

function newSalt() {
  return randomBytes(16).toString("base64url");
}

export function feedUrl(token: string) {
  return `${env().appUrl}${FEED_PATH_PREFIX}${token}.ics`;
}

/**
 * The project a feed would show, checked against the member's role and the project's state
 * (a deleted project is not found); null for the member's own feed.
 */
async function feedProject(uow: UnitOfWork, userId: string, projectId: string | null) {
  if (!projectId) return null;
  const access = await projectForMember(userId, projectId, uow.tx);
  authorize(access.role, "calendar_feed.manage", access.project);
  return access;
}

async function feedRow(tx: Db, userId: string, projectUuid: string | null) {
  const [row] = await tx
    .select()
    .from(calendarFeeds)
    .where(
      and(
        eq(calendarFeeds.userId, userId),
        projectUuid ? eq(calendarFeeds.projectId, projectUuid) : isNull(calendarFeeds.projectId),
      ),
    );
  return row ?? null;
}

function subjectOf(row: { publicId: string }, access: Awaited<ReturnType<typeof feedProject>>) {
  return {
    subjectType: "calendar_feed",
    subjectId: row.publicId,
    workspaceId: access?.workspace.id ?? null,
    projectId: access?.project.id ?? null,
  };
}

const projectData = (access: Awaited<ReturnType<typeof feedProject>>) =>
  access ? { project: access.project.name } : {};

/** Makes the member's feed (their own, or theirs of a project); one that exists already is kept as it is. */
export const createCalendarFeedCommand = defineCommand({
  name: "calendar_feed.create",
  input: feedInput,
  policy: "calendar_feed.manage",
  async run(uow, input: FeedInput) {
    const { userId } = asMember(uow.principal);
    const access = await feedProject(uow, userId, input.projectId);
    const existing = await feedRow(uow.tx, userId, access?.project.id ?? null);
    if (existing) return { url: feedUrl(tokenOf(existing)), created: false };
    const row = { publicId: newPublicId(), salt: newSalt() };
    const token = tokenOf(row);
    await uow.tx.insert(calendarFeeds).values({
      ...row,
      userId,
      projectId: access?.project.id ?? null,
      tokenHash: hashToken(token),
    });
    await uow.record({ verb: "calendar_feed.created", ...subjectOf(row, access), data: projectData(access) });
    return { url: feedUrl(token), created: true };
  },
});

/** A new address for the feed: the old one answers 404 from now on. */
export const regenerateCalendarFeedCommand = defineCommand({
  name: "calendar_feed.regenerate",
  input: feedInput,
  policy: "calendar_feed.manage",
  async run(uow, input: FeedInput) {
    const { userId } = asMember(uow.principal);
    const access = await feedProject(uow, userId, input.projectId);
    const existing = await feedRow(uow.tx, userId, access?.project.id ?? null);
    if (!existing) throw new NotFoundError("Calendar feed");
    const salt = newSalt();
    const token = tokenOf({ publicId: existing.publicId, salt });
    await uow.tx
      .update(calendarFeeds)
      .set({ salt, tokenHash: hashToken(token), lastFetchedAt: null, updatedAt: new Date() })
      .where(eq(calendarFeeds.id, existing.id));
    await uow.record({ verb: "calendar_feed.regenerated", ...subjectOf(existing, access), data: projectData(access) });
    return { url: feedUrl(token) };
  },
});

/** Turns the feed off: its URL answers 404, and calendar apps stop showing its items. */
export const revokeCalendarFeedCommand = defineCommand({
  name: "calendar_feed.revoke",
  input: feedInput,
  policy: "calendar_feed.manage",
  async run(uow, input: FeedInput) {
    const { userId } = asMember(uow.principal);
    const access = await feedProject(uow, userId, input.projectId);
    const existing = await feedRow(uow.tx, userId, access?.project.id ?? null);
    if (!existing) throw new NotFoundError("Calendar feed");
    await uow.tx.delete(calendarFeeds).where(eq(calendarFeeds.id, existing.id));
    await uow.record({ verb: "calendar_feed.revoked", ...subjectOf(existing, access), data: projectData(access) });
    return { revoked: true };
  },
});

export function createCalendarFeed(actor: Actor, input: FeedInput) {
  return execute(createCalendarFeedCommand, principalOf(actor), input);
}

export function regenerateCalendarFeed(actor: Actor, input: FeedInput) {
  return execute(regenerateCalendarFeedCommand, principalOf(actor), input);
}

export function revokeCalendarFeed(actor: Actor, input: FeedInput) {
  return execute(revokeCalendarFeedCommand, principalOf(actor), input);
}

/** What Settings shows of a feed: its URL (null while none is made) and when an app last fetched it. */
export type CalendarFeedView = {
  url: string | null;
  /** Made, but this server's secret changed since: its URL cannot be shown again (regenerate it). */
  unreadable: boolean;
  lastFetchedAt: string | null;
  /** The project's public id for a project's feed, null for the member's own. */
  projectId: string | null;
};

/**
 * The member's feed (their own when `project` is null, else theirs of that project, whose
 * access the caller has checked), as its owner's page shows it.
 */
export async function calendarFeedOf(
  userId: string,
  project: { id: string; publicId: string } | null,
): Promise<CalendarFeedView> {
  const row = await feedRow(db(), userId, project?.id ?? null);
  const base = { projectId: project?.publicId ?? null, lastFetchedAt: row?.lastFetchedAt?.toISOString() ?? null };
  if (!row) return { ...base, url: null, unreadable: false };
  const token = tokenOf(row);
  // A token made under another session secret cannot be made again: its URL still works, but only a new one can be shown.
  if (hashToken(token) !== row.tokenHash) return { ...base, url: null, unreadable: true };
  return { ...base, url: feedUrl(token), unreadable: false };
}

/** Marks a feed fetched, at most once an hour (the row just read says when it was last marked). */
export async function markFeedFetched(feedId: string, lastFetchedAt: Date | null) {
  if (lastFetchedAt && lastFetchedAt.getTime() > Date.now() - 3_600_000) return;
  await db()
    .update(calendarFeeds)
    .set({ lastFetchedAt: new Date() })
    .where(
      and(
        eq(calendarFeeds.id, feedId),
        sql`(${calendarFeeds.lastFetchedAt} is null or ${calendarFeeds.lastFetchedAt} < now() - interval '1 hour')`,
      ),
    );
}
