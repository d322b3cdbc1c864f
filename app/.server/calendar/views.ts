/**
 * The team calendar's read models: what its screens receive from their loaders
 * (team-calendar.ts). The UI imports them with `import type` only.
 */
import type { GridDay } from "~/utils/calendar-month";

export type TeamCalendarEvent = {
  id: string;
  title: string;
  /** "9:30 AM", "until 10:00 AM" or "All day", in the viewer's zone. */
  when: string;
  allDay: boolean;
  /** Its project's colour, when it is about one. */
  color: string | null;
};

export type TeamCalendarTask = {
  id: string;
  key: string;
  title: string;
  done: boolean;
  project: { id: string; name: string; color: string };
};

export type WorkspaceChoice = { id: string; name: string };

export type TeamCalendarDay = GridDay & {
  events: TeamCalendarEvent[];
  eventTotal: number;
  tasks: TeamCalendarTask[];
  taskTotal: number;
};

export type TeamCalendarMonth = {
  /** `YYYY-MM`, with its neighbours (null past the years a date holds). */
  month: string;
  title: string;
  previous: string | null;
  next: string | null;
  workspaces: WorkspaceChoice[];
  /** The workspace filter, when one is set. */
  workspace: string | null;
  canCreate: boolean;
  days: TeamCalendarDay[];
};

export type DayItems = {
  date: string;
  title: string;
  workspaces: WorkspaceChoice[];
  workspace: string | null;
  canCreate: boolean;
  events: TeamCalendarEvent[];
  eventTotal: number;
  tasks: TeamCalendarTask[];
  taskTotal: number;
};

/** What the event form starts with (a new event's from the URL, an edit's from the event). */
export type EventFormDefaults = {
  title: string;
  description: string;
  allDay: boolean;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timeZone: string;
  projectId: string;
  attendeeIds: string[];
};

export type EventFormOptions = {
  workspaces: WorkspaceChoice[];
  workspace: string | null;
  projects: { id: string; name: string }[];
  members: { id: string; name: string }[];
};

export type EventDetail = {
  id: string;
  title: string;
  description: string;
  allDay: boolean;
  /** "May 4, 2026, 9:30 AM – May 4, 2026, 10:30 AM" in the viewer's zone. */
  when: string;
  /** The day it starts (the viewer's), for the way back to the calendar. */
  day: string;
  workspace: WorkspaceChoice;
  project: { id: string; name: string; color: string } | null;
  creator: string | null;
  attendees: { id: string; name: string }[];
  canEdit: boolean;
  canDelete: boolean;
  form: EventFormDefaults;
};
