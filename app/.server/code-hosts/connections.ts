import { randomBytes } from "node:crypto";

import { and, count, desc, eq, inArray, lt, sql } from "drizzle-orm";
import { z } from "zod";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { codeHostConnections, codeHostDeliveries, profiles, taskLinks, workspaceMembers } from "../db/schema";
import { FieldError, NotFoundError } from "../errors";
import { newPublicId } from "../ids";
import { definePruning } from "../jobs/registry";
import { authorize } from "../policies";
import { workspaceForMember } from "../workspaces/membership";
import { CODE_HOST_LABEL_MAX, CODE_HOSTS, isCodeHost, type CodeHost } from "~/utils/code-hosts";

/**
 * A workspace's inbound code-host connections (issue 33): its owners and admins connect
 * GitHub, GitLab or Gitea/Forgejo (a URL and a secret to paste into the host), give one a new
 * secret, or delete it. Each change is the workspace's activity; the secret is never in it.
 * What a delivery does is receive.ts; how it is checked, inbound.ts.
 */
export const CONNECTIONS_PER_WORKSPACE = 20;
/** The deliveries a connection's page lists, newest first. */
export const RECENT_DELIVERIES = 5;
/** How long a delivery's id is remembered, so that the same delivery sent again acts once. */
export const DELIVERIES_KEPT_DAYS = 30;

type Db = Database | Transaction;
type SignedIn = Actor & { userId: string };

const id = z.string().min(1).max(40);
export const createConnectionInput = z.object({
  workspaceId: id,
  provider: z.string().max(40),
  label: z
    .string()
    .max(CODE_HOST_LABEL_MAX * 10)
    .optional(),
});
export const connectionInput = z.object({ connectionId: id });

/** A secret for the host to sign with (GitHub, Gitea) or send back (GitLab): 256 random bits. */
export function newCodeHostSecret() {
  return randomBytes(32).toString("base64url");
}

function providerOf(value: string): CodeHost {
  if (!isCodeHost(value)) throw new FieldError("provider", `Choose one of: ${CODE_HOSTS.join(", ")}.`);
  return value;
}

function labelOf(label: string | undefined) {
  const text = (label ?? "").trim();
  if (text.length > CODE_HOST_LABEL_MAX) throw new FieldError("label", `At most ${CODE_HOST_LABEL_MAX} characters.`);
  return text;
}

async function managedWorkspace(actor: SignedIn, workspacePublicId: string, tx: Db = db()) {
  const workspace = await workspaceForMember(actor.userId, workspacePublicId, tx);
  authorize(workspace.role, "code_host.manage");
  return workspace;
}

/** A connection of a workspace the actor manages; anyone else is told it is not found (or refused, as a member). */
async function managedConnection(actor: SignedIn, connectionId: string, tx: Db = db()) {
  const [row] = await tx
    .select({ connection: codeHostConnections, role: workspaceMembers.role })
    .from(codeHostConnections)
    .leftJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, codeHostConnections.workspaceId), eq(workspaceMembers.userId, actor.userId)),
    )
    .where(eq(codeHostConnections.publicId, connectionId));
  if (!row?.role) throw new NotFoundError("Connection");
  authorize(row.role, "code_host.manage");
  return row.connection;
}

export const createConnectionCommand = defineCommand({
  name: "code_host.create",
  input: createConnectionInput,
  policy: "code_host.manage",
  async run({ tx, record, principal }, input: z.infer<typeof createConnectionInput>) {
    const actor = asMember(principal);
    const workspace = await managedWorkspace(actor, input.workspaceId, tx);
    const provider = providerOf(input.provider);
    const label = labelOf(input.label);
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(codeHostConnections)
      .where(eq(codeHostConnections.workspaceId, workspace.id));
    if (total >= CONNECTIONS_PER_WORKSPACE) {
      throw new FieldError(
        "provider",
        `A workspace can have ${CONNECTIONS_PER_WORKSPACE} code-host connections: delete one first.`,
      );
    }
    const secret = newCodeHostSecret();
    const [row] = await tx
      .insert(codeHostConnections)
      .values({ publicId: newPublicId(), workspaceId: workspace.id, provider, label, secret, createdBy: actor.userId })
      .returning({ publicId: codeHostConnections.publicId });
    await record({
      verb: "code_host.connected",
      subjectType: "code_host",
      subjectId: row!.publicId,
      workspaceId: workspace.id,
      data: { provider, label },
    });
    return { id: row!.publicId, provider, label, secret };
  },
});

export function createConnection(actor: Actor, input: z.infer<typeof createConnectionInput>) {
  return execute(createConnectionCommand, principalOf(actor), input);
}

/** A new secret at once: deliveries signed with the old one are refused from now on. */
export const rotateConnectionSecretCommand = defineCommand({
  name: "code_host.rotate_secret",
  input: connectionInput,
  policy: "code_host.manage",
  async run({ tx, record, principal }, input: { connectionId: string }) {
    const connection = await managedConnection(asMember(principal), input.connectionId, tx);
    const secret = newCodeHostSecret();
    await tx.update(codeHostConnections).set({ secret }).where(eq(codeHostConnections.id, connection.id));
    await record({
      verb: "code_host.secret_rotated",
      subjectType: "code_host",
      subjectId: connection.publicId,
      workspaceId: connection.workspaceId,
      data: { provider: connection.provider, label: connection.label },
    });
    return { id: connection.publicId, provider: connection.provider, label: connection.label, secret };
  },
});

export function rotateConnectionSecret(actor: Actor, input: { connectionId: string }) {
  return execute(rotateConnectionSecretCommand, principalOf(actor), input);
}

/** Its deliveries are refused from now on (404); the links it made stay on their tasks. */
export const deleteConnectionCommand = defineCommand({
  name: "code_host.delete",
  input: connectionInput,
  policy: "code_host.manage",
  async run({ tx, record, principal }, input: { connectionId: string }) {
    const connection = await managedConnection(asMember(principal), input.connectionId, tx);
    await tx.delete(codeHostConnections).where(eq(codeHostConnections.id, connection.id));
    await record({
      verb: "code_host.deleted",
      subjectType: "code_host",
      subjectId: connection.publicId,
      workspaceId: connection.workspaceId,
      data: { provider: connection.provider, label: connection.label },
    });
    return { id: connection.publicId };
  },
});

export function deleteConnection(actor: Actor, input: { connectionId: string }) {
  return execute(deleteConnectionCommand, principalOf(actor), input);
}

/** The workspace's connections for its managers (never the secret), each with its latest deliveries. */
export async function listConnections(actor: SignedIn, workspacePublicId: string) {
  const workspace = await managedWorkspace(actor, workspacePublicId);
  const rows = await db()
    .select({
      internalId: codeHostConnections.id,
      id: codeHostConnections.publicId,
      provider: codeHostConnections.provider,
      label: codeHostConnections.label,
      createdAt: codeHostConnections.createdAt,
      createdBy: profiles.fullName,
      createdByEmail: profiles.email,
      lastDeliveryAt: codeHostConnections.lastDeliveryAt,
      lastDeliveryResult: codeHostConnections.lastDeliveryResult,
      consecutiveFailures: codeHostConnections.consecutiveFailures,
      failingSince: codeHostConnections.failingSince,
      lastFailureAt: codeHostConnections.lastFailureAt,
      lastFailure: codeHostConnections.lastFailure,
    })
    .from(codeHostConnections)
    .leftJoin(profiles, eq(profiles.id, codeHostConnections.createdBy))
    .where(eq(codeHostConnections.workspaceId, workspace.id))
    .orderBy(desc(codeHostConnections.createdAt))
    .limit(CONNECTIONS_PER_WORKSPACE);
  const recent = await recentDeliveries(rows.map((row) => row.internalId));
  return rows.map(({ internalId, createdBy, createdByEmail, ...row }) => ({
    ...row,
    createdBy: createdBy || createdByEmail || "A former member",
    createdAt: row.createdAt.toISOString(),
    lastDeliveryAt: row.lastDeliveryAt?.toISOString() ?? null,
    failingSince: row.failingSince?.toISOString() ?? null,
    lastFailureAt: row.lastFailureAt?.toISOString() ?? null,
    deliveries: recent.get(internalId) ?? [],
  }));
}

/** Each connection's newest RECENT_DELIVERIES deliveries, in one statement. */
async function recentDeliveries(connectionIds: string[]) {
  const byConnection = new Map<string, { id: string; event: string; result: string; receivedAt: string }[]>();
  if (connectionIds.length === 0) return byConnection;
  const ranked = db()
    .select({
      connectionId: codeHostDeliveries.connectionId,
      deliveryId: codeHostDeliveries.deliveryId,
      event: codeHostDeliveries.event,
      result: codeHostDeliveries.result,
      receivedAt: codeHostDeliveries.receivedAt,
      rank: sql<number>`row_number() over (partition by ${codeHostDeliveries.connectionId} order by ${codeHostDeliveries.receivedAt} desc)`.as(
        "rank",
      ),
    })
    .from(codeHostDeliveries)
    .where(inArray(codeHostDeliveries.connectionId, connectionIds))
    .as("ranked");
  const rows = await db()
    .select()
    .from(ranked)
    .where(sql`${ranked.rank} <= ${RECENT_DELIVERIES}`)
    .orderBy(desc(ranked.receivedAt));
  for (const row of rows) {
    const list = byConnection.get(row.connectionId) ?? [];
    list.push({ id: row.deliveryId, event: row.event, result: row.result, receivedAt: row.receivedAt.toISOString() });
    byConnection.set(row.connectionId, list);
  }
  return byConnection;
}

/** A task's pull requests and commits, newest activity first (at most 50). */
export async function taskCodeLinks(taskId: string) {
  const rows = await db()
    .select({
      id: taskLinks.id,
      provider: taskLinks.provider,
      kind: taskLinks.kind,
      externalId: taskLinks.externalId,
      repository: taskLinks.repository,
      url: taskLinks.url,
      title: taskLinks.title,
      number: taskLinks.number,
      state: taskLinks.state,
      branch: taskLinks.branch,
      updatedAt: taskLinks.updatedAt,
    })
    .from(taskLinks)
    .where(eq(taskLinks.taskId, taskId))
    .orderBy(desc(taskLinks.updatedAt), desc(taskLinks.createdAt))
    .limit(50);
  return rows.map((row) => ({
    id: row.id,
    provider: row.provider,
    kind: row.kind,
    repository: row.repository,
    // Only http(s) links are shown as links: a host's payload is not ours to trust.
    url: /^https?:\/\//i.test(row.url) ? row.url : null,
    title: row.title,
    reference:
      row.kind === "commit"
        ? row.externalId.slice(0, 7)
        : `${row.provider === "gitlab" ? "!" : "#"}${row.number ?? ""}`,
    state: row.state,
    branch: row.branch,
    updatedAt: row.updatedAt.toISOString(),
  }));
}

/** What every process registers at boot (boot/subscribers.ts): the pruning of old delivery ids. */
export function registerCodeHosts() {
  return definePruning("code-host-deliveries", pruneCodeHostDeliveries);
}

/** Forgets deliveries older than DELIVERIES_KEPT_DAYS (the workers' hourly pruning). */
export async function pruneCodeHostDeliveries(now = new Date()) {
  const before = new Date(now.getTime() - DELIVERIES_KEPT_DAYS * 86_400_000);
  await db().delete(codeHostDeliveries).where(lt(codeHostDeliveries.receivedAt, before));
}

/**
 * A delivery refused (a bad signature) or failed: counted on the connection so its page says
 * so (a wrong secret shows there). Nothing else of the workspace changes. Not a command: it
 * is the inbound endpoint's own bookkeeping, like a webhook's delivery log.
 */
export async function noteDeliveryFailure(connectionId: string, reason: string, now = new Date()) {
  await db()
    .update(codeHostConnections)
    .set({
      consecutiveFailures: sql`${codeHostConnections.consecutiveFailures} + 1`,
      failingSince: sql`coalesce(${codeHostConnections.failingSince}, ${now.toISOString()}::timestamptz)`,
      lastFailureAt: now,
      lastFailure: reason,
    })
    .where(eq(codeHostConnections.id, connectionId));
}

/** What the inbound endpoint needs of a connection, by its public id (the secret included). */
export async function connectionForDelivery(publicId: string) {
  const [row] = await db()
    .select({
      id: codeHostConnections.id,
      publicId: codeHostConnections.publicId,
      workspaceId: codeHostConnections.workspaceId,
      provider: codeHostConnections.provider,
      secret: codeHostConnections.secret,
      createdBy: codeHostConnections.createdBy,
    })
    .from(codeHostConnections)
    .where(eq(codeHostConnections.publicId, publicId));
  return row ?? null;
}
