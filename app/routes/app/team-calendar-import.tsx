import { importWorkspaces } from "~/.server/calendar/import";
import { intentAction } from "~/.server/http/intents";
import { requireActor } from "~/.server/http/respond";
import { ImportCalendar, type ImportAnswer } from "~/components/team-calendar/import";
import type { Route } from "./+types/team-calendar-import";
import { teamCalendarImportFallback, teamCalendarImportIntents } from "./team-calendar-import-intents.server";

/**
 * Import an .ics file into a workspace's team calendar (`/app/calendar/import?workspace=`):
 * upload, then a preview of the events it would create and of what it could not take, then
 * Create. Plain multipart forms, so all of it works without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: "Import events · Calendar · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const workspaces = await importWorkspaces(user.id);
  const asked = new URL(request.url).searchParams.get("workspace");
  return { workspaces, workspace: workspaces.find((row) => row.id === asked)?.id ?? workspaces[0]?.id ?? null };
}

export const action = intentAction(teamCalendarImportIntents, { fallback: teamCalendarImportFallback });

export default function ImportEvents({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ImportCalendar workspaces={loaderData.workspaces} workspace={loaderData.workspace} answer={answerOf(actionData)} />
  );
}

/** The preview, or a refusal with its field: what the page shows (a fetcher's shapes are not this page's). */
function answerOf(actionData: Route.ComponentProps["actionData"]): ImportAnswer | undefined {
  if (!actionData || !("intent" in actionData)) return undefined;
  if ("preview" in actionData) return actionData;
  if ("error" in actionData && typeof actionData.error === "object") return actionData as ImportAnswer;
  return undefined;
}
