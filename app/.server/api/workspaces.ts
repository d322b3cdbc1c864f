import { eq } from "drizzle-orm";

import type { TokenPrincipal } from "../api-tokens/tokens";
import { db } from "../db";
import { workspaces } from "../db/schema";
import { found, route, type Context, type Params } from "./context";
import { json } from "./http";

/** The token's workspace: the one a token acts in, so the list holds it alone. */
export const workspaceRoutes = [
  route("GET", "/workspaces", listWorkspaces),
  route("GET", "/workspaces/{workspaceId}", getWorkspace),
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

async function getWorkspace({ principal }: Context, params: Params) {
  found(params[0] === principal.workspacePublicId ? true : null, "Workspace");
  return json(await tokenWorkspace(principal));
}
