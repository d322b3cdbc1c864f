import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { eventDetail, eventFormOptions } from "~/.server/calendar/team-calendar";
import { viewerTimeZone } from "~/.server/calendar/http";
import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { PageFormActions, SubmitButton } from "~/components/forms/fields";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { EventForm } from "~/components/team-calendar/event-form";
import { dayHref, eventHref } from "~/utils/team-calendar-urls";
import type { Route } from "./+types/team-calendar-event";
import {
  teamCalendarEventFallback,
  teamCalendarEventGuard,
  teamCalendarEventIntents,
} from "./team-calendar-event-intents.server";

/**
 * An event's page (`/app/calendar/event/{id}`): what it is, when (in the viewer's zone), who
 * attends, and, for its creator or a workspace manager, Edit (`?edit`, the form on this page)
 * and Delete (a confirmation in a `<details>`, no script needed). Outsiders get 404.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${loaderData.event.title} · Calendar · Plotline` : "Event Not Found · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const timeZone = viewerTimeZone(request);
  const event = await load(() => eventDetail(user.id, params.eventId, timeZone));
  const editing = new URL(request.url).searchParams.has("edit") && event.canEdit;
  const options = editing ? await eventFormOptions(user.id, event.workspace.id) : null;
  return { event, editing, options };
}

/** Its forms are the intents of team-calendar-event-intents.server.ts, each run as its command. */
export const action = intentAction(teamCalendarEventIntents, {
  fallback: teamCalendarEventFallback,
  guard: teamCalendarEventGuard,
});

/** The details: a definition list, styled once here. */
const Details = styled("dl")(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "max-content 1fr",
  gap: "8px 16px",
  margin: "16px 0",
  "& dt": { fontWeight: 600, color: theme.vars.palette.text.secondary },
  "& dd": { margin: 0, overflowWrap: "anywhere", whiteSpace: "pre-wrap" },
  "& ul": { margin: 0, paddingLeft: 18 },
  "& details summary": { cursor: "pointer" },
}));

export default function TeamCalendarEvent({ loaderData, actionData }: Route.ComponentProps) {
  const { event, editing, options } = loaderData;
  const navigation = useNavigation();
  useLiveRevalidation((change) => change.type.startsWith("event.") && change.id === event.id, 300);
  const lastResult = actionData && "lastResult" in actionData ? actionData.lastResult : undefined;
  return (
    <Box sx={{ maxWidth: 760, mx: "auto" }}>
      <Button component={Link} to={dayHref(event.day)} sx={{ mb: 1 }}>
        Back to {event.day}
      </Button>
      <Typography component="h1" variant="h4" sx={{ overflowWrap: "anywhere" }}>
        {event.title}
      </Typography>
      <Details>
        <dt>When</dt>
        <dd>{event.when}</dd>
        <dt>Workspace</dt>
        <dd>{event.workspace.name}</dd>
        {event.project ? (
          <>
            <dt>Project</dt>
            <dd>
              <Link to={`/app/project/${event.project.id}`}>{event.project.name}</Link>
            </dd>
          </>
        ) : null}
        <dt>Attendees</dt>
        <dd>
          {event.attendees.length === 0 ? (
            "Nobody invited"
          ) : (
            <ul>
              {event.attendees.map((person) => (
                <li key={person.id}>{person.name}</li>
              ))}
            </ul>
          )}
        </dd>
        {event.description ? (
          <>
            <dt>Description</dt>
            <dd>{event.description}</dd>
          </>
        ) : null}
        {event.creator ? (
          <>
            <dt>Added by</dt>
            <dd>{event.creator}</dd>
          </>
        ) : null}
      </Details>
      {!editing && (event.canEdit || event.canDelete) ? (
        <Box sx={{ display: "flex", gap: 1, alignItems: "flex-start", flexWrap: "wrap" }}>
          {event.canEdit ? (
            <Button component={Link} to={`${eventHref(event.id)}?edit`} variant="contained">
              Edit
            </Button>
          ) : null}
          {event.canDelete ? <DeleteEvent pending={navigation.state === "submitting"} /> : null}
        </Box>
      ) : null}
      {editing && options ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 2 }}>
          <Typography component="h2" variant="h6" sx={{ mb: 1 }}>
            Edit event
          </Typography>
          <EventForm
            mode="update"
            action={eventHref(event.id)}
            defaults={event.form}
            options={options}
            lastResult={lastResult}
            actions={<PageFormActions cancelTo={eventHref(event.id)} label="Save Changes" pendingLabel="Saving..." />}
          />
        </Paper>
      ) : null}
    </Box>
  );
}

/** Delete asks once more, inside a `<details>`: no dialog script needed. */
const Confirm = styled("details")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    "& summary": {
      listStyle: "none",
      cursor: "pointer",
      padding: "6px 16px",
      borderRadius: 4,
      border: `1px solid ${palette.error.main}`,
      color: palette.error.main,
      fontWeight: 500,
      fontSize: 14,
      "&::-webkit-details-marker": { display: "none" },
      "&:focus-visible": { outline: `2px solid ${palette.error.main}`, outlineOffset: 2 },
    },
    "& form": { display: "flex", alignItems: "center", gap: 8, marginTop: 8 },
  };
});

function DeleteEvent({ pending }: { pending: boolean }) {
  return (
    <Confirm>
      <summary>Delete</summary>
      <Form method="post">
        <span>Delete this event for everyone?</span>
        <input type="hidden" name="intent" value="delete-event" />
        <SubmitButton pending={pending} pendingLabel="Deleting..." size="small" color="error">
          Delete event
        </SubmitButton>
      </Form>
    </Confirm>
  );
}
