import { z } from "zod";

import { EVENT_ATTENDEES_MAX, EVENT_DESCRIPTION_MAX, EVENT_TITLE_MAX } from "~/validation/team-calendar";

/**
 * The calendar commands' inputs, whoever calls: bounds and types only. The form's
 * friendlier checks are in app/validation/team-calendar.ts; the times' order is the
 * command's to check (`eventTimes`).
 */
const id = z.string().min(1).max(40);
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "Use a date like 2026-05-31" });
const time = z.string().max(8);
const fields = {
  title: z.string().trim().min(1, { error: "Enter a title" }).max(EVENT_TITLE_MAX),
  description: z.string().max(EVENT_DESCRIPTION_MAX).optional(),
  allDay: z.boolean(),
  startDate: day,
  startTime: time.optional(),
  endDate: day.optional(),
  endTime: time.optional(),
  timeZone: z.string().max(64).optional(),
  projectId: id.nullable().optional(),
  attendeeIds: z.array(z.string().min(1).max(64)).max(EVENT_ATTENDEES_MAX).optional(),
};

export const createEventInput = z.object({ workspaceId: id, ...fields });
export const updateEventInput = z.object({ eventId: id, ...fields });
export const deleteEventInput = z.object({ eventId: id });
