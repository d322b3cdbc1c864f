import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import type { Role } from "../db/schema";
import { NotFoundError } from "../errors";
import { authorize, can } from "../policies";
import { projectForMember } from "../projects/access";
import { workspaceForMember } from "../workspaces/membership";

/**
 * Where a rule lives: a project (its editors manage it, it names the project's statuses) or a
 * whole workspace (its owners and admins manage it; it applies to every project and names
 * statuses by category: not started, in progress, done). Every page and command finds the
 * home from the URL's ids and the member, so a rule never reaches outside it.
 */
export type RuleHomeRef = { projectId?: string; workspaceId?: string };

export type RuleHome = {
  kind: "project" | "workspace";
  /** Internal ids: the workspace always, the project for a project's rule. */
  workspaceId: string;
  projectId: string | null;
  /** The public id of the project or workspace, for links. */
  publicId: string;
  name: string;
  role: Role;
  /** Whether the member may change its rules (editors for a project, managers for a workspace). */
  canManage: boolean;
  /** The Automations page of the home. */
  path: string;
};

type Db = Database | Transaction;

/** Statuses a workspace's rule names, by category. */
export const STATUS_CATEGORIES = [
  { id: "not_started", name: "Not started", category: "not_started" },
  { id: "active", name: "In progress", category: "active" },
  { id: "done", name: "Done", category: "done" },
] as const;

export function isCategory(value: string | undefined) {
  return STATUS_CATEGORIES.some((category) => category.id === value);
}

/** The home for a member (404 if not theirs), refused unless they may manage its rules when `manage`. */
export async function homeFor(userId: string, ref: RuleHomeRef, options: { manage: boolean; tx?: Db }) {
  const tx = options.tx ?? db();
  if (ref.projectId) {
    const access = await projectForMember(userId, ref.projectId, tx);
    if (options.manage) authorize(access.role, "automation.manage", access.project);
    return {
      kind: "project",
      workspaceId: access.project.workspaceId,
      projectId: access.project.id,
      publicId: access.project.publicId,
      name: access.project.name,
      role: access.role,
      canManage: can(access.role, "automation.manage", access.project),
      path: `/app/project/${access.project.publicId}/automations`,
    } satisfies RuleHome as RuleHome;
  }
  if (!ref.workspaceId) throw new NotFoundError("Workspace");
  const workspace = await workspaceForMember(userId, ref.workspaceId, tx);
  if (options.manage) authorize(workspace.role, "automation.manage_workspace");
  return {
    kind: "workspace",
    workspaceId: workspace.id,
    projectId: null,
    publicId: workspace.publicId,
    name: workspace.name,
    role: workspace.role,
    canManage: can(workspace.role, "automation.manage_workspace"),
    path: `/app/workspaces/${workspace.publicId}/automations`,
  } satisfies RuleHome as RuleHome;
}
