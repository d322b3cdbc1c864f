import { useState, type MouseEvent } from "react";
import { Form, Link } from "react-router";

import { dayName } from "~/utils/calendar-month";
import { CellDots, WeekdayHeader } from "../calendar/month-grid";
import { useHydrated } from "~/utils/use-hydrated";
import { EventItem, TaskItem } from "./items";
import { TeamCalendarRoot } from "./styles";
import type { TeamCalendarDay, TeamCalendarMonth } from "~/.server/calendar/views";
import { dayHref, monthHref, newEventHref, type CalendarFilters } from "~/utils/team-calendar-urls";

/**
 * The team calendar's month: a toolbar (Add Event, Previous, Today, Next, the workspace
 * filter and the Show tasks toggle, all links or GET forms) above the grid, whole weeks from
 * Sunday. Each cell links to its day and lists its first events and tasks, then "+N more".
 * Narrow (a phone), the cells show only their dates and a dot per item, and the chosen day's
 * items are listed under the grid: today's (or the month's first day's) as served; with
 * JavaScript a tap on a day chooses it there instead of opening the day's page.
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
  // The day listed under a narrow grid; a choice holds for the month it was made in.
  const [chosen, choose] = useState<{ month: string; date: string } | null>(null);
  const agendaDate = chosen?.month === calendar.month ? chosen.date : addDate;
  const agendaDay = calendar.days.find((cell) => cell.date === agendaDate);
  const pickDay = (event: MouseEvent<HTMLTableElement>) => {
    const link = event.target instanceof Element ? event.target.closest("a.pl-cal-date") : null;
    const date = link?.closest("td")?.dataset.date;
    const agenda = document.getElementById("calendar-agenda");
    // Only while the agenda is shown (the grid is narrow), for a plain click.
    if (!date || !agenda || getComputedStyle(agenda).display === "none") return;
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    choose({ month: calendar.month, date });
  };

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
        {calendar.canCreate ? (
          <Link
            className="pl-tc-button"
            to={`/app/calendar/import${calendar.workspace ? `?workspace=${calendar.workspace}` : ""}`}
          >
            Import .ics
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
        {/* Capture: a chosen day's click must be stopped before its Link navigates. */}
        <table aria-labelledby="calendar-month" onClickCapture={hydrated ? pickDay : undefined}>
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
                      data-date={cell.date}
                      data-chosen={cell.date === agendaDate || undefined}
                    >
                      <Link className="pl-cal-date" to={link} aria-label={title} discover="none">
                        {cell.day}
                      </Link>
                      <CellDots
                        colors={[
                          ...cell.events.map((event) => event.color),
                          ...cell.tasks.map((task) => task.project.color),
                        ]}
                        total={cell.eventTotal + cell.taskTotal}
                      />
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
      {agendaDay ? <DayAgenda day={agendaDay} href={dayHref(agendaDay.date, filters)} /> : null}
    </TeamCalendarRoot>
  );
}

/**
 * Under a narrow grid: one day's events and tasks (the cell's first ones, as the wide grid
 * shows them) and a link to the day's page, which lists them all and adds events. Hidden
 * by CSS while the grid is wide enough to show the items in its cells.
 */
function DayAgenda({ day, href }: { day: TeamCalendarDay; href: string }) {
  const more = day.eventTotal - day.events.length + (day.taskTotal - day.tasks.length);
  const title = dayName(day.date);
  return (
    <section id="calendar-agenda" className="pl-tc-agenda" aria-labelledby="calendar-agenda-day">
      {/* Announced when a tap chooses another day. */}
      <h2 id="calendar-agenda-day" aria-live="polite">
        {title}
      </h2>
      {day.events.length + day.tasks.length > 0 ? (
        <ul>
          {day.events.map((event) => (
            <EventItem key={event.id} event={event} />
          ))}
          {day.tasks.map((task) => (
            <TaskItem key={task.id} task={task} full />
          ))}
        </ul>
      ) : (
        <p className="pl-tc-status">Nothing planned this day.</p>
      )}
      <Link className="pl-tc-more" to={href} discover="none">
        {more > 0 ? `${more} more: open ${title}` : `Open ${title}`}
      </Link>
    </section>
  );
}
