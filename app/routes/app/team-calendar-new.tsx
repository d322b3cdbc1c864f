import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { eventFormOptions } from "~/.server/calendar/team-calendar";
import { viewerTimeZone } from "~/.server/calendar/http";
import { intentAction } from "~/.server/http/intents";
import { requireActor } from "~/.server/http/respond";
import { PageFormActions } from "~/components/forms/fields";
import { EventForm } from "~/components/team-calendar/event-form";
import { WorkspacePicker } from "~/components/team-calendar/workspace-picker";
import { monthHref } from "~/utils/team-calendar-urls";
import { newEventDefaults } from "~/components/team-calendar/defaults";
import { isCalendarDay } from "~/utils/calendar-month";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { todayIn } from "~/utils/time-zones";
import type { Route } from "./+types/team-calendar-new";
import { teamCalendarNewFallback, teamCalendarNewIntents } from "./team-calendar-new-intents.server";

/**
 * Add Event as a page (`/app/calendar/new?date=&workspace=`): what the calendar's Add Event
 * button opens without JavaScript, and where the dialog's form posts and loads its choices
 * from. On success: back to the calendar (or the day) it came from, with a toast.
 */
export const meta: Route.MetaFunction = () => [{ title: "Add Event · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const url = new URL(request.url);
  const timeZone = viewerTimeZone(request);
  const date = url.searchParams.get("date") ?? "";
  const options = await eventFormOptions(user.id, url.searchParams.get("workspace"));
  return {
    date: isCalendarDay(date) ? date : todayIn(timeZone),
    timeZone,
    options,
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), ""),
  };
}

/** Its form is the `create-event` intent of team-calendar-new-intents.server.ts. */
export const action = intentAction(teamCalendarNewIntents, {
  fallback: teamCalendarNewFallback,
  unnamed: "create-event",
});

export default function NewEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { options, date, timeZone, redirectTo } = loaderData;
  const back = redirectTo || monthHref(date.slice(0, 7));
  return (
    <Box sx={{ maxWidth: 680, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Add Event
      </Typography>
      {options.workspace === null ? (
        <Typography>
          You can only view the calendars of the workspaces you are in. Ask a workspace admin for editor access.{" "}
          <Link to={back}>Back to the calendar</Link>
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <WorkspacePicker
            action="/app/calendar/new"
            workspaces={options.workspaces}
            workspace={options.workspace}
            date={date}
          />
          <EventForm
            mode="create"
            action="/app/calendar/new"
            defaults={newEventDefaults(date, timeZone)}
            options={options}
            lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
            redirectTo={redirectTo || undefined}
            actions={<PageFormActions cancelTo={back} label="Add Event" pendingLabel="Adding..." />}
          />
        </Paper>
      )}
    </Box>
  );
}
