import { data, redirect } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import { startExportCommand } from "~/.server/workspace-export/export";

/**
 * The workspace's Export and import page (app/routes/app/workspace-export.tsx): starting an
 * export. With JavaScript a fetcher posts it and the page shows its progress in place.
 */
const here = (context: IntentContext) => `/app/workspaces/${context.params.workspaceId}/export`;

export type ExportRefused = { intent: "export"; error: string };

const start = intent({
  command: startExportCommand,
  parse: (context) => ({ ok: true, input: { workspaceId: context.params.workspaceId ?? "" } }),
  refused: ({ message }) => data({ intent: "export", error: message } satisfies ExportRefused, { status: 400 }),
  done: (_started, context) =>
    redirectWithToast(
      here(context),
      {
        title: "Export started",
        description: "The zip is being written; its link appears here when it is ready.",
        variant: "success",
      },
      context.request,
    ),
});

export const workspaceExportIntents = { export: start };

export const workspaceExportFallback = (context: IntentContext) => redirect(here(context));
