import type { EventFormDefaults } from "~/.server/calendar/views";

/** A new event's form: that day, 9 to 10 in the viewer's zone, nobody invited yet. */
export function newEventDefaults(date: string, timeZone: string): EventFormDefaults {
  return {
    title: "",
    description: "",
    allDay: false,
    startDate: date,
    startTime: "09:00",
    endDate: date,
    endTime: "10:00",
    timeZone,
    projectId: "",
    attendeeIds: [],
  };
}
