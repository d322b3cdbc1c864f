import { Link } from "react-router";

import type { TeamCalendarEvent, TeamCalendarTask } from "~/.server/calendar/views";
import { eventHref } from "~/utils/team-calendar-urls";

/** An event in a cell or a day's list: its time (or "All day") and title, linking to its page. */
export function EventItem({ event }: { event: TeamCalendarEvent }) {
  return (
    <li className="pl-tc-event" data-color={event.color ?? undefined} data-all-day={event.allDay || undefined}>
      <Link to={eventHref(event.id)} discover="none" title={`${event.when} ${event.title}`}>
        <span className="pl-tc-when">{event.when}</span>
        {event.title}
      </Link>
    </li>
  );
}

/** A task due that day, in its project's colour, linking to its page. */
export function TaskItem({ task, full }: { task: TeamCalendarTask; full?: boolean }) {
  return (
    <li className="pl-tc-task" data-color={task.project.color} data-done={task.done || undefined}>
      <span className="pl-dot" title={task.project.name} />
      <Link to={`/app/project/${task.project.id}/task/${task.id}`} discover="none" title={`${task.key} ${task.title}`}>
        <span className="pl-tc-key">{task.key}</span>
        {task.title}
        <span className={full ? "pl-tc-when" : "pl-sr-only"}> ({task.project.name})</span>
      </Link>
    </li>
  );
}
