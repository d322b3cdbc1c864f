import { data, redirect } from "react-router";

import { requireActor, run } from "~/.server/http/respond";
import { setProjectStarred } from "~/.server/projects/projects";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { Route } from "./+types/project-star";

/**
 * Stars or unstars a project for the signed-in user. A plain form sends `redirectTo` and
 * comes back there; a fetcher sends none and gets `{ starred }`.
 */
export async function action({ request, context, params }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const form = await request.formData();
  const starred = form.get("starred");
  if (starred !== "true" && starred !== "false") {
    return data({ error: "starred must be true or false" }, { status: 400 });
  }
  await run(() => setProjectStarred(actor, { projectId: params.projectId, starred: starred === "true" }));
  const back = form.get("redirectTo");
  if (back) return redirect(safeRedirectPath(back, "/app/dashboard"));
  return data({ starred: starred === "true" });
}

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/app/project/${params.projectId}`);
}
