import { monthHref } from "~/utils/team-calendar-urls";
import { safeRedirectPath } from "~/utils/safe-redirect";
import type { EventFormValue } from "~/validation/team-calendar";
import type { EventFields } from "./events";

/**
 * What the team calendar's route modules share: the viewer's time zone (`viewerTimeZone`,
 * the `plotline-tz` cookie the root's script writes; UTC until it has), and the form's value
 * as the use cases take it.
 */
export { viewerTimeZone } from "../http/viewer";

export function eventFieldsOf(value: EventFormValue, fallbackZone: string): EventFields {
  return {
    title: value.title,
    description: value.description ?? "",
    allDay: value.allDay === "on",
    startDate: value.startDate,
    startTime: value.startTime,
    endDate: value.endDate,
    endTime: value.endTime,
    timeZone: value.timeZone ?? fallbackZone,
    projectId: value.projectId ?? null,
    attendeeIds: value.attendeeIds ?? [],
  };
}

/** Back to where the form was opened, showing the event's month when that was the month grid. */
export function afterSave(redirectTo: FormDataEntryValue | null, startDate: string) {
  const back = safeRedirectPath(redirectTo, "");
  if (back.startsWith("/app/calendar/day/")) return back;
  const params = new URL(back || "/app/calendar", "http://local").searchParams;
  return monthHref(startDate.slice(0, 7), {
    workspace: params.get("workspace"),
    tasks: params.get("tasks") === "1",
  });
}
