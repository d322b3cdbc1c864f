import { redirect } from "react-router";

import { intent, type IntentContext } from "~/.server/http/intents";
import { deleteProjectCommand } from "~/.server/projects/projects";
import { redirectWithToast } from "~/.server/toast";

/**
 * Delete Project, confirmed on its own page (app/routes/app/project-delete.tsx) or in the
 * dashboard's dialog posting there: its one form, which names no intent.
 */
const deleteProject = intent({
  command: deleteProjectCommand,
  parse: (context) => ({ ok: true, input: { projectId: context.params.projectId! } }),
  done: (project, context) =>
    redirectWithToast(
      "/app/dashboard",
      { title: "Project deleted", description: `${project.name} was deleted.`, variant: "success" },
      context.request,
    ),
});

export const projectDeleteIntents = { delete: deleteProject };

export const projectDeleteFallback = (context: IntentContext) =>
  redirect(`/app/project/${context.params.projectId}/delete`);
