import { rulePage } from "~/.server/automations/pages";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { viewerTimeZone } from "~/.server/http/viewer";
import { RulePage } from "~/components/automations/pages";
import type { RuleAnswer } from "~/utils/automation-builder";
import type { Route } from "./+types/workspace-automation";
import { workspaceAutomationFallback, workspaceAutomationIntents } from "./workspace-automation-intents.server";

/**
 * One rule of a workspace (`…/automations/new` for a new one): the builder, "Test against a
 * task", and its run log (the newest 50, older ones a page at a time). Turn off/on, duplicate
 * and delete sit beside it. Members who are not owners or admins see it read-only.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.rule?.name ?? "New rule"} · Automations · Plotline` : "Automations · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const before = new URL(request.url).searchParams.get("before");
  return load(() =>
    rulePage(user.id, { workspaceId: params.workspaceId }, params.ruleId, viewerTimeZone(request), before),
  );
}

export const action = intentAction(workspaceAutomationIntents, { fallback: workspaceAutomationFallback });

export default function WorkspaceAutomation({ loaderData, actionData }: Route.ComponentProps) {
  return <RulePage {...loaderData} answer={actionData as RuleAnswer | undefined} />;
}
