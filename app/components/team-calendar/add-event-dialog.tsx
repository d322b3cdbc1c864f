import type { SubmissionResult } from "@conform-to/react";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { useEffect, useState } from "react";
import { useFetcher, useLocation } from "react-router";

import { DialogFormActions } from "~/components/forms/fields";
import { newEventDefaults } from "./defaults";
import { EventForm } from "./event-form";
import type { EventFormOptions } from "~/.server/calendar/views";
import { newEventHref } from "~/utils/team-calendar-urls";
import { WorkspacePicker } from "./workspace-picker";

/**
 * Add Event as a dialog when JavaScript runs. Its choices (workspaces, projects, members)
 * come from the Add Event page's own loader through a fetcher, and its form posts there
 * too; the page is what the button opens without JavaScript. Saving redirects to the
 * calendar, which closes the dialog with the page it was opened on.
 */
type Loaded = { date: string; timeZone: string; options: EventFormOptions };

export function useAddEventDialog() {
  const location = useLocation();
  const [opened, setOpened] = useState<{ date: string; workspace: string | null; on: string; round: number } | null>(
    null,
  );
  const open = opened?.on === location.key ? opened : null;
  return {
    open: (date: string, workspace: string | null) =>
      setOpened((last) => ({ date, workspace, on: location.key, round: (last?.round ?? 0) + 1 })),
    dialog: open ? (
      <AddEventDialog
        key={open.round}
        date={open.date}
        workspace={open.workspace}
        redirectTo={location.pathname + location.search}
        onClose={() => setOpened(null)}
      />
    ) : null,
  };
}

function AddEventDialog({
  date,
  workspace: initialWorkspace,
  redirectTo,
  onClose,
}: {
  date: string;
  workspace: string | null;
  redirectTo: string;
  onClose: () => void;
}) {
  const [workspace, setWorkspace] = useState(initialWorkspace);
  const choices = useFetcher<Loaded>();
  const submit = useFetcher<{ lastResult: SubmissionResult<string[]> }>();
  const { load } = choices;
  useEffect(() => {
    void load(newEventHref(date, workspace));
  }, [load, date, workspace]);
  const loaded = choices.data;
  return (
    <Dialog open onClose={onClose} aria-labelledby="add-event-title" fullWidth maxWidth="sm">
      <DialogTitle id="add-event-title">Add Event</DialogTitle>
      <DialogContent>
        {!loaded ? (
          <CircularProgress aria-label="Loading the form" />
        ) : loaded.options.workspace === null ? (
          <p>You can only view the calendars of the workspaces you are in. Ask a workspace admin for editor access.</p>
        ) : (
          <>
            <WorkspacePicker
              action="/app/calendar/new"
              workspaces={loaded.options.workspaces}
              workspace={loaded.options.workspace}
              date={loaded.date}
              onPick={setWorkspace}
            />
            <EventForm
              key={loaded.options.workspace}
              mode="create"
              action="/app/calendar/new"
              defaults={newEventDefaults(loaded.date, loaded.timeZone)}
              options={loaded.options}
              lastResult={submit.data?.lastResult}
              redirectTo={redirectTo}
              FormElement={submit.Form}
              actions={
                <DialogFormActions
                  onCancel={onClose}
                  pending={submit.state !== "idle"}
                  label="Add Event"
                  pendingLabel="Adding..."
                />
              }
            />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
