import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useRouteLoaderData } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { requireActor } from "~/.server/http/respond";
import { CreateProjectForm } from "~/components/app-shell/create-project-form";
import { PageFormActions } from "~/components/forms/fields";
import type { Route } from "./+types/project-new";
import { projectNewFallback, projectNewIntents } from "./project-new-intents.server";
import type { loader as layoutLoader } from "./layout";

/**
 * Create New Project as a page: where the dashboard's dialog posts (with JavaScript), and
 * what its button opens without. On success: the new project, with a toast.
 */
export const meta: Route.MetaFunction = () => [{ title: "New Project · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireActor(request, context);
  return { workspaceId: new URL(request.url).searchParams.get("workspace") };
}

/** Its one form is the `create` intent of project-new-intents.server.ts. */
export const action = intentAction(projectNewIntents, { fallback: projectNewFallback, unnamed: "create" });

export default function NewProject({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const workspaces = (shell?.workspaces ?? []).filter((workspace) => workspace.canCreateProject);
  return (
    <Box sx={{ maxWidth: 640, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Create New Project
      </Typography>
      {workspaces.length === 0 ? (
        <Typography>
          You can only view the workspaces you are in. Ask a workspace admin for editor access, or{" "}
          <Link component={RouterLink} to="/app/workspaces/new">
            create a workspace of your own
          </Link>
          .
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <CreateProjectForm
            workspaces={workspaces.map(({ id, name }) => ({ id, name }))}
            defaultWorkspaceId={loaderData.workspaceId}
            lastResult={actionData && "lastResult" in actionData ? actionData.lastResult : undefined}
            actions={<PageFormActions cancelTo="/app/dashboard" label="Create Project" pendingLabel="Creating..." />}
          />
        </Paper>
      )}
    </Box>
  );
}
