import { desc, eq, inArray } from "drizzle-orm";

import { db } from "../db";
import { chatChannels, codeHostConnections, webhookEndpoints, workspaceMembers, workspaces } from "../db/schema";
import { can } from "../policies";

/**
 * Settings → Integrations at a glance: for each workspace the member manages, the state of
 * each integration (not set up, working, failing since…, turned off), so a failure is seen
 * where people look for it and never silent. Members who manage no workspace see none.
 */
export type IntegrationState =
  | { state: "none" }
  | { state: "ok"; total: number }
  | { state: "failing"; total: number; name: string; since: string | null; error: string | null }
  | { state: "off"; total: number; name: string; reason: string | null };

export type WorkspaceIntegrations = {
  id: string;
  name: string;
  chat: IntegrationState;
  codeHosts: IntegrationState;
  webhooks: IntegrationState;
};

const HOST_NAMES: Record<string, string> = { github: "GitHub", gitlab: "GitLab", gitea: "Gitea/Forgejo" };

export async function integrationOverview(userId: string): Promise<WorkspaceIntegrations[]> {
  const managed = (
    await db()
      .select({ id: workspaces.id, publicId: workspaces.publicId, name: workspaces.name, role: workspaceMembers.role })
      .from(workspaceMembers)
      .innerJoin(workspaces, eq(workspaces.id, workspaceMembers.workspaceId))
      .where(eq(workspaceMembers.userId, userId))
      .orderBy(workspaces.name)
  ).filter((workspace) => can(workspace.role, "chat_channel.manage"));
  if (managed.length === 0) return [];
  const ids = managed.map((workspace) => workspace.id);
  const [channels, hooks, hosts] = await Promise.all([
    db()
      .select({
        workspaceId: chatChannels.workspaceId,
        name: chatChannels.name,
        enabled: chatChannels.enabled,
        failingSince: chatChannels.failingSince,
        lastError: chatChannels.lastError,
        disabledReason: chatChannels.disabledReason,
      })
      .from(chatChannels)
      .where(inArray(chatChannels.workspaceId, ids))
      .orderBy(desc(chatChannels.createdAt)),
    db()
      .select({
        workspaceId: webhookEndpoints.workspaceId,
        url: webhookEndpoints.url,
        enabled: webhookEndpoints.enabled,
        failures: webhookEndpoints.consecutiveFailures,
        disabledReason: webhookEndpoints.disabledReason,
      })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.workspaceId, ids))
      .orderBy(desc(webhookEndpoints.createdAt)),
    db()
      .select({
        workspaceId: codeHostConnections.workspaceId,
        provider: codeHostConnections.provider,
        label: codeHostConnections.label,
        failingSince: codeHostConnections.failingSince,
        lastFailure: codeHostConnections.lastFailure,
      })
      .from(codeHostConnections)
      .where(inArray(codeHostConnections.workspaceId, ids))
      .orderBy(desc(codeHostConnections.createdAt)),
  ]);
  return managed.map((workspace) => ({
    id: workspace.publicId,
    name: workspace.name,
    chat: stateOf(
      channels
        .filter((channel) => channel.workspaceId === workspace.id)
        .map((channel) => ({
          name: channel.name,
          enabled: channel.enabled,
          failing: channel.failingSince !== null,
          since: channel.failingSince?.toISOString() ?? null,
          error: channel.lastError,
          reason: channel.disabledReason,
        })),
    ),
    codeHosts: stateOf(
      hosts
        .filter((host) => host.workspaceId === workspace.id)
        .map((host) => ({
          name: `${HOST_NAMES[host.provider] ?? host.provider}${host.label ? ` (${host.label})` : ""}`,
          enabled: true,
          failing: host.failingSince !== null,
          since: host.failingSince?.toISOString() ?? null,
          error: host.lastFailure,
          reason: null,
        })),
    ),
    webhooks: stateOf(
      hooks
        .filter((hook) => hook.workspaceId === workspace.id)
        .map((hook) => ({
          name: new URL(hook.url).host,
          enabled: hook.enabled,
          failing: hook.failures > 0,
          since: null,
          error: hook.failures > 0 ? `${hook.failures} failed deliveries in a row` : null,
          reason: hook.disabledReason,
        })),
    ),
  }));
}

type Item = {
  name: string;
  enabled: boolean;
  failing: boolean;
  since: string | null;
  error: string | null;
  reason: string | null;
};

/** The worst news first: one turned off by a failure, then one failing, else all working. */
function stateOf(items: Item[]): IntegrationState {
  if (items.length === 0) return { state: "none" };
  const off = items.find((item) => !item.enabled && item.reason && item.reason !== "Turned off by a member.");
  if (off) return { state: "off", total: items.length, name: off.name, reason: off.reason };
  const failing = items.find((item) => item.enabled && item.failing);
  if (failing)
    return { state: "failing", total: items.length, name: failing.name, since: failing.since, error: failing.error };
  return { state: "ok", total: items.length };
}
