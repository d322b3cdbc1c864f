import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";

import { DialogFormActions } from "~/components/forms/fields";
import { CreateProjectForm, type CreatableWorkspace } from "./create-project-form";

/** The Create New Project dialog, loaded when it first opens (create-project-dialog.tsx). */
export default function CreateProjectDialog({
  workspaces,
  workspaceId,
  onClose,
}: {
  workspaces: CreatableWorkspace[];
  workspaceId?: string;
  onClose: () => void;
}) {
  // On success the action redirects to the new project, and the fetcher follows it.
  const fetcher = useFetcher<{ lastResult: SubmissionResult<string[]> }>();
  const pending = fetcher.state !== "idle";
  return (
    <Dialog open onClose={onClose} aria-labelledby="create-project-title" fullWidth maxWidth="sm">
      <DialogTitle id="create-project-title">Create New Project</DialogTitle>
      <DialogContent>
        <CreateProjectForm
          workspaces={workspaces}
          defaultWorkspaceId={workspaceId}
          lastResult={fetcher.data?.lastResult}
          FormElement={fetcher.Form}
          actions={
            <DialogFormActions onCancel={onClose} pending={pending} label="Create Project" pendingLabel="Creating..." />
          }
        />
      </DialogContent>
    </Dialog>
  );
}
