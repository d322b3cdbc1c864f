import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { formInput, intent, replyOf, type IntentContext, type Refusal } from "~/.server/http/intents";
import { createLabelCommand, deleteLabelCommand, updateLabelCommand } from "~/.server/tasks/labels";
import { redirectWithToast } from "~/.server/toast";
import { deleteWorkspaceCommand, renameWorkspaceCommand } from "~/.server/workspaces/workspaces";
import { createLabelSchema, deleteLabelSchema, updateLabelSchema } from "~/validation/labels";
import { deleteWorkspaceSchema, renameWorkspaceSchema } from "~/validation/workspace";
import type { Submission } from "@conform-to/react";

/**
 * The workspace page's intents (app/routes/app/workspace.tsx): its name, its deletion and
 * its labels. A refusal comes back beside the field of the form it came from.
 */
const workspaceIdOf = (context: IntentContext) => context.params.workspaceId!;
const labelsHere = (context: IntentContext) => `/app/workspaces/${workspaceIdOf(context)}#workspace-labels`;

/** The name forms' refusal: conform's reply, tagged with the form it answers. */
const lastResult =
  (name: "rename" | "delete") => (refusal: Refusal, _context: IntentContext, submission?: Submission<unknown>) =>
    data({ intent: name, lastResult: replyOf(refusal, submission!) }, { status: 400 });

const rename = intent({
  command: renameWorkspaceCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: renameWorkspaceSchema }), ({ name }) => ({
      workspaceId: workspaceIdOf(context),
      name,
    })),
  refused: lastResult("rename"),
  done: (workspace, context) =>
    redirectWithToast(
      `/app/workspaces/${workspaceIdOf(context)}`,
      { title: "Workspace renamed", description: `It is now called ${workspace.name}.`, variant: "success" },
      context.request,
    ),
});

const deleteWorkspace = intent({
  command: deleteWorkspaceCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: deleteWorkspaceSchema }), ({ confirmName }) => ({
      workspaceId: workspaceIdOf(context),
      confirmName,
    })),
  // Whatever the command refuses, it is the typed name that did not match.
  refused: (refusal, context, submission) =>
    lastResult("delete")({ ...refusal, field: "confirmName" }, context, submission),
  done: (workspace, context) =>
    redirectWithToast(
      "/app/dashboard",
      {
        title: "Workspace deleted",
        description: `${workspace.name} and its projects were deleted.`,
        variant: "success",
      },
      context.request,
    ),
});

/** A label form's refusal: what was typed and why, shown in the label manager. */
const labelRefused = ({ message }: Refusal, context: IntentContext) => {
  const labelId = context.formData.get("labelId");
  return data(
    {
      intent: "label" as const,
      label: {
        labelId: context.intent === "create-label" || typeof labelId !== "string" ? null : labelId,
        name: String(context.formData.get("name") ?? "").slice(0, 100),
        color: String(context.formData.get("color") ?? ""),
        error: message,
      },
    },
    { status: 400 },
  );
};
const labelSaved = (title: string) => (label: { name: string }, context: IntentContext) =>
  redirectWithToast(
    labelsHere(context),
    { title, description: `${label.name} is ready to use.`, variant: "success" },
    context.request,
  );

const createLabel = intent({
  command: createLabelCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: createLabelSchema }), ({ name, color }) => ({
      workspaceId: workspaceIdOf(context),
      name,
      color,
    })),
  refused: labelRefused,
  done: labelSaved("Label added"),
});

const updateLabel = intent({
  command: updateLabelCommand,
  parse: (context) =>
    formInput(parseWithZod(context.formData, { schema: updateLabelSchema }), ({ labelId, name, color }) => ({
      workspaceId: workspaceIdOf(context),
      labelId,
      name,
      color,
    })),
  refused: labelRefused,
  done: labelSaved("Label saved"),
});

const deleteLabel = intent({
  command: deleteLabelCommand,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: deleteLabelSchema });
    if (submission.status !== "success") return { ok: false, field: "", message: "Choose a label of this workspace." };
    return { ok: true, input: { workspaceId: workspaceIdOf(context), labelId: submission.value.labelId } };
  },
  done: (label, context) =>
    redirectWithToast(
      labelsHere(context),
      { title: "Label deleted", description: `${label.name} was removed from every task.`, variant: "success" },
      context.request,
    ),
});

export const workspaceIntents = {
  rename,
  delete: deleteWorkspace,
  "create-label": createLabel,
  "update-label": updateLabel,
  "delete-label": deleteLabel,
};

export const workspaceFallback = (context: IntentContext) => redirect(`/app/workspaces/${workspaceIdOf(context)}`);
