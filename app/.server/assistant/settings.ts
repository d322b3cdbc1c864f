import { eq } from "drizzle-orm";
import { z } from "zod";

import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { workspaces } from "../db/schema";
import { env } from "../env";
import { can, authorize } from "../policies";
import { workspaceForMember } from "../workspaces/membership";
import { listWorkspaces } from "../workspaces/workspaces";
import type { SignedIn } from "./types";

/**
 * Settings → Integrations → AI: which engine answers, and the per-workspace switch that
 * owners and admins turn (members see where it is off).
 */

export type EngineInfo =
  { id: "built-in"; label: string; detail: string } | { id: "model"; label: string; detail: string; host: string };

/** The engine this server answers with; the model's key is never shown. */
export function engineInfo(): EngineInfo {
  const ai = env().ai;
  if (!ai) {
    return {
      id: "built-in",
      label: "Built-in assistant",
      detail:
        "Answers from your workspace's data without a model. Set AI_BASE_URL, AI_MODEL and AI_API_KEY to connect any OpenAI-compatible model.",
    };
  }
  const host = new URL(ai.baseUrl).host;
  return {
    id: "model",
    label: ai.model,
    detail: `An OpenAI-compatible model at ${host}, with tools over your workspace's data.`,
    host,
  };
}

/** The user's workspaces with their assistant switch and whether the user may turn it. */
export async function assistantWorkspaces(userId: string) {
  return (await listWorkspaces(userId)).map(({ id, name, aiEnabled, role }) => ({
    id,
    name,
    enabled: aiEnabled,
    canManage: can(role, "assistant.manage"),
  }));
}
export type AssistantWorkspace = Awaited<ReturnType<typeof assistantWorkspaces>>[number];

/** Turns the assistant on or off for a workspace's members (owners and admins). */
export const setWorkspaceAssistantCommand = defineCommand({
  name: "workspace.set_assistant",
  input: z.object({ workspaceId: z.string().min(1).max(40), enabled: z.boolean() }),
  policy: "assistant.manage",
  async run({ tx, record, principal }, input: { workspaceId: string; enabled: boolean }) {
    const actor = asMember(principal);
    const workspace = await workspaceForMember(actor.userId, input.workspaceId, tx);
    authorize(workspace.role, "assistant.manage");
    const [current] = await tx
      .select({ enabled: workspaces.aiEnabled })
      .from(workspaces)
      .where(eq(workspaces.id, workspace.id));
    if (current?.enabled === input.enabled) return { changed: false };
    await tx
      .update(workspaces)
      .set({ aiEnabled: input.enabled, updatedAt: new Date() })
      .where(eq(workspaces.id, workspace.id));
    await record({
      verb: "workspace.assistant_changed",
      subjectType: "workspace",
      subjectId: workspace.publicId,
      workspaceId: workspace.id,
      data: { name: workspace.name, enabled: input.enabled },
    });
    return { changed: true };
  },
});

export function setWorkspaceAssistant(actor: SignedIn, input: { workspaceId: string; enabled: boolean }) {
  return execute(setWorkspaceAssistantCommand, principalOf(actor), input);
}
