import { and, count, desc, eq } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { webhookDeliveries, webhookEndpoints, workspaceMembers, workspaces } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { enqueue } from "../jobs/queue";
import { authorize } from "../policies";
import { workspaceForMember } from "../workspaces/membership";
import { isWebhookEvent, WEBHOOK_DESCRIPTION_MAX } from "~/utils/webhook-events";
import { DELIVER_JOB, testBody } from "./delivery";
import { newMessageId, newWebhookSecret } from "./signing";
import { createWebhookInput, redeliverInput, updateWebhookInput, webhookInput } from "./inputs";
import { shownUrl, targetProblem, urlProblem } from "./targets";

/**
 * A workspace's outgoing webhooks (issue 32): its owners and admins add an endpoint (a URL,
 * the events it wants, a secret shown once), change, rotate, test and delete it, and read
 * its delivery log, from which a delivery can be sent again. Each change is logged as the
 * workspace's activity; no secret is ever in the log.
 */
export const WEBHOOKS_PER_WORKSPACE = 20;
export const DELIVERY_LOG_SIZE = 50;

type SignedIn = Actor & { userId: string };
type Db = Database | Transaction;

export type WebhookInput = { url: string; description?: string; events: string[] };
type WebhookChange = { webhookId: string; url?: string; description?: string; events?: string[]; enabled?: boolean };

/** The events as stored: `*` alone, or known verbs without repeats. */
function eventsOf(events: string[]) {
  const chosen = [...new Set(events.map((event) => event.trim()).filter(Boolean))];
  if (chosen.length === 0) throw new FieldError("events", "Choose at least one event, or all events.");
  if (chosen.includes("*")) return ["*"];
  const unknown = chosen.find((event) => !isWebhookEvent(event));
  if (unknown) throw new FieldError("events", `There is no event called ${unknown.slice(0, 60)}.`);
  return chosen.sort();
}

function descriptionOf(description: string | undefined) {
  const text = (description ?? "").trim();
  if (text.length > WEBHOOK_DESCRIPTION_MAX)
    throw new FieldError("description", `At most ${WEBHOOK_DESCRIPTION_MAX} characters.`);
  return text;
}

/** The URL checked for its form (the command's check: it resolves nothing). */
function wellFormedUrl(raw: string) {
  const url = raw.trim();
  const problem = urlProblem(url);
  if (problem) throw new FieldError("url", problem);
  return url;
}

/**
 * The URL's host resolved and its addresses checked, before the unit of work opens: a slow
 * name server never holds a transaction (PGlite has one connection). Delivery checks again.
 */
async function assertPublicTarget(raw: string) {
  const problem = await targetProblem(raw.trim());
  if (problem) throw new FieldError("url", problem);
}

/** A workspace the actor manages, by public id; anyone else is refused (403) or told it is not found. */
async function managedWorkspace(actor: SignedIn, workspacePublicId: string, tx: Db = db()) {
  const workspace = await workspaceForMember(actor.userId, workspacePublicId, tx);
  authorize(workspace.role, "webhook.manage");
  return workspace;
}

/** An endpoint of a workspace the actor manages. */
async function managedEndpoint(actor: SignedIn, webhookId: string, tx: Db = db()) {
  const [row] = await tx
    .select({ endpoint: webhookEndpoints, role: workspaceMembers.role })
    .from(webhookEndpoints)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, webhookEndpoints.workspaceId), eq(workspaceMembers.userId, actor.userId)),
    )
    .where(eq(webhookEndpoints.publicId, webhookId));
  if (!row?.role) throw new NotFoundError("Webhook");
  authorize(row.role, "webhook.manage");
  return row.endpoint;
}

export const createWebhookCommand = defineCommand({
  name: "webhook.create",
  input: createWebhookInput,
  policy: "webhook.manage",
  async run({ tx, record, principal }, input: WebhookInput & { workspaceId: string }) {
    const actor = asMember(principal);
    const workspace = await managedWorkspace(actor, input.workspaceId, tx);
    const events = eventsOf(input.events);
    const description = descriptionOf(input.description);
    const url = wellFormedUrl(input.url);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.workspaceId, workspace.id));
    if (total >= WEBHOOKS_PER_WORKSPACE)
      throw new FieldError("url", `A workspace can have ${WEBHOOKS_PER_WORKSPACE} webhooks: delete one first.`);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        publicId: newPublicId(),
        workspaceId: workspace.id,
        url,
        description,
        events,
        secret,
        createdBy: actor.userId,
      })
      .returning();
    await record({
      verb: "webhook.created",
      subjectType: "webhook",
      subjectId: row!.publicId,
      workspaceId: workspace.id,
      data: { url: shownUrl(url), events },
    });
    return { id: row!.publicId, url, events, secret };
  },
});

export async function createWebhook(actor: Actor, input: WebhookInput & { workspaceId: string }) {
  // The role first (cheap, and a refusal says why), then the name lookup outside the transaction.
  const principal = principalOf(actor);
  await managedWorkspace(asMember(principal), input.workspaceId);
  eventsOf(input.events);
  descriptionOf(input.description);
  await assertPublicTarget(input.url);
  return execute(createWebhookCommand, principal, input);
}

/** Changes the URL, description or events, or turns it off or on (on again: its failures start from 0). */
export const updateWebhookCommand = defineCommand({
  name: "webhook.update",
  input: updateWebhookInput,
  policy: "webhook.manage",
  async run({ tx, record, principal }, input: WebhookChange) {
    const endpoint = await managedEndpoint(asMember(principal), input.webhookId, tx);
    const url = input.url === undefined ? undefined : wellFormedUrl(input.url);
    const events = input.events === undefined ? undefined : eventsOf(input.events);
    const description = input.description === undefined ? undefined : descriptionOf(input.description);
    const enabling = input.enabled === true && !endpoint.enabled;
    const disabling = input.enabled === false && endpoint.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        ...(url !== undefined ? { url } : {}),
        ...(events !== undefined ? { events } : {}),
        ...(description !== undefined ? { description } : {}),
        ...(enabling ? { enabled: true, consecutiveFailures: 0, disabledAt: null, disabledReason: null } : {}),
        ...(disabling ? { enabled: false, disabledAt: new Date(), disabledReason: "Turned off by a member." } : {}),
      })
      .where(eq(webhookEndpoints.id, endpoint.id))
      .returning();
    const changed = [
      ...(url !== undefined && url !== endpoint.url ? ["url"] : []),
      ...(events !== undefined && events.join() !== endpoint.events.join() ? ["events"] : []),
      ...(description !== undefined && description !== endpoint.description ? ["description"] : []),
    ];
    await record({
      verb: enabling ? "webhook.enabled" : disabling ? "webhook.disabled" : "webhook.updated",
      subjectType: "webhook",
      subjectId: endpoint.publicId,
      workspaceId: endpoint.workspaceId,
      data: { url: shownUrl(row!.url), changed },
    });
    return { id: row!.publicId, enabled: row!.enabled };
  },
});

/** The change, a new URL's addresses checked before the unit of work opens. */
export async function updateWebhook(actor: Actor, input: WebhookChange) {
  const principal = principalOf(actor);
  await managedEndpoint(asMember(principal), input.webhookId);
  if (input.events !== undefined) eventsOf(input.events);
  if (input.description !== undefined) descriptionOf(input.description);
  if (input.url !== undefined) await assertPublicTarget(input.url);
  return execute(updateWebhookCommand, principal, input);
}

export const deleteWebhookCommand = defineCommand({
  name: "webhook.delete",
  input: webhookInput,
  policy: "webhook.manage",
  async run({ tx, record, principal }, input: { webhookId: string }) {
    const actor = asMember(principal);
    const endpoint = await managedEndpoint(actor, input.webhookId, tx);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    await record({
      verb: "webhook.deleted",
      subjectType: "webhook",
      subjectId: endpoint.publicId,
      workspaceId: endpoint.workspaceId,
      data: { url: shownUrl(endpoint.url) },
    });
    return { id: endpoint.publicId };
  },
});

export function deleteWebhook(actor: Actor, input: { webhookId: string }) {
  return execute(deleteWebhookCommand, principalOf(actor), input);
}

/** A new secret at once (the old one signs nothing more); shown once. */
export const rotateWebhookSecretCommand = defineCommand({
  name: "webhook.rotate_secret",
  input: webhookInput,
  policy: "webhook.manage",
  async run({ tx, record, principal }, input: { webhookId: string }) {
    const actor = asMember(principal);
    const endpoint = await managedEndpoint(actor, input.webhookId, tx);
    const secret = newWebhookSecret();
    await tx.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, endpoint.id));
    await record({
      verb: "webhook.secret_rotated",
      subjectType: "webhook",
      subjectId: endpoint.publicId,
      workspaceId: endpoint.workspaceId,
      data: { url: shownUrl(endpoint.url) },
    });
    return { id: endpoint.publicId, secret };
  },
});

export function rotateWebhookSecret(actor: Actor, input: { webhookId: string }) {
  return execute(rotateWebhookSecretCommand, principalOf(actor), input);
}

/** Sends a `webhook.test` message once (also to a turned-off endpoint, to try it before turning it on). */
export const sendTestWebhookCommand = defineCommand({
  name: "webhook.send_test",
  input: webhookInput,
  policy: "webhook.manage",
  async run({ tx, record, principal }, input: { webhookId: string }) {
    const actor = asMember(principal);
    const endpoint = await managedEndpoint(actor, input.webhookId, tx);
    const [workspace] = await tx
      .select({ publicId: workspaces.publicId })
      .from(workspaces)
      .where(eq(workspaces.id, endpoint.workspaceId));
    const messageId = newMessageId();
    await enqueue(tx, [
      {
        kind: DELIVER_JOB,
        payload: {
          endpointId: endpoint.id,
          messageId,
          manual: true,
          body: testBody(endpoint.publicId, workspace?.publicId ?? null, actor.userId),
        },
        maxAttempts: 1,
      },
    ]);
    await record({
      verb: "webhook.tested",
      subjectType: "webhook",
      subjectId: endpoint.publicId,
      workspaceId: endpoint.workspaceId,
      data: { url: shownUrl(endpoint.url), messageId },
    });
    return { messageId };
  },
});

export function sendTestWebhook(actor: Actor, input: { webhookId: string }) {
  return execute(sendTestWebhookCommand, principalOf(actor), input);
}

/** Sends a logged message again, as it was and with its id, once. */
export const redeliverWebhookCommand = defineCommand({
  name: "webhook.redeliver",
  input: redeliverInput,
  policy: "webhook.manage",
  async run({ tx, record, principal }, input: { deliveryId: string }) {
    const actor = asMember(principal);
    const [delivery] = await tx
      .select({ messageId: webhookDeliveries.messageId, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.publicId, input.deliveryId));
    if (!delivery) throw new NotFoundError("Delivery");
    const [owner] = await tx
      .select({ publicId: webhookEndpoints.publicId })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, delivery.endpointId));
    if (!owner) throw new NotFoundError("Delivery");
    const endpoint = await managedEndpoint(actor, owner.publicId, tx);
    await enqueue(tx, [
      {
        kind: DELIVER_JOB,
        payload: { endpointId: endpoint.id, messageId: delivery.messageId, manual: true },
        maxAttempts: 1,
      },
    ]);
    await record({
      verb: "webhook.redelivered",
      subjectType: "webhook",
      subjectId: endpoint.publicId,
      workspaceId: endpoint.workspaceId,
      data: { url: shownUrl(endpoint.url), messageId: delivery.messageId },
    });
    return { messageId: delivery.messageId };
  },
});

export function redeliverWebhook(actor: Actor, input: { deliveryId: string }) {
  return execute(redeliverWebhookCommand, principalOf(actor), input);
}

/** The workspace's webhooks for its managers (never the secret). */
export async function listWebhooks(actor: SignedIn, workspacePublicId: string) {
  const workspace = await managedWorkspace(actor, workspacePublicId);
  const rows = await db()
    .select({
      id: webhookEndpoints.publicId,
      url: webhookEndpoints.url,
      description: webhookEndpoints.description,
      events: webhookEndpoints.events,
      enabled: webhookEndpoints.enabled,
      consecutiveFailures: webhookEndpoints.consecutiveFailures,
      disabledAt: webhookEndpoints.disabledAt,
      disabledReason: webhookEndpoints.disabledReason,
      createdAt: webhookEndpoints.createdAt,
    })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.workspaceId, workspace.id))
    .orderBy(desc(webhookEndpoints.createdAt))
    .limit(WEBHOOKS_PER_WORKSPACE);
  return rows.map((row) => ({
    ...row,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** An endpoint's latest attempts, newest first. */
export async function webhookDeliveryLog(actor: SignedIn, webhookId: string, limit = DELIVERY_LOG_SIZE) {
  const endpoint = await managedEndpoint(actor, webhookId);
  const rows = await db()
    .select({
      id: webhookDeliveries.publicId,
      messageId: webhookDeliveries.messageId,
      verb: webhookDeliveries.verb,
      attempt: webhookDeliveries.attempt,
      statusCode: webhookDeliveries.statusCode,
      error: webhookDeliveries.error,
      durationMs: webhookDeliveries.durationMs,
      responseExcerpt: webhookDeliveries.responseExcerpt,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpoint.id))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}
