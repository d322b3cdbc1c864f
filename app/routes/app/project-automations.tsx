import { rulesPage } from "~/.server/automations/pages";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { viewerTimeZone } from "~/.server/http/viewer";
import { RulesPage } from "~/components/automations/pages";
import type { Route } from "./+types/project-automations";
import { projectAutomationsFallback, projectAutomationsIntents } from "./project-automations-intents.server";

/**
 * A project's automations (issue 34): its rules with their sentence, state and last run, a
 * switch each, and the presets added in one click. Editors and above manage them; viewers
 * read them. Every control works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Automations · ${loaderData.home.name} · Plotline` : "Automations · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return load(() => rulesPage(user.id, { projectId: params.projectId }, viewerTimeZone(request)));
}

export const action = intentAction(projectAutomationsIntents, { fallback: projectAutomationsFallback });

export default function ProjectAutomations({ loaderData }: Route.ComponentProps) {
  return <RulesPage {...loaderData} />;
}
