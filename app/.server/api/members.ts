import type { TokenPrincipal } from "../api-tokens/tokens";
import { changeMemberRole, removeMember } from "../team/members";
import { membersOf } from "../team/queries";
import { found, route, type Context, type Params } from "./context";
import { json, jsonBody } from "./http";
import { updateMemberSchema } from "./schemas";

/**
 * The workspace's members, through the Team page's use cases: owners and admins change roles
 * and remove members (inviting needs e-mail and stays on the page).
 */
export const memberRoutes = [
  route("GET", "/members", listMembers),
  route("PATCH", "/members/{userId}", patchMember),
  route("DELETE", "/members/{userId}", removeMemberById),
];

async function members(principal: TokenPrincipal) {
  const rows = await membersOf(principal.workspaceId);
  return rows.map((member) => ({
    id: member.userId,
    name: member.name,
    email: member.email,
    role: member.role,
    joinedAt: member.joinedAt,
  }));
}

async function memberOf(principal: TokenPrincipal, userId: string) {
  return found(
    (await members(principal)).find((member) => member.id === userId),
    "Member",
  );
}

async function listMembers({ principal }: Context) {
  return json({ items: await members(principal) });
}

async function patchMember({ principal, actor, request }: Context, params: Params) {
  const member = await memberOf(principal, params[0]!);
  const { role } = updateMemberSchema.parse(await jsonBody(request));
  await changeMemberRole(actor, { workspaceId: principal.workspacePublicId, userId: member.id, role });
  return json(await memberOf(principal, member.id));
}

async function removeMemberById({ principal, actor }: Context, params: Params) {
  const member = await memberOf(principal, params[0]!);
  await removeMember(actor, { workspaceId: principal.workspacePublicId, userId: member.id });
  return json(null, 204);
}
