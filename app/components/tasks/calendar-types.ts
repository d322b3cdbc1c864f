import type { GridDay } from "~/utils/calendar-month";

/** What the Calendar view receives from its loader (app/.server/tasks/calendar.ts). */
export type CalendarTask = {
  id: string;
  key: string;
  title: string;
  dueDate: string | null;
  startDate: string | null;
  done: boolean;
  status: { name: string; color: string };
};

/** Some of a list's tasks and how many it has. */
export type TaskPage = { tasks: CalendarTask[]; total: number };

export type ProjectCalendar = {
  /** `YYYY-MM`, with its neighbours (null past the years a date holds). */
  month: string;
  title: string;
  previous: string | null;
  next: string | null;
  /** The grid's cells, whole weeks from Sunday, each with its first tasks. */
  days: (GridDay & TaskPage)[];
  /** The open day's tasks (`?day=`). */
  day: ({ date: string; title: string } & TaskPage) | null;
  undated: TaskPage;
};
