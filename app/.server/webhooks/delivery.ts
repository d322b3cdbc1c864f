import { and, count, desc, eq, gt, inArray, lt, or, sql } from "drizzle-orm";

import { writeWithActivity } from "../activity/use-case";
import { db } from "../db";
import { activity, projects, webhookDeliveries, webhookEndpoints, workspaceMembers, workspaces } from "../db/schema";
import { planJobs, type DomainEvent } from "../events/bus";
import { EVENT_CATALOG, isVerb } from "../events/catalog";
import { defineJob, definePruning } from "../jobs/registry";
import type { NewJob } from "../jobs/queue";
import { logger } from "../logger";
import { newPublicId } from "../ids";
import { deliverNotifications } from "../notifications/deliver";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";
import { isWebhookEvent, wantsEvent } from "~/utils/webhook-events";
import { messageIdOf, signatureOf } from "./signing";
import { postTo, type PostResult } from "./post";
import { shownUrl } from "./targets";

/**
 * Sending the workspace's events to its webhooks. In the change's own transaction a planner
 * writes one `webhook.deliver` job per enabled endpoint that wants each event (a change
 * nobody listens to writes none); the job POSTs the event, signed, and logs the attempt.
 * 2xx is done; 410 turns the endpoint off at once; anything else fails the job, which the
 * jobs table retries over a day with the same `webhook-id` (a worker killed mid-delivery
 * leaves its lease to run out, and the retry carries the same id too). Twenty failed
 * attempts in a row turn the endpoint off and tell the workspace's owners and admins.
 */
export const DELIVER_JOB = "webhook.deliver";
/** The waits after failed attempts 1…7: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (27.6 h in all). */
export const RETRY_DELAYS_MS = [5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000];
export const DELIVERY_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
export const FAILURES_TO_DISABLE = 20;
/** The delivery log keeps an endpoint's last 500 attempts of the last 30 days. */
export const LOG_KEPT = { days: 30, perEndpoint: 500 };

/** What an endpoint receives: the verb, its version in the event catalogue, when, and its data. */
type Body = { type: string; version: number; timestamp: string; data: Record<string, unknown> };

export function registerWebhooks() {
  const undo = [
    planJobs("webhooks", planDeliveries),
    defineJob(DELIVER_JOB, deliver, {
      retryDelayMs: (attempt) => RETRY_DELAYS_MS[attempt - 1] ?? RETRY_DELAYS_MS[RETRY_DELAYS_MS.length - 1]!,
    }),
    definePruning("webhook-deliveries", pruneDeliveryLog),
  ];
  return () => undo.forEach((unregister) => unregister());
}

/**
 * Deletes attempts older than the log keeps, and an endpoint's beyond its newest 500. A
 * retry that finds its message's first attempt gone rebuilds the body from the activity row.
 */
export async function pruneDeliveryLog(now = new Date()) {
  const before = new Date(now.getTime() - LOG_KEPT.days * 86_400_000);
  const ranked = db()
    .select({
      id: webhookDeliveries.id,
      rank: sql<number>`row_number() over (partition by ${webhookDeliveries.endpointId} order by ${webhookDeliveries.createdAt} desc, ${webhookDeliveries.id})`.as(
        "rank",
      ),
    })
    .from(webhookDeliveries)
    .as("ranked");
  const beyond = db().select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, LOG_KEPT.perEndpoint));
  await db()
    .delete(webhookDeliveries)
    .where(or(lt(webhookDeliveries.createdAt, before), inArray(webhookDeliveries.id, beyond)));
}

/** One job per event and enabled endpoint of its workspace that wants it; one read per transaction. */
async function planDeliveries(tx: Parameters<Parameters<typeof planJobs>[1]>[0], events: DomainEvent[]) {
  const wanted = events.filter((event) => event.workspaceId && isWebhookEvent(event.verb));
  if (wanted.length === 0) return [];
  const workspaceIds = [...new Set(wanted.map((event) => event.workspaceId!))];
  const endpoints = await tx
    .select({ id: webhookEndpoints.id, workspaceId: webhookEndpoints.workspaceId, events: webhookEndpoints.events })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.workspaceId, workspaceIds), eq(webhookEndpoints.enabled, true)));
  const jobs: NewJob[] = [];
  for (const event of wanted) {
    for (const endpoint of endpoints) {
      if (endpoint.workspaceId !== event.workspaceId || !wantsEvent(endpoint.events, event.verb)) continue;
      jobs.push({
        kind: DELIVER_JOB,
        payload: {
          endpointId: endpoint.id,
          sequence: event.sequence,
          messageId: messageIdOf(endpoint.id, event.sequence),
        },
        maxAttempts: DELIVERY_ATTEMPTS,
      });
    }
  }
  return jobs;
}

/** The body of Send test. */
export function testBody(webhookId: string, workspacePublicId: string | null, actorId: string): Body {
  return {
    type: "webhook.test",
    version: 1,
    timestamp: new Date().toISOString(),
    data: {
      id: webhookId,
      workspace: workspacePublicId,
      project: null,
      actor: actorId,
      message: "A test from Plotline.",
    },
  };
}

async function deliver(payload: Record<string, unknown>) {
  const endpointId = String(payload.endpointId);
  const messageId = String(payload.messageId);
  const manual = payload.manual === true;
  const [endpoint] = await db().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpointId));
  // Deleted, or turned off since: nothing to send (Send test and Redeliver go to a turned-off one too).
  if (!endpoint || (!endpoint.enabled && !manual)) return;
  const body = await bodyOf(endpointId, messageId, payload);
  if (!body) return;
  const [{ previous } = { previous: 0 }] = await db()
    .select({ previous: count() })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.messageId, messageId)));
  const result = await post(endpoint.url, endpoint.secret, messageId, body);
  await db()
    .insert(webhookDeliveries)
    .values({
      publicId: newPublicId(),
      endpointId,
      messageId,
      verb: body.type,
      payload: body,
      attempt: previous + 1,
      statusCode: result.status,
      error: result.error,
      durationMs: result.durationMs,
      responseExcerpt: result.excerpt,
    });
  const ok = result.status !== null && result.status >= 200 && result.status < 300;
  if (ok) {
    if (endpoint.consecutiveFailures > 0 && !manual)
      await db().update(webhookEndpoints).set({ consecutiveFailures: 0 }).where(eq(webhookEndpoints.id, endpointId));
    return;
  }
  if (result.status === 410) {
    await disable(endpointId, "The receiver answered 410 Gone: it wants no more deliveries.");
    return;
  }
  // A manual send is tried once and counts for nothing: its result is in the log.
  if (manual) return;
  const [counted] = await db()
    .update(webhookEndpoints)
    .set({ consecutiveFailures: sql`${webhookEndpoints.consecutiveFailures} + 1` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failures: webhookEndpoints.consecutiveFailures });
  if ((counted?.failures ?? 0) >= FAILURES_TO_DISABLE) {
    await disable(endpointId, `${FAILURES_TO_DISABLE} deliveries in a row failed.`);
    return;
  }
  logger.warn({ webhook: endpoint.publicId, message: messageId, status: result.status }, "webhook delivery failed");
  throw new Error(`Webhook delivery failed: ${result.error ?? `HTTP ${result.status}`}`);
}

/**
 * What a message says: as it was first sent (every retry and redelivery sends the same
 * body), else the test's, else built from the event's activity row.
 */
async function bodyOf(endpointId: string, messageId: string, payload: Record<string, unknown>): Promise<Body | null> {
  const [sent] = await db()
    .select({ payload: webhookDeliveries.payload })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.messageId, messageId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(1);
  if (sent) return sent.payload as Body;
  if (payload.body && typeof payload.body === "object") return payload.body as Body;
  const sequence = Number(payload.sequence);
  if (!Number.isSafeInteger(sequence)) return null;
  const [row] = await db()
    .select({
      verb: activity.verb,
      subjectId: activity.subjectId,
      actorId: activity.actorId,
      data: activity.data,
      createdAt: activity.createdAt,
      project: projects.publicId,
      workspace: workspaces.publicId,
    })
    .from(activity)
    .leftJoin(projects, eq(projects.id, activity.projectId))
    .leftJoin(workspaces, eq(workspaces.id, activity.workspaceId))
    .where(eq(activity.sequence, sequence));
  if (!row) return null;
  return {
    type: row.verb,
    version: isVerb(row.verb) ? EVENT_CATALOG[row.verb].version : 1,
    timestamp: row.createdAt.toISOString(),
    data: { ...row.data, id: row.subjectId, workspace: row.workspace, project: row.project, actor: row.actorId },
  };
}

/** One signed POST (Standard Webhooks headers) of the body (post.ts checks and pins the target). */
function post(url: string, secret: string, messageId: string, body: Body): Promise<PostResult> {
  const text = bodyText(body);
  const timestamp = Math.floor(Date.now() / 1000);
  return postTo(url, {
    headers: {
      "content-type": "application/json",
      "user-agent": "Plotline-Webhooks/1.0",
      "webhook-id": messageId,
      "webhook-timestamp": String(timestamp),
      "webhook-signature": signatureOf(secret, messageId, timestamp, text),
    },
    body: text,
  });
}

/**
 * The body's text: `type`, `timestamp`, `data`, with the data's keys sorted, so the message
 * kept in the log (jsonb keeps no key order) reads back to the same bytes when sent again.
 */
export function bodyText(body: Body) {
  return JSON.stringify({ type: body.type, version: body.version, timestamp: body.timestamp, data: sorted(body.data) });
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === "object")
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** Turns the endpoint off (once) with a reason, logs it, and tells the workspace's owners and admins. */
async function disable(endpointId: string, reason: string) {
  const disabled = await writeWithActivity({ userId: null, ip: null }, async (tx, record) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledAt: new Date(), disabledReason: reason })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!row) return null;
    await record({
      verb: "webhook.disabled",
      subjectType: "webhook",
      subjectId: row.publicId,
      workspaceId: row.workspaceId,
      data: { url: shownUrl(row.url), reason },
    });
    return row;
  });
  if (!disabled) return;
  logger.warn({ webhook: disabled.publicId }, "webhook turned off");
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
      kind: NOTIFICATION_KINDS.webhookDisabled,
      workspaceId: disabled.workspaceId,
      actorId: null,
      title: "A webhook was turned off",
      body: `${shownUrl(disabled.url)}: ${reason} Turn it on again on the workspace's Webhooks page once the receiver works.`,
      link: workspace ? `/app/workspaces/${workspace.publicId}/webhooks` : null,
      data: { webhook: disabled.publicId },
    })),
  );
}
