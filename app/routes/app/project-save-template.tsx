import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { authorize } from "~/.server/policies";
import { projectForMember } from "~/.server/projects/access";
import { PageFormActions } from "~/components/forms/fields";
import { TemplateFieldsForm } from "~/components/templates/template-fields-form";
import { isProjectColor } from "~/utils/projects";
import { TEMPLATE_DESCRIPTION_MAX, templateFieldsSchema } from "~/validation/templates";
import type { Route } from "./+types/project-save-template";
import { projectSaveTemplateFallback, projectSaveTemplateIntents } from "./project-save-template-intents.server";

/**
 * Save as Template: a page (no JavaScript needed) reached from the project's Settings and
 * its Share menu. The template keeps the project's statuses, tasks, subtasks, checklists,
 * labels and dates, not its people or conversations, and is shared in its workspace.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Save ${loaderData?.project.name ?? "Project"} as a Template · Plotline` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const access = await load(async () => {
    const found = await projectForMember(user.id, params.projectId);
    authorize(found.role, "template.create");
    return found;
  });
  return {
    project: {
      id: access.project.publicId,
      name: access.project.name,
      description: access.project.description,
      color: access.project.color,
      workspace: access.workspace.name,
    },
  };
}

/** Its one form is the `save` intent of project-save-template-intents.server.ts. */
export const action = intentAction(projectSaveTemplateIntents, {
  fallback: projectSaveTemplateFallback,
  unnamed: "save",
});

export default function SaveProjectAsTemplate({ loaderData, actionData }: Route.ComponentProps) {
  const { project } = loaderData;
  const back = `/app/project/${project.id}?view=settings`;
  return (
    <Box sx={{ maxWidth: 640, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 1 }}>
        Save as Template
      </Typography>
      <Typography color="textSecondary" sx={{ mb: 3 }}>
        Reuse the structure of {project.name}: its statuses, tasks and subtasks with their checklists, labels and dates
        (counted from its first day). Assignees, comments, attachments and chat stay with the project. Everyone in{" "}
        {project.workspace} will see the template.
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <TemplateFieldsForm
          id="save-template"
          label="Save as template"
          schema={templateFieldsSchema}
          defaultValue={{
            name: project.name,
            // A project's description may be longer than a template's.
            description: project.description.slice(0, TEMPLATE_DESCRIPTION_MAX),
            category: "General",
            color: isProjectColor(project.color) ? project.color : undefined,
          }}
          lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
          actions={<PageFormActions cancelTo={back} label="Save Template" pendingLabel="Saving..." />}
        />
      </Paper>
    </Box>
  );
}
