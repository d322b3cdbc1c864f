/**
 * The team calendar's URLs: its filters live in the query string (`?month=2026-05`,
 * `?workspace=<id>`, `?tasks=1`), so every control is a link or a GET form.
 */
export type CalendarFilters = { workspace?: string | null; tasks?: boolean };

function query(params: Record<string, string | null | undefined | false>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const text = search.toString();
  return text ? `?${text}` : "";
}

/** The month grid; no month means the current one. */
export function monthHref(month: string | null, filters: CalendarFilters = {}) {
  return `/app/calendar${query({ month, workspace: filters.workspace, tasks: filters.tasks && "1" })}`;
}

/** One day's page. */
export function dayHref(date: string, filters: CalendarFilters = {}) {
  return `/app/calendar/day/${date}${query({ workspace: filters.workspace, tasks: filters.tasks && "1" })}`;
}

/** The Add Event page (the dialog's form without JavaScript), for a day and a workspace. */
export function newEventHref(date: string | null, workspace?: string | null) {
  return `/app/calendar/new${query({ date, workspace })}`;
}

export function eventHref(eventId: string) {
  return `/app/calendar/event/${eventId}`;
}
