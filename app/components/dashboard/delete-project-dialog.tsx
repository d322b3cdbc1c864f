import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useFetcher } from "react-router";

import { SubmitButton } from "~/components/forms/fields";

/** Confirms a delete from the dashboard; posts to the same page that confirms it without JavaScript. */
export function DeleteProjectDialog({
  project,
  onClose,
}: {
  project: { id: string; name: string };
  onClose: () => void;
}) {
  const fetcher = useFetcher();
  return (
    <Dialog open onClose={onClose} aria-labelledby="delete-project-title" aria-describedby="delete-project-text">
      <DialogTitle id="delete-project-title">Delete {project.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="delete-project-text">
          The project disappears for everyone in its workspace. Its activity stays in the workspace&apos;s log.
        </DialogContentText>
      </DialogContent>
      <fetcher.Form method="post" action={`/app/project/${project.id}/delete`}>
        <DialogActions>
          <Button onClick={onClose} autoFocus>
            Cancel
          </Button>
          <SubmitButton pending={fetcher.state !== "idle"} pendingLabel="Deleting..." color="error" size="medium">
            Delete Project
          </SubmitButton>
        </DialogActions>
      </fetcher.Form>
    </Dialog>
  );
}
