import { Form, Link } from "react-router";

import { dayName } from "~/utils/calendar-month";
import { WeekdayHeader } from "../calendar/month-grid";
import { useHydrated } from "~/utils/use-hydrated";
import { EventItem, TaskItem } from "./items";
import { TeamCalendarRoot } from "./styles";
import type { TeamCalendarMonth } from "./types";
import { dayHref, monthHref, newEventHref, type CalendarFilters } from "./urls";

/**
 * The team calendar's month: a toolbar (Add Event, Previous, Today, Next, the workspace
 * filter and the Show tasks toggle, all links or GET forms) above the grid, whole weeks from
 * Sunday. Each cell links to its day and lists its first events and tasks, then "+N more".
 */
export function TeamCalendarGrid({
  calendar,
  today,
  showTasks,
  notice,
  onAddEvent,
}: {
  calendar: TeamCalendarMonth;
  /** YYYY-MM-DD in the viewer's zone: its cell is highlighted. */
  today: string;
  showTasks: boolean;
  /** Why the month shown is not the one asked for. */
  notice: string | null;
  /** With JavaScript: opens the Add Event dialog instead of following the link. */
  onAddEvent: (date: string) => void;
}) {
  const hydrated = useHydrated();
  const filters: CalendarFilters = { workspace: calendar.workspace, tasks: showTasks };
  const weeks = Array.from({ length: calendar.days.length / 7 }, (_, week) =>
    calendar.days.slice(week * 7, week * 7 + 7),
  );
  const addDate = today.startsWith(calendar.month) ? today : `${calendar.month}-01`;
  const back = monthHref(calendar.month, filters);

  return (
    <TeamCalendarRoot>
      <div className="pl-tc-bar">
        <h1 id="calendar-month">{calendar.title}</h1>
        {calendar.canCreate ? (
          <Link
            className="pl-tc-primary"
            to={`${newEventHref(addDate, calendar.workspace)}&redirectTo=${encodeURIComponent(back)}`}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onAddEvent(addDate);
            }}
          >
            Add Event
          </Link>
        ) : null}
        <nav className="pl-tc-nav" aria-label="Months">
          {calendar.previous ? <Link to={monthHref(calendar.previous, filters)}>Previous</Link> : null}
          <Link to={monthHref(null, filters)}>Today</Link>
          {calendar.next ? <Link to={monthHref(calendar.next, filters)}>Next</Link> : null}
        </nav>
      </div>
      <div className="pl-tc-bar">
        <Form method="get" action="/app/calendar" className="pl-tc-filters">
          <input type="hidden" name="month" value={calendar.month} />
          <label>
            Workspace
            <select
              name="workspace"
              defaultValue={calendar.workspace ?? ""}
              key={calendar.workspace ?? ""}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            >
              <option value="">All workspaces</option>
              {calendar.workspaces.map((workspace) => (
                <option key={workspace.id} value={workspace.id}>
                  {workspace.name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <input
              type="checkbox"
              name="tasks"
              value="1"
              defaultChecked={showTasks}
              key={String(showTasks)}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
            />
            Show tasks
          </label>
          <button type="submit">Apply</button>
        </Form>
      </div>
      {notice ? (
        <p className="pl-tc-notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="pl-tc-scroll">
        <table aria-labelledby="calendar-month">
          <WeekdayHeader />
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]!.date}>
                {week.map((cell) => {
                  const title = dayName(cell.date);
                  const link = dayHref(cell.date, filters);
                  const more = cell.eventTotal - cell.events.length + (cell.taskTotal - cell.tasks.length);
                  return (
                    <td
                      key={cell.date}
                      aria-current={cell.date === today ? "date" : undefined}
                      data-outside={cell.inMonth ? undefined : true}
                    >
                      <Link className="pl-cal-date" to={link} aria-label={title} discover="none">
                        {cell.day}
                      </Link>
                      {cell.events.length + cell.tasks.length > 0 ? (
                        <ul>
                          {cell.events.map((event) => (
                            <EventItem key={event.id} event={event} />
                          ))}
                          {cell.tasks.map((task) => (
                            <TaskItem key={task.id} task={task} />
                          ))}
                        </ul>
                      ) : null}
                      {more > 0 ? (
                        <Link className="pl-tc-more" to={link} discover="none">
                          +{more} more<span className="pl-sr-only"> on {title}</span>
                        </Link>
                      ) : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </TeamCalendarRoot>
  );
}
