import { projectSummary } from "../../data";
import type { AssistantScope } from "../../types";

/**
 * The model names things as people do ("WEB", "Website", "Ann"); these find what it means
 * within the asking member's workspace, or say why not in words it can act on.
 */
export type Resolved<T> = { ok: true; value: T } | { ok: false; error: string };

export type ProjectRef = { id: string; name: string; key: string };
export type MemberRef = { id: string; name: string };

const NAMES_SHOWN = 20;

/** A project by key, name or public id; none named means the page's project, if any. */
export async function resolveProject(scope: AssistantScope, ref: string | undefined): Promise<Resolved<ProjectRef>> {
  const current = scope.project;
  if (!ref) {
    return current
      ? { ok: true, value: { id: current.publicId, name: current.name, key: current.key } }
      : { ok: false, error: "name the project (its key or name): the user is not on a project page" };
  }
  if (current && matchesProject(current.publicId, current.key, current.name, ref)) {
    return { ok: true, value: { id: current.publicId, name: current.name, key: current.key } };
  }
  // The workspace's projects, whatever page the member is on.
  const figures = await projectSummary({ ...scope, project: null });
  const projects = figures?.projects ?? [];
  const found = projects.find((project) => matchesProject(project.id, project.key, project.name, ref));
  if (found) return { ok: true, value: { id: found.id, name: found.name, key: found.key } };
  const known = projects.slice(0, NAMES_SHOWN).map((project) => `${project.key} (${project.name})`);
  return { ok: false, error: `no project "${ref}" in this workspace; its projects: ${known.join(", ") || "none"}` };
}

function matchesProject(id: string, key: string, name: string, ref: string) {
  const wanted = ref.trim().toLowerCase();
  return id === ref.trim() || key.toLowerCase() === wanted || name.toLowerCase() === wanted;
}

/**
 * A member by user id, "me", full name or a part of it that only one member's name holds
 * (case-insensitive), so "Ann" finds "Ann Lee" unless there is also an "Anna". The caller
 * reads the members once (data.workspaceMembers) for all the names of a call.
 */
export function resolveMember(scope: AssistantScope, ref: string, members: MemberRef[]): Resolved<MemberRef> {
  const wanted = ref.trim().toLowerCase();
  const exact = members.find(
    (member) =>
      member.id === ref.trim() ||
      member.name.toLowerCase() === wanted ||
      (wanted === "me" && member.id === scope.actor.userId),
  );
  if (exact) return { ok: true, value: { id: exact.id, name: exact.name } };
  const partial = members.filter((member) => member.name.toLowerCase().includes(wanted));
  if (partial.length === 1 && partial[0]) return { ok: true, value: { id: partial[0].id, name: partial[0].name } };
  const names = (partial.length > 1 ? partial : members).slice(0, NAMES_SHOWN).map((member) => member.name);
  const problem = partial.length > 1 ? `"${ref}" could be several members` : `no member "${ref}" in this workspace`;
  return { ok: false, error: `${problem}; members: ${names.join(", ")}` };
}
