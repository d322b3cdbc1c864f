import { rulesPage } from "~/.server/automations/pages";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { viewerTimeZone } from "~/.server/http/viewer";
import { RulesPage } from "~/components/automations/pages";
import type { Route } from "./+types/workspace-automations";
import { workspaceAutomationsFallback, workspaceAutomationsIntents } from "./workspace-automations-intents.server";

/**
 * A workspace's automations (issue 34): rules for every project of it, by status category,
 * each with its sentence, state, last run and switch. Owners and admins manage them; members
 * read them. Every control works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Automations · ${loaderData.home.name} · Plotline` : "Automations · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return load(() => rulesPage(user.id, { workspaceId: params.workspaceId }, viewerTimeZone(request)));
}

export const action = intentAction(workspaceAutomationsIntents, { fallback: workspaceAutomationsFallback });

export default function WorkspaceAutomations({ loaderData }: Route.ComponentProps) {
  return <RulesPage {...loaderData} />;
}
