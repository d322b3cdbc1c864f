import { data } from "react-router";

import { requireActor, runForFetcher } from "~/.server/http/respond";
import { MAX_PARENT_QUERY, parentCandidates } from "~/.server/tasks/parent";
import type { ParentOptions } from "~/components/tasks/fields/options";
import type { Route } from "./+types/task-parent-options";

/**
 * The tasks the parent popover offers (`…/task/{taskId}/parent-options?q=`): at most 20 of
 * the project's, matched by key or title on the server, so a project of 10,000 tasks never
 * sends them all. For members of the task's workspace; anyone else, or a task gone, gets
 * "not found" with words for the popover, never the error page (the popover's fetcher
 * would put it in place of the task).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_PARENT_QUERY);
  const found = await runForFetcher(() => parentCandidates(user.id, { ...params, query: q }));
  if (!found.ok) {
    return data<ParentOptions>({ q, candidates: [], refusal: found.message }, { status: found.status });
  }
  return data<ParentOptions>({ q, ...found.value });
}
