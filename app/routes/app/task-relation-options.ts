import { data } from "react-router";

import { requireActor, runForFetcher } from "~/.server/http/respond";
import { MAX_RELATION_QUERY, relationCandidates } from "~/.server/tasks/relations";
import type { RelationOptions } from "~/.server/tasks/views";
import type { Route } from "./+types/task-relation-options";

/**
 * The tasks the "Add relation" field suggests as it is typed in
 * (`…/task/{taskId}/relation-options?q=`): at most 20 of the workspace's, matched by key or
 * title on the server. For members of the task's workspace; anyone else, or a task gone,
 * gets "not found" in words for the field, never the error page (its fetcher would show it).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_RELATION_QUERY);
  const found = await runForFetcher(() => relationCandidates(user.id, { ...params, query: q }));
  if (!found.ok) return data<RelationOptions>({ q, candidates: [], refusal: found.message }, { status: found.status });
  return data<RelationOptions>({ q, candidates: found.value, refusal: null });
}
