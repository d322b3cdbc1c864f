import { data, redirect } from "react-router";

import { intent } from "~/.server/http/intents";
import { startWorkspaceImportCommand } from "~/.server/workspace-export/import";

/**
 * Importing a workspace export (app/routes/app/workspace-import.tsx): the upload, streamed to
 * disk before the action runs (server/streamed-uploads.ts), starts the import's job; the
 * next page follows it. A refusal comes back beside the file field.
 */
export type WorkspaceImportRefused = { intent: "upload"; field: string; message: string };

const upload = intent({
  command: startWorkspaceImportCommand,
  parse: (context) => {
    const file = context.formData.get("file");
    return { ok: true, input: { file: file instanceof File ? file : new File([], "") } };
  },
  refused: ({ field, message }) =>
    data({ intent: "upload", field, message } satisfies WorkspaceImportRefused, { status: 400 }),
  done: (started) => redirect(`/app/workspaces/import/${started.id}`),
});

export const workspaceImportIntents = { upload };

export const workspaceImportFallback = () => redirect("/app/workspaces/import");
