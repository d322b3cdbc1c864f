import { and, count, desc, eq, inArray, isNull } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { chatChannels, chatDeliveries, projects, workspaceMembers } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { enqueue } from "../jobs/queue";
import { authorize } from "../policies";
import { targetProblem, urlProblem } from "../webhooks/targets";
import { workspaceForMember } from "../workspaces/membership";
import {
  CHAT_CHANNEL_NAME_MAX,
  CHAT_CHANNELS_PER_WORKSPACE,
  CHAT_FORMATS,
  isChatEvent,
  isChatFormat,
  type ChatFormat,
} from "~/utils/chat-channels";
import { CHAT_DELIVER_JOB } from "./delivery";
import { formatProblem } from "./formats";
import { chatChannelInput, createChatChannelInput, updateChatChannelInput } from "./inputs";
import { testMessage } from "./messages";
import { maskedUrl } from "./urls";

/**
 * A workspace's chat channels (issue 33): its owners and admins point a project's news at
 * a Slack, Mattermost, Discord, Teams, ntfy or JSON receiver, choose which news, send a
 * test, turn it off and on, and read its delivery log. The URL is the receiver's
 * credential: it is never shown again whole, never logged, and the activity log names the
 * channel by its name and masked URL.
 */
export const CHAT_LOG_SIZE = 50;

type SignedIn = Actor & { userId: string };
type Db = Database | Transaction;

export type ChatChannelInput = {
  workspaceId: string;
  projectId: string;
  name: string;
  format: string;
  url: string;
  events: string[];
};
type ChatChannelChange = { channelId: string; name?: string; url?: string; events?: string[]; enabled?: boolean };

function eventsOf(events: string[]) {
  const chosen = [...new Set(events.map((event) => event.trim()).filter(Boolean))];
  if (chosen.length === 0) throw new FieldError("events", "Choose at least one kind of news to post.");
  const unknown = chosen.find((event) => !isChatEvent(event));
  if (unknown) throw new FieldError("events", `There is no news called ${unknown.slice(0, 60)}.`);
  return chosen.sort();
}

function nameOf(name: string) {
  const text = name.trim();
  if (!text) throw new FieldError("name", "Name the channel, like #design or Team updates.");
  if (text.length > CHAT_CHANNEL_NAME_MAX) throw new FieldError("name", `At most ${CHAT_CHANNEL_NAME_MAX} characters.`);
  return text;
}

function formatOf(format: string): ChatFormat {
  if (!isChatFormat(format)) throw new FieldError("format", "Choose where the messages go.");
  return format;
}

/** The URL's form for its format (the command's check: it resolves nothing). */
function wellFormedUrl(raw: string, format: ChatFormat) {
  const url = raw.trim();
  const problem = (url ? urlProblem(url) : "Paste the channel's webhook URL.") ?? formatProblem(format, url);
  if (problem) throw new FieldError("url", problem.replace("receives the events", "receives the messages"));
  return url;
}

/** The URL's host resolved and checked before the unit of work opens (a slow name server holds no transaction). */
async function assertPublicTarget(raw: string) {
  const problem = await targetProblem(raw.trim());
  if (problem) throw new FieldError("url", problem.replace("webhooks go", "messages go"));
}

async function managedWorkspace(actor: SignedIn, workspacePublicId: string, tx: Db = db()) {
  const workspace = await workspaceForMember(actor.userId, workspacePublicId, tx);
  authorize(workspace.role, "chat_channel.manage");
  return workspace;
}

/** A channel of a workspace the actor manages. */
async function managedChannel(actor: SignedIn, channelId: string, tx: Db = db()) {
  const [row] = await tx
    .select({ channel: chatChannels, role: workspaceMembers.role, projectName: projects.name })
    .from(chatChannels)
    .innerJoin(projects, eq(projects.id, chatChannels.projectId))
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, chatChannels.workspaceId), eq(workspaceMembers.userId, actor.userId)),
    )
    .where(eq(chatChannels.publicId, channelId));
  if (!row?.role) throw new NotFoundError("Chat channel");
  authorize(row.role, "chat_channel.manage");
  return { ...row.channel, projectName: row.projectName };
}

export const createChatChannelCommand = defineCommand({
  name: "chat_channel.create",
  input: createChatChannelInput,
  policy: "chat_channel.manage",
  async run({ tx, record, principal }, input: ChatChannelInput) {
    const actor = asMember(principal);
    const workspace = await managedWorkspace(actor, input.workspaceId, tx);
    const [project] = await tx
      .select({ id: projects.id, publicId: projects.publicId, name: projects.name })
      .from(projects)
      .where(
        and(eq(projects.publicId, input.projectId), eq(projects.workspaceId, workspace.id), isNull(projects.deletedAt)),
      );
    if (!project) throw new FieldError("projectId", "Choose one of this workspace's projects.");
    const name = nameOf(input.name);
    const format = formatOf(input.format);
    const url = wellFormedUrl(input.url, format);
    const events = eventsOf(input.events);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(chatChannels)
      .where(eq(chatChannels.workspaceId, workspace.id));
    if (total >= CHAT_CHANNELS_PER_WORKSPACE)
      throw new FieldError(
        "url",
        `A workspace can have ${CHAT_CHANNELS_PER_WORKSPACE} chat channels: delete one first.`,
      );
    const [row] = await tx
      .insert(chatChannels)
      .values({
        publicId: newPublicId(),
        workspaceId: workspace.id,
        projectId: project.id,
        name,
        format,
        url,
        events,
        createdBy: actor.userId,
      })
      .returning();
    await record({
      verb: "chat_channel.created",
      subjectType: "chat_channel",
      subjectId: row!.publicId,
      workspaceId: workspace.id,
      projectId: project.id,
      data: { name, url: maskedUrl(url), format: CHAT_FORMATS[format].label, project: project.name },
    });
    return { id: row!.publicId, name };
  },
});

export async function createChatChannel(actor: Actor, input: ChatChannelInput) {
  // The role and the form first (cheap, and a refusal says why), then the name lookup outside the transaction.
  const principal = principalOf(actor);
  await managedWorkspace(asMember(principal), input.workspaceId);
  nameOf(input.name);
  wellFormedUrl(input.url, formatOf(input.format));
  eventsOf(input.events);
  await assertPublicTarget(input.url);
  return execute(createChatChannelCommand, principal, input);
}

/** Changes the name, URL or news, or turns it off or on (on again: its failures start from 0). */
export const updateChatChannelCommand = defineCommand({
  name: "chat_channel.update",
  input: updateChatChannelInput,
  policy: "chat_channel.manage",
  async run({ tx, record, principal }, input: ChatChannelChange) {
    const channel = await managedChannel(asMember(principal), input.channelId, tx);
    const format = formatOf(channel.format);
    const name = input.name === undefined ? undefined : nameOf(input.name);
    const url = input.url === undefined || input.url.trim() === "" ? undefined : wellFormedUrl(input.url, format);
    const events = input.events === undefined ? undefined : eventsOf(input.events);
    const enabling = input.enabled === true && !channel.enabled;
    const disabling = input.enabled === false && channel.enabled;
    const fresh = {
      consecutiveFailures: 0,
      failingSince: null,
      lastError: null,
      disabledAt: null,
      disabledReason: null,
    };
    const [row] = await tx
      .update(chatChannels)
      .set({
        ...(name !== undefined ? { name } : {}),
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(enabling ? { enabled: true, ...fresh } : {}),
        // A new URL is a new receiver: its predecessor's failures are not its own.
        ...(url !== undefined && url !== channel.url ? fresh : {}),
        ...(disabling ? { enabled: false, disabledAt: new Date(), disabledReason: "Turned off by a member." } : {}),
      })
      .where(eq(chatChannels.id, channel.id))
      .returning();
    const changed = [
      ...(name !== undefined && name !== channel.name ? ["name"] : []),
      ...(url !== undefined && url !== channel.url ? ["url"] : []),
      ...(events !== undefined && events.join() !== [...channel.events].sort().join() ? ["events"] : []),
    ];
    const data = { name: row!.name, url: maskedUrl(row!.url) };
    const entry = {
      subjectType: "chat_channel",
      subjectId: channel.publicId,
      workspaceId: channel.workspaceId,
      projectId: channel.projectId,
    };
    if (enabling) await record({ ...entry, verb: "chat_channel.enabled", data });
    else if (disabling) await record({ ...entry, verb: "chat_channel.disabled", data });
    else if (changed.length > 0) await record({ ...entry, verb: "chat_channel.updated", data: { ...data, changed } });
    return { id: row!.publicId, name: row!.name, enabled: row!.enabled, changed };
  },
});

/** The change, a new URL's addresses checked before the unit of work opens. */
export async function updateChatChannel(actor: Actor, input: ChatChannelChange) {
  const principal = principalOf(actor);
  const channel = await managedChannel(asMember(principal), input.channelId);
  if (input.name !== undefined) nameOf(input.name);
  if (input.events !== undefined) eventsOf(input.events);
  if (input.url !== undefined && input.url.trim() !== "") {
    wellFormedUrl(input.url, formatOf(channel.format));
    await assertPublicTarget(input.url);
  }
  return execute(updateChatChannelCommand, principal, input);
}

export const deleteChatChannelCommand = defineCommand({
  name: "chat_channel.delete",
  input: chatChannelInput,
  policy: "chat_channel.manage",
  async run({ tx, record, principal }, input: { channelId: string }) {
    const channel = await managedChannel(asMember(principal), input.channelId, tx);
    await tx.delete(chatChannels).where(eq(chatChannels.id, channel.id));
    await record({
      verb: "chat_channel.deleted",
      subjectType: "chat_channel",
      subjectId: channel.publicId,
      workspaceId: channel.workspaceId,
      projectId: channel.projectId,
      data: { name: channel.name, url: maskedUrl(channel.url) },
    });
    return { id: channel.publicId, name: channel.name };
  },
});

/** Posts a test message once (also to a turned-off channel, to try it before turning it on). */
export const sendTestChatMessageCommand = defineCommand({
  name: "chat_channel.send_test",
  input: chatChannelInput,
  policy: "chat_channel.manage",
  async run({ tx, record, principal }, input: { channelId: string }) {
    const actor = asMember(principal);
    const channel = await managedChannel(actor, input.channelId, tx);
    const [project] = await tx
      .select({ publicId: projects.publicId })
      .from(projects)
      .where(eq(projects.id, channel.projectId));
    const message = await testMessage(
      tx,
      { publicId: project?.publicId ?? "", name: channel.projectName },
      actor.userId,
    );
    const messageKey = `test:${newPublicId()}`;
    await enqueue(tx, [
      {
        kind: CHAT_DELIVER_JOB,
        payload: { channelId: channel.id, messageKey, manual: true, message },
        maxAttempts: 1,
      },
    ]);
    await record({
      verb: "chat_channel.tested",
      subjectType: "chat_channel",
      subjectId: channel.publicId,
      workspaceId: channel.workspaceId,
      projectId: channel.projectId,
      data: { name: channel.name, url: maskedUrl(channel.url) },
    });
    return { id: channel.publicId, messageKey };
  },
});

/** The workspace's channels for its managers, newest first (the URL masked). */
export async function listChatChannels(actor: SignedIn, workspacePublicId: string) {
  const workspace = await managedWorkspace(actor, workspacePublicId);
  const rows = await db()
    .select({
      id: chatChannels.publicId,
      name: chatChannels.name,
      format: chatChannels.format,
      url: chatChannels.url,
      events: chatChannels.events,
      enabled: chatChannels.enabled,
      consecutiveFailures: chatChannels.consecutiveFailures,
      failingSince: chatChannels.failingSince,
      lastError: chatChannels.lastError,
      disabledAt: chatChannels.disabledAt,
      disabledReason: chatChannels.disabledReason,
      createdAt: chatChannels.createdAt,
      projectId: projects.publicId,
      projectName: projects.name,
    })
    .from(chatChannels)
    .innerJoin(projects, eq(projects.id, chatChannels.projectId))
    .where(eq(chatChannels.workspaceId, workspace.id))
    .orderBy(desc(chatChannels.createdAt))
    .limit(CHAT_CHANNELS_PER_WORKSPACE);
  return rows.map(({ url, ...row }) => ({
    ...row,
    url: maskedUrl(url),
    failingSince: row.failingSince?.toISOString() ?? null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** A channel's latest attempts, newest first. */
export async function chatDeliveryLog(actor: SignedIn, channelId: string, limit = CHAT_LOG_SIZE) {
  const channel = await managedChannel(actor, channelId);
  const rows = await db()
    .select({
      id: chatDeliveries.publicId,
      kind: chatDeliveries.kind,
      summary: chatDeliveries.summary,
      attempt: chatDeliveries.attempt,
      statusCode: chatDeliveries.statusCode,
      error: chatDeliveries.error,
      durationMs: chatDeliveries.durationMs,
      responseExcerpt: chatDeliveries.responseExcerpt,
      createdAt: chatDeliveries.createdAt,
    })
    .from(chatDeliveries)
    .where(eq(chatDeliveries.channelId, channel.id))
    .orderBy(desc(chatDeliveries.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The projects a channel can be for: the workspace's live ones, by name. */
export async function channelProjects(workspaceId: string) {
  return db()
    .select({ id: projects.publicId, name: projects.name })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), isNull(projects.deletedAt)))
    .orderBy(projects.name)
    .limit(500);
}

/** For Settings → Integrations: each managed workspace's channel count and how many are failing or off. */
export async function chatChannelStates(workspaceIds: string[]) {
  if (workspaceIds.length === 0) return [];
  return db()
    .select({
      workspaceId: chatChannels.workspaceId,
      enabled: chatChannels.enabled,
      failingSince: chatChannels.failingSince,
      lastError: chatChannels.lastError,
      disabledReason: chatChannels.disabledReason,
      name: chatChannels.name,
    })
    .from(chatChannels)
    .where(inArray(chatChannels.workspaceId, workspaceIds))
    .orderBy(desc(chatChannels.createdAt));
}

export function deleteChatChannel(actor: Actor, input: { channelId: string }) {
  return execute(deleteChatChannelCommand, principalOf(actor), input);
}
export function sendTestChatMessage(actor: Actor, input: { channelId: string }) {
  return execute(sendTestChatMessageCommand, principalOf(actor), input);
}
