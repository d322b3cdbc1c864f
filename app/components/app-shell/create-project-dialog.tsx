import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { SubmissionResult } from "@conform-to/react";
import { createContext, useContext, useState, type ReactNode } from "react";
import { useFetcher, useLocation } from "react-router";

import { DialogFormActions } from "~/components/forms/fields";
import { CreateProjectForm, type CreatableWorkspace } from "./create-project-form";

/**
 * Create New Project as a dialog when JavaScript runs; the buttons that open it are links
 * to /app/projects/new, the same form as a page, for everyone else.
 */
const OpenContext = createContext<(workspaceId?: string) => void>(() => {});

export function useCreateProject() {
  return useContext(OpenContext);
}

export function CreateProjectProvider({
  workspaces,
  children,
}: {
  workspaces: CreatableWorkspace[];
  children: ReactNode;
}) {
  // Remembers the page it was opened on: creating navigates to the new project, and the
  // dialog closes with the page it belonged to.
  const location = useLocation();
  const [opened, setOpen] = useState<{ workspaceId?: string; on: string } | null>(null);
  const open = opened?.on === location.key ? opened : null;
  // A fresh fetcher per opening, so a new dialog never shows the last one's errors.
  const [round, setRound] = useState(0);
  return (
    <OpenContext.Provider
      value={(workspaceId) => {
        setRound((n) => n + 1);
        setOpen({ workspaceId, on: location.key });
      }}
    >
      {children}
      {open ? (
        <CreateProjectDialog
          key={round}
          workspaces={workspaces}
          workspaceId={open.workspaceId}
          onClose={() => setOpen(null)}
        />
      ) : null}
    </OpenContext.Provider>
  );
}

function CreateProjectDialog({
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
