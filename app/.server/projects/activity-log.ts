import { pageParam } from "../http/respond";
import { membersOf } from "../team/queries";
import { projectActivity, type ActivityFilters } from "./queries";
import { ACTIVITY_KINDS, isActivityKind } from "~/utils/activity-kinds";

/**
 * The Activity Log view from its URL (`?actor=<user id>&kind=<kind>&page=<n>`). An actor who
 * is not a member of the project's workspace, or a kind that is not one, is left out of the
 * query and named in `problems`, shown above the log: nothing here can fail the page.
 */
export async function activityLog(projectId: string, workspaceId: string, url: URL) {
  const members = (await membersOf(workspaceId)).map((member) => ({ id: member.userId, name: member.name }));
  const get = (name: string) => (url.searchParams.get(name) ?? "").trim();
  const filters: ActivityFilters = {};
  const problems: string[] = [];

  const actor = get("actor");
  if (members.some((member) => member.id === actor)) filters.actorId = actor;
  else if (actor) problems.push("That person is not a member of this workspace; the filter was left out.");

  const kind = get("kind");
  if (isActivityKind(kind)) filters.kind = kind;
  else if (kind) {
    const kinds = Object.values(ACTIVITY_KINDS).map((entry) => entry.label.toLowerCase());
    problems.push(`"${kind.slice(0, 20)}" is not a kind of activity (${kinds.join(", ")}); the filter was left out.`);
  }

  const page = await projectActivity(projectId, pageParam(url), filters);
  return { ...page, members, problems, actor: filters.actorId ?? "", kind: filters.kind ?? "" };
}
