import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { formInput, intent } from "~/.server/http/intents";
import { redirectWithToast } from "~/.server/toast";
import { createWorkspaceCommand } from "~/.server/workspaces/workspaces";
import { createWorkspaceSchema } from "~/validation/workspace";

/** New Workspace (app/routes/app/workspace-new.tsx): its one form, which names no intent. */
const create = intent({
  command: createWorkspaceCommand,
  parse: (context) => formInput(parseWithZod(context.formData, { schema: createWorkspaceSchema }), (value) => value),
  // The form's own mistakes beside the field; a refusal past them is the plan's limit, with its link.
  refused: (refusal, _context, submission) =>
    submission!.status === "error"
      ? data({ lastResult: submission!.reply(), limited: false }, { status: 400 })
      : data({ lastResult: submission!.reply({ formErrors: [refusal.message] }), limited: true }, { status: 400 }),
  done: (workspace, context) =>
    redirectWithToast(
      `/app/workspaces/${workspace.id}`,
      {
        title: "Workspace created",
        description: `${workspace.name} is ready for projects and people.`,
        variant: "success",
      },
      context.request,
    ),
});

export const workspaceNewIntents = { create };

export const workspaceNewFallback = () => redirect("/app/workspaces/new");
