import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { createEventCommand } from "~/.server/calendar/events";
import { afterSave, eventFieldsOf, viewerTimeZone } from "~/.server/calendar/http";
import { formInput, intent, replyOf } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import { dayName } from "~/utils/calendar-month";
import { createEventSchema } from "~/validation/team-calendar";

/** Add Event (app/routes/app/team-calendar-new.tsx): back to the calendar it was opened from. */
const createEvent = intent({
  command: createEventCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: createEventSchema }), ({ workspaceId, ...fields }) => ({
      workspaceId,
      ...eventFieldsOf(fields, viewerTimeZone(context.request)),
    })),
  refused: (refusal, _context, submission) => data({ lastResult: replyOf(refusal, submission!) }, { status: 400 }),
  done: (event, context) => {
    const startDate = String(context.formData.get("startDate"));
    return redirectWithToast(
      afterSave(context.formData.get("redirectTo"), startDate),
      { title: "Event added", description: `${event.title} on ${dayName(startDate)}.`, variant: "success" },
      context.request,
    );
  },
});

export const teamCalendarNewIntents = { "create-event": createEvent };

export const teamCalendarNewFallback = () => redirect("/app/calendar/new");
