import { parseWithZod } from "@conform-to/zod/v4";
import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { data, Link } from "react-router";

import { createEvent } from "~/.server/calendar/events";
import { afterSave, eventFieldsOf, replyWith, viewerTimeZone } from "~/.server/calendar/http";
import { eventFormOptions } from "~/.server/calendar/team-calendar";
import { requireActor, run } from "~/.server/http/respond";
import { redirectWithToast } from "~/.server/toast";
import { PageFormActions } from "~/components/forms/fields";
import { EventForm } from "~/components/team-calendar/event-form";
import { WorkspacePicker } from "~/components/team-calendar/workspace-picker";
import { monthHref } from "~/utils/team-calendar-urls";
import { newEventDefaults } from "~/components/team-calendar/defaults";
import { dayName, isCalendarDay } from "~/utils/calendar-month";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { todayIn } from "~/utils/time-zones";
import { createEventSchema } from "~/validation/team-calendar";
import type { Route } from "./+types/team-calendar-new";

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

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: createEventSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { workspaceId, ...fields } = submission.value;
  const result = await run(() =>
    createEvent(actor, { workspaceId, ...eventFieldsOf(fields, viewerTimeZone(request)) }),
  );
  if (!result.ok) return data({ lastResult: replyWith(submission, result) }, { status: 400 });
  return redirectWithToast(
    afterSave(formData.get("redirectTo"), fields.startDate),
    {
      title: "Event added",
      description: `${result.value.title} on ${dayName(fields.startDate)}.`,
      variant: "success",
    },
    request,
  );
}

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
            lastResult={actionData?.lastResult}
            redirectTo={redirectTo || undefined}
            actions={<PageFormActions cancelTo={back} label="Add Event" pendingLabel="Adding..." />}
          />
        </Paper>
      )}
    </Box>
  );
}
