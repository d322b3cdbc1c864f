import { viewerTimeZone } from "~/.server/calendar/http";
import { teamCalendarMonth } from "~/.server/calendar/team-calendar";
import { requireActor } from "~/.server/http/respond";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { useAddEventDialog } from "~/components/team-calendar/add-event-dialog";
import { TeamCalendarGrid } from "~/components/team-calendar/month-grid";
import { monthOf, parseMonth } from "~/utils/calendar-month";
import { todayIn } from "~/utils/time-zones";
import type { Route } from "./+types/team-calendar";

/**
 * The team calendar (`/app/calendar`): a month of events across the user's workspaces (or
 * one, `?workspace=`), with the tasks due (`?tasks=1`) in their projects' colours. The month
 * is in the URL (`?month=2026-05`); a month that is not one shows the current month and says so.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.calendar.title} · Calendar · Plotline` : "Calendar · Plotline" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const url = new URL(request.url);
  const timeZone = viewerTimeZone(request);
  const today = todayIn(timeZone);
  const asked = url.searchParams.get("month");
  const month = parseMonth(asked);
  const showTasks = url.searchParams.get("tasks") === "1";
  const calendar = await teamCalendarMonth(user.id, {
    month: month ?? monthOf(today),
    timeZone,
    workspace: url.searchParams.get("workspace"),
    showTasks,
  });
  return {
    calendar,
    today,
    showTasks,
    notice:
      asked !== null && !month
        ? `“${asked.slice(0, 40)}” is not a month (use YYYY-MM, like 2026-05): this is the current month.`
        : null,
  };
}

export default function TeamCalendar({ loaderData }: Route.ComponentProps) {
  const { calendar, today, showTasks, notice } = loaderData;
  // Others' events, and tasks whose dates change, show without a reload.
  useLiveRevalidation((event) => event.type.startsWith("event.") || (showTasks && event.type.startsWith("task.")), 300);
  const addEvent = useAddEventDialog();
  return (
    <>
      <TeamCalendarGrid
        calendar={calendar}
        today={today}
        showTasks={showTasks}
        notice={notice}
        onAddEvent={(date) => addEvent.open(date, calendar.workspace)}
      />
      {addEvent.dialog}
    </>
  );
}
