import { z } from "zod";

import { isCalendarDay } from "~/utils/calendar-month";
import { isTimeZone } from "~/utils/time-zones";
import { UUID_PATTERN } from "./ids";

/**
 * A team calendar event's form, as the browser and the server check it. Dates are days
 * (YYYY-MM-DD) and times wall-clock times (HH:MM) in `timeZone`, the zone they were typed
 * in; the use case turns them into instants. An all-day event ignores the times.
 */
export const EVENT_TITLE_MAX = 200;
export const EVENT_DESCRIPTION_MAX = 5000;
/** Attendees one event may invite (the form lists at most this many members). */
export const EVENT_ATTENDEES_MAX = 200;

const day = (message: string) =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-31" })
    .refine(isCalendarDay, { error: "Use a real date" });

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: "Use a time like 09:30" });

const eventFields = z.object({
  title: z
    .string({ error: "Enter a title" })
    .trim()
    .min(1, { error: "Enter a title" })
    .max(EVENT_TITLE_MAX, { error: `Keep the title under ${EVENT_TITLE_MAX} characters` }),
  description: z
    .string()
    .trim()
    .max(EVENT_DESCRIPTION_MAX, { error: `Keep the description under ${EVENT_DESCRIPTION_MAX} characters` })
    .optional(),
  allDay: z.literal("on").optional(),
  startDate: day("Enter the start date"),
  startTime: time.optional(),
  /** Empty: the start date. */
  endDate: day("Enter the end date").optional(),
  /**
   * The start date the form was drawn with (a hidden field; with JavaScript, kept on the
   * start as it changes). An end date still on it follows the start: see `endFollowsStart`.
   */
  startDateShown: day("Use a real date").optional(),
  endTime: time.optional(),
  /** The zone the times were typed in: the browser's (filled by script), else the one the page was drawn in. */
  timeZone: z.string().max(64).refine(isTimeZone, { error: "Unknown time zone" }).optional(),
  /** A project's public id; empty: none. */
  projectId: z
    .string()
    .regex(/^[A-Za-z0-9]{6,20}$/, { error: "Choose one of the workspace's projects" })
    .optional(),
  attendeeIds: z
    .array(z.string().regex(UUID_PATTERN, { error: "Choose members of the workspace" }))
    .max(EVENT_ATTENDEES_MAX, { error: `Invite at most ${EVENT_ATTENDEES_MAX} people` })
    .optional(),
});

/**
 * An end date the user left where the form put it (on the start it showed) follows the start
 * wherever the start moved: without JavaScript, a new event picked on another day than the
 * one the form opened on would otherwise end before it starts. With JavaScript the form moves
 * the end as the start changes (event-form.tsx) and this changes nothing.
 */
function endFollowsStart<T extends { startDate: string; endDate?: string; startDateShown?: string }>(value: T): T {
  const { startDate, endDate, startDateShown } = value;
  if (!startDateShown || endDate !== startDateShown || startDate === startDateShown) return value;
  return { ...value, endDate: startDate };
}

/** Times are needed unless the event lasts all day; the end comes after the start. */
function refineTimes(value: z.infer<typeof eventFields>, context: z.RefinementCtx) {
  if (!value.allDay) {
    if (!value.startTime) context.addIssue({ code: "custom", path: ["startTime"], message: "Enter a start time" });
    if (!value.endTime) context.addIssue({ code: "custom", path: ["endTime"], message: "Enter an end time" });
  }
  const endDate = value.endDate ?? value.startDate;
  if (endDate < value.startDate) {
    context.addIssue({ code: "custom", path: ["endDate"], message: "The end cannot be before the start" });
  } else if (
    !value.allDay &&
    endDate === value.startDate &&
    value.startTime &&
    value.endTime &&
    value.endTime < value.startTime
  ) {
    context.addIssue({ code: "custom", path: ["endTime"], message: "The end cannot be before the start" });
  }
}

/** The fields alone, for the browser's constraints (Conform reads no schema with a transform). */
export const createEventFields = eventFields.extend({
  intent: z.literal("create-event"),
  workspaceId: z.string({ error: "Choose a workspace" }).regex(/^[A-Za-z0-9]{6,20}$/, {
    error: "Choose a workspace",
  }),
});
export const updateEventFields = eventFields.extend({ intent: z.literal("update-event") });

export const createEventSchema = createEventFields.transform(endFollowsStart).superRefine(refineTimes);
export const updateEventSchema = updateEventFields.transform(endFollowsStart).superRefine(refineTimes);

export const deleteEventSchema = z.object({ intent: z.literal("delete-event") });

export type EventFormValue = z.infer<typeof eventFields>;
