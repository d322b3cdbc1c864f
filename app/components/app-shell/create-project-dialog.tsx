import { createContext, lazy, Suspense, useContext, useState, type ReactNode } from "react";
import { useLocation } from "react-router";

import type { CreatableWorkspace } from "./create-project-form";

// The dialog's form (Conform, zod, MUI's text fields) is fetched when it first opens.
const CreateProjectDialog = lazy(() => import("./create-project-dialog-body"));

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
        <Suspense fallback={null}>
          <CreateProjectDialog
            key={round}
            workspaces={workspaces}
            workspaceId={open.workspaceId}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      ) : null}
    </OpenContext.Provider>
  );
}
