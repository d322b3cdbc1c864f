import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { styled } from "@mui/material/styles";
import { Form, Link, useNavigation } from "react-router";

import { monthHref } from "~/utils/team-calendar-urls";
import { ICS_IMPORT_MAX_EVENTS, type ImportPreview } from "~/validation/calendar-import";

/** What the page's action answered: the preview (and the file, signed, for Create), or why not. */
export type ImportAnswer = {
  intent: string;
  preview?: ImportPreview;
  sealed?: string;
  error?: { field: string; message: string };
};

/**
 * Import an .ics file: the upload form, then the preview of what Create would add (new
 * events, those the calendar has already, what could not be taken as it was) and the Create
 * form, which carries the previewed file back. Plain multipart forms: no JavaScript needed.
 */
export function ImportCalendar({
  workspaces,
  workspace,
  answer,
}: {
  workspaces: { id: string; name: string }[];
  workspace: string | null;
  answer?: ImportAnswer;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const preview = answer?.preview;
  const uploadError = answer?.intent === "preview-import" ? answer.error : undefined;
  const createError = answer?.intent === "import-events" ? answer.error : undefined;
  const chosen = preview?.workspace.id ?? workspace;
  return (
    <Box sx={{ maxWidth: 760, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Import events
      </Typography>
      {workspaces.length === 0 ? (
        <Typography>
          Viewers cannot add events. Ask a workspace admin for editor access.{" "}
          <Link to="/app/calendar">Back to the calendar</Link>
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
          <Typography sx={{ mb: 1 }}>
            Add the events of an iCalendar file (<code>.ics</code>) to a workspace&rsquo;s team calendar. Export one
            from Google Calendar (Settings, Import &amp; export), Apple Calendar (File, Export) or Outlook (Save
            calendar).
          </Typography>
          <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }}>
            At most 2 MB and {ICS_IMPORT_MAX_EVENTS} events a file. You see what will be created before anything is.
            Importing the same file again adds only the events that are new.
          </Typography>
          <UploadForm method="post" encType="multipart/form-data" aria-label="Choose an .ics file">
            <input type="hidden" name="intent" value="preview-import" />
            {workspaces.length > 1 ? (
              <TextField
                select
                name="workspaceId"
                label="Workspace"
                defaultValue={chosen ?? ""}
                key={chosen ?? ""}
                error={uploadError?.field === "workspaceId"}
                helperText={uploadError?.field === "workspaceId" ? uploadError.message : undefined}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                {workspaces.map((option) => (
                  <option key={option.id} value={option.id}>
                    {option.name}
                  </option>
                ))}
              </TextField>
            ) : (
              <input type="hidden" name="workspaceId" value={workspaces[0]!.id} />
            )}
            <div className="pl-import-file">
              <label htmlFor="import-file">iCalendar file (.ics)</label>
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".ics,text/calendar"
                required
                aria-invalid={uploadError && uploadError.field !== "workspaceId" ? true : undefined}
                aria-describedby={uploadError && uploadError.field !== "workspaceId" ? "import-file-error" : undefined}
              />
              {uploadError && uploadError.field !== "workspaceId" ? (
                <p id="import-file-error" className="pl-import-error" role="alert">
                  {uploadError.message}
                </p>
              ) : null}
            </div>
            <div>
              <Button
                type="submit"
                variant={preview ? "outlined" : "contained"}
                disabled={pending === "preview-import"}
              >
                {pending === "preview-import" ? "Reading..." : "Preview"}
              </Button>
            </div>
          </UploadForm>
        </Paper>
      )}
      {preview && answer?.sealed ? (
        <Preview preview={preview} sealed={answer.sealed} error={createError} pending={pending === "import-events"} />
      ) : null}
    </Box>
  );
}

function Preview({
  preview,
  sealed,
  error,
  pending,
}: {
  preview: ImportPreview;
  sealed: string;
  error?: { message: string };
  pending: boolean;
}) {
  const fresh = preview.events.filter((event) => !event.existing).length;
  const existing = preview.events.length - fresh;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="import-preview" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="import-preview" component="h2" variant="h6" sx={{ mb: 1, overflowWrap: "anywhere" }}>
        Preview: {preview.fileName || "your file"} into {preview.workspace.name}
      </Typography>
      <Typography sx={{ mb: 2 }} role="status">
        {preview.events.length} event{preview.events.length === 1 ? "" : "s"} in the file: {fresh} new
        {existing ? `, ${existing} already in the calendar` : ""}.
      </Typography>
      {error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {error.message}
        </Alert>
      ) : null}
      {preview.problems.length ? (
        <Alert severity="warning" sx={{ mb: 2, "& ul": { m: 0, pl: 2.5 } }}>
          <AlertTitle>Not imported as they are</AlertTitle>
          <ul>
            {preview.problems.map((problem, index) => (
              <li key={index}>
                <strong>{problem.event}</strong> {problem.message}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      <EventRows aria-label="Events in the file">
        {preview.events.map((event, index) => (
          <li key={index} data-existing={event.existing || undefined}>
            <div className="pl-import-title">{event.title}</div>
            <div className="pl-import-meta">
              {event.when}
              {event.attendees.length ? ` · With ${event.attendees.join(", ")}` : ""}
            </div>
            <span className="pl-import-state">{event.existing ? "Already in the calendar" : "New"}</span>
          </li>
        ))}
      </EventRows>
      <Form method="post" encType="multipart/form-data" aria-label="Create the events">
        <input type="hidden" name="intent" value="import-events" />
        <input type="hidden" name="workspaceId" value={preview.workspace.id} />
        <input type="hidden" name="file" value={sealed} />
        <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center", mt: 2 }}>
          {fresh > 0 ? (
            <Button type="submit" variant="contained" disabled={pending}>
              {pending ? "Creating..." : `Create ${fresh} event${fresh === 1 ? "" : "s"}`}
            </Button>
          ) : (
            <Typography color="textSecondary">
              Nothing new to import: every event is in the calendar already.
            </Typography>
          )}
          <Button component={Link} to={monthHref(null, { workspace: preview.workspace.id })}>
            Back to the calendar
          </Button>
        </Box>
      </Form>
    </Paper>
  );
}

/** The upload form's fields in a column; the native file input drawn like the theme's fields. */
const UploadForm = styled(Form)(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 16,
    maxWidth: 480,
    "& .pl-import-file": { display: "grid", gap: 6 },
    "& .pl-import-file label": { fontSize: 14, color: palette.text.secondary },
    "& .pl-import-file input": {
      font: "inherit",
      fontSize: 14,
      padding: 8,
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
      color: palette.text.primary,
      background: palette.background.paper,
      minWidth: 0,
    },
    "& .pl-import-file input[aria-invalid=true]": { borderColor: palette.error.main },
    "& .pl-import-error": { margin: 0, fontSize: 13, color: palette.error.main },
  };
});

/** The preview's rows, styled once for the list (decision 009). */
const EventRows = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "grid",
    gap: 6,
    "& > li": {
      display: "grid",
      gridTemplateColumns: "minmax(0, 1fr) auto",
      columnGap: 12,
      padding: "8px 12px",
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
    },
    "& > li[data-existing]": { color: palette.text.secondary },
    "& .pl-import-title": { fontWeight: 600, overflowWrap: "anywhere" },
    "& .pl-import-meta": { gridColumn: 1, fontSize: 14, color: palette.text.secondary, overflowWrap: "anywhere" },
    "& .pl-import-state": {
      gridColumn: 2,
      gridRow: "1 / span 2",
      alignSelf: "center",
      fontSize: 13,
      fontWeight: 600,
      color: palette.success.main,
    },
    "& > li[data-existing] .pl-import-state": { color: palette.text.secondary, fontWeight: 400 },
  };
});
