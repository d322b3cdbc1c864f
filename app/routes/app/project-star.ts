import { redirect } from "react-router";

import { intentAction } from "~/.server/http/intents";
import type { Route } from "./+types/project-star";
import { projectStarFallback, projectStarIntents } from "./project-star-intents.server";

/** Stars or unstars a project for the signed-in user: the `star` intent of project-star-intents.server.ts. */
export const action = intentAction(projectStarIntents, { fallback: projectStarFallback, unnamed: "star" });

export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/app/project/${params.projectId}`);
}
