import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";

import { eventForMember } from "~/.server/calendar/access";
import { deleteEventCommand, updateEventCommand } from "~/.server/calendar/events";
import { eventFieldsOf, viewerTimeZone } from "~/.server/calendar/http";
import { formInput, intent, replyOf, type IntentContext } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import { eventHref, monthHref } from "~/utils/team-calendar-urls";
import { deleteEventSchema, updateEventSchema } from "~/validation/team-calendar";

/** An event's page (app/routes/app/team-calendar-event.tsx): edit it, or delete it. */
const eventIdOf = (context: IntentContext) => context.params.eventId!;

/** Someone else's workspace's event is not found here, whatever the form says. */
export const teamCalendarEventGuard = (context: IntentContext) =>
  eventForMember(context.principal.userId, eventIdOf(context));

const updateEvent = intent({
  command: updateEventCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: updateEventSchema }), (value) => ({
      eventId: eventIdOf(context),
      ...eventFieldsOf(value, viewerTimeZone(context.request)),
    })),
  refused: (refusal, _context, submission) => data({ lastResult: replyOf(refusal, submission!) }, { status: 400 }),
  done: (_event, context) =>
    redirectWithToast(
      eventHref(eventIdOf(context)),
      { title: "Event updated", description: "Your changes are saved.", variant: "success" },
      context.request,
    ),
});

const deleteEvent = intent({
  command: deleteEventCommand,
  parse: (context) =>
    parseWithZod(context.formData, { schema: deleteEventSchema }).status === "success"
      ? { ok: true, input: { eventId: eventIdOf(context) } }
      : { ok: false, field: "", message: "This event cannot be deleted." },
  refused: ({ message }) => data({ error: message }, { status: 400 }),
  done: (event, context) =>
    redirectWithToast(
      monthHref(event.startsAt.toISOString().slice(0, 7)),
      { title: "Event deleted", description: `${event.title} is off the calendar.`, variant: "success" },
      context.request,
    ),
});

export const teamCalendarEventIntents = { "update-event": updateEvent, "delete-event": deleteEvent };

export const teamCalendarEventFallback = () => data({ error: "Unknown action" }, { status: 400 });
