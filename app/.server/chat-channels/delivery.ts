import { and, count, eq, gt, inArray, isNull, lt, ne, notExists, or, sql } from "drizzle-orm";

import { writeWithActivity } from "../activity/use-case";
import { db } from "../db";
import { chatChannels, chatDeliveries, projects, statuses, tasks, workspaceMembers, workspaces } from "../db/schema";
import { planJobs, type DomainEvent } from "../events/bus";
import { enqueue, type NewJob } from "../jobs/queue";
import { defineJob, definePruning } from "../jobs/registry";
import { logger } from "../logger";
import { newPublicId } from "../ids";
import { deliverNotifications } from "../notifications/deliver";
import { postTo, succeeded } from "../webhooks/post";
import { isChatEvent, isChatFormat } from "~/utils/chat-channels";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";
import { CHAT_HEADERS, chatBody, chatTarget } from "./formats";
import { chatKindsOf, doneStatusesAmong, messageOfDueTask, messageOfEvent, type ChatMessage } from "./messages";
import { maskedUrl } from "./urls";

/**
 * Posting a project's news to its chat channels. In the change's own transaction a planner
 * writes one `chat.deliver` job per enabled channel of the project that wants the news
 * (a project with no channel writes none); the hourly reminder run plans "due tomorrow".
 * The job renders the message in the channel's format, posts it and logs the attempt; a
 * failure is retried over a few hours with the same body, counted on the channel (shown
 * in Settings as "failing since…"), and twenty in a row turn the channel off and tell the
 * workspace's owners and admins.
 */
export const CHAT_DELIVER_JOB = "chat.deliver";
/** The waits after failed attempts 1…6: 5 s, 1 min, 5 min, 30 min, 2 h, 6 h. Older news is stale. */
export const CHAT_RETRY_DELAYS_MS = [5_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000];
export const CHAT_ATTEMPTS = CHAT_RETRY_DELAYS_MS.length + 1;
export const CHAT_FAILURES_TO_DISABLE = 20;
/** The delivery log keeps a channel's last 200 attempts of the last 30 days. */
export const CHAT_LOG_KEPT = { days: 30, perChannel: 200 };
const DUE_SOON_PER_RUN = 500;

export function registerChatChannels() {
  const undo = [
    planJobs("chat-channels", planChatMessages),
    defineJob(CHAT_DELIVER_JOB, deliverChatMessage, {
      retryDelayMs: (attempt) =>
        CHAT_RETRY_DELAYS_MS[attempt - 1] ?? CHAT_RETRY_DELAYS_MS[CHAT_RETRY_DELAYS_MS.length - 1]!,
    }),
    definePruning("chat-deliveries", pruneChatDeliveries),
  ];
  return () => undo.forEach((unregister) => unregister());
}

type PlannerTx = Parameters<Parameters<typeof planJobs>[1]>[0];

/** One job per event and enabled channel of its project that wants it; one read per transaction. */
async function planChatMessages(tx: PlannerTx, events: DomainEvent[]): Promise<NewJob[]> {
  const candidates = events.filter((event) => event.projectId && CHAT_VERBS.has(event.verb));
  if (candidates.length === 0) return [];
  const projectIds = [...new Set(candidates.map((event) => event.projectId!))];
  const channels = await tx
    .select({ id: chatChannels.id, projectId: chatChannels.projectId, events: chatChannels.events })
    .from(chatChannels)
    .where(and(inArray(chatChannels.projectId, projectIds), eq(chatChannels.enabled, true)));
  if (channels.length === 0) return [];
  const done = await doneStatusesAmong(tx, candidates);
  const jobs: NewJob[] = [];
  for (const event of candidates) {
    const kinds = chatKindsOf(event, done);
    if (kinds.length === 0) continue;
    for (const channel of channels) {
      if (channel.projectId !== event.projectId) continue;
      const kind = kinds.find((candidate) => channel.events.includes(candidate));
      if (!kind) continue;
      jobs.push({
        kind: CHAT_DELIVER_JOB,
        payload: { channelId: channel.id, messageKey: `event:${event.sequence}`, kind, sequence: event.sequence },
        maxAttempts: CHAT_ATTEMPTS,
      });
    }
  }
  return jobs;
}

const CHAT_VERBS = new Set<string>([
  "task.created",
  "task.updated",
  "task.moved",
  "task.assignees_changed",
  "comment.created",
  "message.posted",
]);

/**
 * "Due tomorrow" for the channels that want it: open, live tasks due on `tomorrow` in their
 * projects, each once per channel and due date (the message key, checked against the log
 * and the waiting jobs). Run by the hourly reminders.
 */
export async function planDueSoonMessages(tomorrow: string) {
  const due = await db()
    .select({ channelId: chatChannels.id, taskId: tasks.publicId })
    .from(chatChannels)
    .innerJoin(tasks, eq(tasks.projectId, chatChannels.projectId))
    .innerJoin(statuses, eq(statuses.id, tasks.statusId))
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(
      and(
        eq(chatChannels.enabled, true),
        sql`${chatChannels.events} @> array['task.due_soon']::text[]`,
        eq(tasks.dueDate, tomorrow),
        ne(statuses.category, "done"),
        isNull(tasks.deletedAt),
        isNull(tasks.archivedAt),
        isNull(projects.deletedAt),
        isNull(projects.archivedAt),
        notExists(
          db()
            .select({ one: sql`1` })
            .from(chatDeliveries)
            .where(
              and(
                eq(chatDeliveries.channelId, chatChannels.id),
                eq(chatDeliveries.messageKey, sql`'due:' || ${tasks.publicId} || ':' || ${tasks.dueDate}`),
              ),
            ),
        ),
      ),
    )
    .limit(DUE_SOON_PER_RUN);
  await enqueue(
    db(),
    due.map((row) => ({
      kind: CHAT_DELIVER_JOB,
      payload: {
        channelId: row.channelId,
        messageKey: `due:${row.taskId}:${tomorrow}`,
        kind: "task.due_soon",
        taskId: row.taskId,
      },
      dedupeKey: `chat:${row.channelId}:due:${row.taskId}:${tomorrow}`,
      maxAttempts: CHAT_ATTEMPTS,
    })),
  );
  return due.length;
}

/** The message a job carries (Send test), or the one its event or task makes. */
async function messageOf(payload: Record<string, unknown>): Promise<ChatMessage | null> {
  if (payload.message && typeof payload.message === "object") return payload.message as ChatMessage;
  const kind = String(payload.kind);
  if (!isChatEvent(kind)) return null;
  if (kind === "task.due_soon") return messageOfDueTask(String(payload.taskId));
  const sequence = Number(payload.sequence);
  return Number.isSafeInteger(sequence) ? messageOfEvent(sequence, kind) : null;
}

async function deliverChatMessage(payload: Record<string, unknown>) {
  const channelId = String(payload.channelId);
  const messageKey = String(payload.messageKey);
  const manual = payload.manual === true;
  const [channel] = await db().select().from(chatChannels).where(eq(chatChannels.id, channelId));
  // Deleted, or turned off since: nothing to send (Send test goes to a turned-off one too).
  if (!channel || (!channel.enabled && !manual) || !isChatFormat(channel.format)) return;
  const previous = await earlierAttempts(channelId, messageKey);
  let sent = previous.first;
  if (!sent) {
    const message = await messageOf(payload);
    if (!message) return;
    sent = { kind: message.kind, summary: message.headline, body: chatBody(channel.format, channel.url, message) };
  }
  const result = await postTo(
    chatTarget(channel.format, channel.url),
    { headers: CHAT_HEADERS, body: sent.body },
    "Chat channels",
  );
  await db()
    .insert(chatDeliveries)
    .values({
      publicId: newPublicId(),
      channelId,
      messageKey,
      kind: sent.kind,
      summary: sent.summary,
      body: sent.body,
      attempt: previous.count + 1,
      statusCode: result.status,
      error: result.error,
      durationMs: result.durationMs,
      responseExcerpt: result.excerpt,
    });
  if (succeeded(result)) {
    if (channel.consecutiveFailures > 0 || channel.failingSince)
      await db()
        .update(chatChannels)
        .set({ consecutiveFailures: 0, failingSince: null, lastError: null })
        .where(eq(chatChannels.id, channelId));
    return;
  }
  if (result.status === 404 || result.status === 410) {
    await disable(channelId, `The receiver answered ${result.status}: the channel's URL no longer exists.`);
    return;
  }
  // A manual send is tried once and counts for nothing: its result is in the log.
  if (manual) return;
  const [counted] = await db()
    .update(chatChannels)
    .set({
      consecutiveFailures: sql`${chatChannels.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${chatChannels.failingSince}, now())`,
      lastError: result.error,
    })
    .where(eq(chatChannels.id, channelId))
    .returning({ failures: chatChannels.consecutiveFailures });
  if ((counted?.failures ?? 0) >= CHAT_FAILURES_TO_DISABLE) {
    await disable(channelId, `${CHAT_FAILURES_TO_DISABLE} messages in a row failed.`);
    return;
  }
  logger.warn({ chatChannel: channel.publicId, status: result.status }, "chat message delivery failed");
  throw new Error(`Chat message delivery failed: ${result.error ?? `HTTP ${result.status}`}`);
}

/** How often this message was tried at the channel, and its first attempt (a retry sends that body again). */
async function earlierAttempts(channelId: string, messageKey: string) {
  const where = and(eq(chatDeliveries.channelId, channelId), eq(chatDeliveries.messageKey, messageKey));
  const [{ total } = { total: 0 }] = await db().select({ total: count() }).from(chatDeliveries).where(where);
  if (total === 0) return { count: 0, first: null };
  const [first] = await db()
    .select({ kind: chatDeliveries.kind, summary: chatDeliveries.summary, body: chatDeliveries.body })
    .from(chatDeliveries)
    .where(where)
    .orderBy(chatDeliveries.createdAt)
    .limit(1);
  return { count: total, first: first ?? null };
}

/** Deletes attempts older than the log keeps, and a channel's beyond its newest 200. */
export async function pruneChatDeliveries(now = new Date()) {
  const before = new Date(now.getTime() - CHAT_LOG_KEPT.days * 86_400_000);
  const ranked = db()
    .select({
      id: chatDeliveries.id,
      rank: sql<number>`row_number() over (partition by ${chatDeliveries.channelId} order by ${chatDeliveries.createdAt} desc, ${chatDeliveries.id})`.as(
        "rank",
      ),
    })
    .from(chatDeliveries)
    .as("ranked");
  const beyond = db().select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, CHAT_LOG_KEPT.perChannel));
  await db()
    .delete(chatDeliveries)
    .where(or(lt(chatDeliveries.createdAt, before), inArray(chatDeliveries.id, beyond)));
}

/** Turns the channel off (once) with a reason, logs it, and tells the workspace's owners and admins. */
async function disable(channelId: string, reason: string) {
  const disabled = await writeWithActivity({ userId: null, ip: null }, async (tx, record) => {
    const [row] = await tx
      .update(chatChannels)
      .set({ enabled: false, disabledAt: new Date(), disabledReason: reason })
      .where(and(eq(chatChannels.id, channelId), eq(chatChannels.enabled, true)))
      .returning();
    if (!row) return null;
    await record({
      verb: "chat_channel.disabled",
      subjectType: "chat_channel",
      subjectId: row.publicId,
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      data: { name: row.name, url: maskedUrl(row.url), reason },
    });
    return row;
  });
  if (!disabled) return;
  logger.warn({ chatChannel: disabled.publicId }, "chat channel turned off");
  const [workspace] = await db()
    .select({ publicId: workspaces.publicId })
    .from(workspaces)
    .where(eq(workspaces.id, disabled.workspaceId));
  const managers = await db()
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(
      and(eq(workspaceMembers.workspaceId, disabled.workspaceId), inArray(workspaceMembers.role, ["owner", "admin"])),
    );
  await deliverNotifications(
    managers.map(({ userId }) => ({
      userId,
      kind: NOTIFICATION_KINDS.chatChannelDisabled,
      workspaceId: disabled.workspaceId,
      actorId: null,
      title: `The chat channel ${disabled.name} was turned off`,
      body: `${reason} Check its URL and turn it on again on the workspace's Chat channels page.`,
      link: workspace ? `/app/workspaces/${workspace.publicId}/chat-channels?log=${disabled.publicId}` : null,
      data: { chatChannel: disabled.publicId },
    })),
  );
}
