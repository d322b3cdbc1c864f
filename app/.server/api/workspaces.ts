import { eq } from "drizzle-orm";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { db } from "../db";
import { workspaces } from "../db/schema";
import { renameWorkspace } from "../workspaces/workspaces";
import { assertUnchanged, found, route, versioned, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { updateWorkspaceSchema } from "./schemas";

/** The token's workspace: the one a token acts in, so the list holds it alone. */
export const workspaceRoutes = [
  route("GET", "/workspaces", listWorkspaces),
  route("GET", "/workspaces/{workspaceId}", getWorkspace),
  route("PATCH", "/workspaces/{workspaceId}", patchWorkspace),
];

async function tokenWorkspace(principal: TokenPrincipal) {
  const [row] = await db()
    .select({
      id: workspaces.publicId,
      name: workspaces.name,
      personal: workspaces.personal,
      createdAt: workspaces.createdAt,
    })
    .from(workspaces)
    .where(eq(workspaces.id, principal.workspaceId));
  const workspace = found(row, "Workspace");
  return { ...workspace, role: principal.role, createdAt: workspace.createdAt.toISOString() };
}

async function listWorkspaces({ principal }: Context) {
  return json({ items: [await tokenWorkspace(principal)] });
}

/** Another workspace's id, even one of the member's, is not found: a token acts in one. */
function assertTokenWorkspace(principal: TokenPrincipal, publicId: string) {
  found(publicId === principal.workspacePublicId ? true : null, "Workspace");
}

async function getWorkspace({ principal, request }: Context, params: Params) {
  assertTokenWorkspace(principal, params[0]!);
  return versioned(request, await tokenWorkspace(principal));
}

/** Renames it (owners and admins). */
async function patchWorkspace({ principal, actor, request }: Context, params: Params) {
  assertTokenWorkspace(principal, params[0]!);
  assertUnchanged(request, await tokenWorkspace(principal), "workspace");
  const { name } = updateWorkspaceSchema.parse(await jsonBody(request));
  await renameWorkspace(actor, { workspaceId: principal.workspacePublicId, name });
  return versioned(request, await tokenWorkspace(principal));
}
