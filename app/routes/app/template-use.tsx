import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useRouteLoaderData } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { visibleTemplate } from "~/.server/templates/queries";
import { todayFor } from "~/.server/http/viewer";
import { PageFormActions } from "~/components/forms/fields";
import { UseTemplateForm } from "~/components/templates/use-template-form";
import type { Route } from "./+types/template-use";
import { templateUseFallback, templateUseIntents } from "./template-use-intents.server";
import type { loader as layoutLoader } from "./layout";

/**
 * Use Template as a page: where the templates page's dialog posts (with JavaScript), and
 * what its Use Template link opens without. On success: the new project, with a toast.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Use ${loaderData?.template.name ?? "Template"} · Plotline` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const { template } = await load(() => visibleTemplate(user.id, params.templateId));
  return {
    template: { id: template.publicId, name: template.name },
    today: todayFor(request),
  };
}

/** Its one form is the `use` intent of template-use-intents.server.ts. */
export const action = intentAction(templateUseIntents, { fallback: templateUseFallback, unnamed: "use" });

export default function UseTemplatePage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const { template, today } = loaderData;
  const workspaces = (shell?.workspaces ?? [])
    .filter((workspace) => workspace.canCreateProject)
    .map(({ id, name }) => ({ id, name }));
  return (
    <Box sx={{ maxWidth: 640, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Use {template.name}
      </Typography>
      {workspaces.length === 0 ? (
        <Typography>
          You can only view the workspaces you are in, so there is nowhere to create a project. Ask a workspace admin
          for editor access, or{" "}
          <Link component={RouterLink} to="/app/workspaces/new">
            create a workspace of your own
          </Link>
          .
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <UseTemplateForm
            templateId={template.id}
            templateName={template.name}
            workspaces={workspaces}
            today={today}
            lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
            actions={
              <PageFormActions
                cancelTo={`/app/templates/${template.id}`}
                label="Create Project"
                pendingLabel="Creating..."
              />
            }
          />
        </Paper>
      )}
    </Box>
  );
}
