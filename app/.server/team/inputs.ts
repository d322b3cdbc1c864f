import { z } from "zod";

import { MEMBER_ROLES } from "~/validation/team";

/**
 * The team commands' inputs, whoever calls: bounds and types only. The forms' friendlier
 * checks are in app/validation/team.ts; which roles may be invited is the rules' to say.
 */
const id = z.string().min(1).max(40);
const userId = z.string().min(1).max(64);
const role = z.enum(MEMBER_ROLES, { error: "Choose a role" });

export const inviteMemberInput = z.object({ workspaceId: id, email: z.string().max(320), role });
export const invitationInput = z.object({ workspaceId: id, invitationId: id });
export const changeRoleInput = z.object({ workspaceId: id, userId, role });
export const memberInput = z.object({ workspaceId: id, userId });
export const leaveWorkspaceInput = z.object({ workspaceId: id });
