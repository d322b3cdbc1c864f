import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { SubmissionResult } from "@conform-to/react";
import { useFetcher } from "react-router";

import { DialogFormActions } from "~/components/forms/fields";
import type { TargetWorkspace } from "./types";
import { UseTemplateForm } from "./use-template-form";

/**
 * Use Template as a dialog, when JavaScript runs: the same form as its page, posted by a
 * fetcher that follows the redirect to the new project. Errors come back into the dialog
 * with what was typed.
 */
export function UseTemplateDialog({
  template,
  workspaces,
  today,
  onClose,
}: {
  template: { id: string; name: string };
  workspaces: TargetWorkspace[];
  today: string;
  onClose: () => void;
}) {
  const fetcher = useFetcher<{ lastResult: SubmissionResult<string[]> }>();
  const pending = fetcher.state !== "idle";
  return (
    <Dialog open onClose={onClose} aria-labelledby="use-template-title" fullWidth maxWidth="sm">
      <DialogTitle id="use-template-title">Use {template.name}</DialogTitle>
      <DialogContent>
        <UseTemplateForm
          templateId={template.id}
          templateName={template.name}
          workspaces={workspaces}
          today={today}
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
