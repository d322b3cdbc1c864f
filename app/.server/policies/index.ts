import type { Role } from "../db/schema";
import { ForbiddenError } from "../errors";

/**
 * Who may do what, in one place. Every loader and action asks here with the member's role
 * in the workspace (null: not a member). Owner and admin manage the workspace, its members
 * and its projects; editors create and edit projects (and later tasks); viewers read.
 */
export const ACTIONS = [
  "workspace.read",
  "workspace.update",
  "workspace.delete",
  "workspace.manage_members",
  "workspace.transfer_ownership",
  "workspace.leave",
  "project.create",
  "project.read",
  "project.update",
  "project.archive",
  "project.delete",
  "project.star",
] as const;
export type Action = (typeof ACTIONS)[number];

const EVERYONE: readonly Role[] = ["owner", "admin", "editor", "viewer"];
const EDITORS: readonly Role[] = ["owner", "admin", "editor"];
const MANAGERS: readonly Role[] = ["owner", "admin"];
const OWNERS: readonly Role[] = ["owner"];

const RULES: Record<Action, readonly Role[]> = {
  "workspace.read": EVERYONE,
  "workspace.update": MANAGERS,
  "workspace.delete": OWNERS,
  "workspace.manage_members": MANAGERS,
  "workspace.transfer_ownership": OWNERS,
  "workspace.leave": EVERYONE,
  "project.create": EDITORS,
  "project.read": EVERYONE,
  "project.update": EDITORS,
  "project.archive": EDITORS,
  "project.delete": MANAGERS,
  // A star is the user's own bookmark, not a change to the project.
  "project.star": EVERYONE,
};

/** What a refusal says, for the 403 page and toasts. */
const REFUSALS: Record<Action, string> = {
  "workspace.read": "You are not a member of this workspace.",
  "workspace.update": "Only workspace owners and admins can change the workspace.",
  "workspace.delete": "Only the workspace owner can delete the workspace.",
  "workspace.manage_members": "Only workspace owners and admins can manage members.",
  "workspace.transfer_ownership": "Only an owner can transfer ownership of the workspace.",
  "workspace.leave": "You are not a member of this workspace.",
  "project.create": "Viewers cannot create projects. Ask a workspace admin for editor access.",
  "project.read": "You are not a member of this project's workspace.",
  "project.update": "Viewers cannot edit projects. Ask a workspace admin for editor access.",
  "project.archive": "Viewers cannot archive projects. Ask a workspace admin for editor access.",
  "project.delete": "Only workspace owners and admins can delete projects.",
  "project.star": "You are not a member of this project's workspace.",
};

export function can(role: Role | null | undefined, action: Action) {
  return Boolean(role && RULES[action].includes(role));
}

/** Throws a ForbiddenError (403) with the rule's message when the role may not act. */
export function authorize(role: Role | null | undefined, action: Action) {
  if (!can(role, action)) throw new ForbiddenError(REFUSALS[action]);
}

/** Everything a role may do, for the UI to hide what it would refuse. */
export function permissionsOf(role: Role | null | undefined) {
  return Object.fromEntries(ACTIONS.map((action) => [action, can(role, action)])) as Record<Action, boolean>;
}
export type Permissions = ReturnType<typeof permissionsOf>;
