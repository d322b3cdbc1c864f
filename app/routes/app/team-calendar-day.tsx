import Button from "@mui/material/Button";
import { data, Link, useNavigation } from "react-router";

import { viewerTimeZone } from "~/.server/calendar/http";
import { eventFormOptions, teamCalendarDay } from "~/.server/calendar/team-calendar";
import { requireActor } from "~/.server/http/respond";
import { SubmitButton } from "~/components/forms/fields";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { newEventDefaults } from "~/components/team-calendar/defaults";
import { EventForm } from "~/components/team-calendar/event-form";
import { EventItem, TaskItem } from "~/components/team-calendar/items";
import { TeamCalendarRoot } from "~/components/team-calendar/styles";
import { dayHref, monthHref } from "~/utils/team-calendar-urls";
import { WorkspacePicker } from "~/components/team-calendar/workspace-picker";
import { addDays, isCalendarDay } from "~/utils/calendar-month";
import type { Route } from "./+types/team-calendar-day";

/**
 * One day of the team calendar (`/app/calendar/day/2026-05-04`): what a day's cell opens.
 * Its events (in the viewer's zone) and the tasks due, each list bounded, and the Add Event
 * form for that day, a plain form that works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.day.title} · Calendar · Plotline` : "Calendar · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  if (!isCalendarDay(params.date)) {
    throw data(
      {
        title: "Not a Day",
        message: "Days in the calendar look like 2026-05-04.",
        backTo: "/app/calendar",
        backLabel: "Back to the calendar",
      },
      { status: 404 },
    );
  }
  const url = new URL(request.url);
  const timeZone = viewerTimeZone(request);
  const workspace = url.searchParams.get("workspace");
  const [day, options] = await Promise.all([
    teamCalendarDay(user.id, { day: params.date, timeZone, workspace, showTasks: true }),
    eventFormOptions(user.id, workspace),
  ]);
  return { day, options, timeZone, showTasks: url.searchParams.get("tasks") === "1" };
}

export default function TeamCalendarDay({ loaderData }: Route.ComponentProps) {
  const { day, options, timeZone, showTasks } = loaderData;
  const navigation = useNavigation();
  useLiveRevalidation((event) => event.type.startsWith("event.") || event.type.startsWith("task."), 300);
  const filters = { workspace: day.workspace, tasks: showTasks };
  const here = dayHref(day.date, filters);
  return (
    <TeamCalendarRoot>
      <div className="pl-tc-bar">
        <h1>{day.title}</h1>
        <nav className="pl-tc-nav" aria-label="Days">
          <Link to={dayHref(addDays(day.date, -1), filters)}>Previous day</Link>
          <Link to={monthHref(day.date.slice(0, 7), filters)}>Back to the month</Link>
          <Link to={dayHref(addDays(day.date, 1), filters)}>Next day</Link>
        </nav>
      </div>
      <section className="pl-tc-section" aria-labelledby="day-events">
        <h2 id="day-events">Events</h2>
        {day.events.length === 0 ? <p className="pl-tc-status">No events this day.</p> : null}
        {day.events.length > 0 ? (
          <ul>
            {day.events.map((event) => (
              <EventItem key={event.id} event={event} />
            ))}
          </ul>
        ) : null}
        {day.eventTotal > day.events.length ? (
          <p className="pl-tc-status">
            The first {day.events.length} of {day.eventTotal} events this day.
          </p>
        ) : null}
      </section>
      <section className="pl-tc-section" aria-labelledby="day-tasks">
        <h2 id="day-tasks">Tasks due</h2>
        {day.tasks.length === 0 ? <p className="pl-tc-status">No tasks are due this day.</p> : null}
        {day.tasks.length > 0 ? (
          <ul>
            {day.tasks.map((task) => (
              <TaskItem key={task.id} task={task} full />
            ))}
          </ul>
        ) : null}
        {day.taskTotal > day.tasks.length ? (
          <p className="pl-tc-status">
            The first {day.tasks.length} of {day.taskTotal} tasks due this day.
          </p>
        ) : null}
      </section>
      {options.workspace ? (
        <section className="pl-tc-section" aria-labelledby="day-add">
          <h2 id="day-add">Add an event on this day</h2>
          <WorkspacePicker
            action={here}
            workspaces={options.workspaces}
            workspace={options.workspace}
            date={day.date}
          />
          <EventForm
            key={`${day.date}-${options.workspace}`}
            mode="create"
            action="/app/calendar/new"
            defaults={newEventDefaults(day.date, timeZone)}
            options={options}
            redirectTo={here}
            actions={
              <div>
                <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Adding..." size="medium">
                  Add Event
                </SubmitButton>{" "}
                <Button component={Link} to={monthHref(day.date.slice(0, 7), filters)}>
                  Cancel
                </Button>
              </div>
            }
          />
        </section>
      ) : null}
    </TeamCalendarRoot>
  );
}
