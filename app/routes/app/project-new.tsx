import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link as RouterLink, useRouteLoaderData } from "react-router";

import { requireActor, run } from "~/.server/http/respond";
import { createProject } from "~/.server/projects/projects";
import { redirectWithToast } from "~/.server/toast";
import { CreateProjectForm } from "~/components/app-shell/create-project-form";
import { PageFormActions } from "~/components/forms/fields";
import { isProjectColor } from "~/utils/projects";
import { createProjectSchema } from "~/validation/project-fields";
import type { Route } from "./+types/project-new";
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

export async function action({ request, context }: Route.ActionArgs) {
  const { actor } = await requireActor(request, context);
  const submission = parseWithZod(await request.formData(), { schema: createProjectSchema });
  if (submission.status !== "success") return data({ lastResult: submission.reply() }, { status: 400 });
  const { color, ...input } = submission.value;
  const result = await run(() => createProject(actor, { ...input, color: isProjectColor(color) ? color : undefined }));
  if (!result.ok) {
    const errors = result.field
      ? { fieldErrors: { [result.field]: [result.message] } }
      : { formErrors: [result.message] };
    return data({ lastResult: submission.reply(errors) }, { status: 400 });
  }
  return redirectWithToast(
    `/app/project/${result.value.id}`,
    { title: "Project created", description: `${result.value.name} is ready.`, variant: "success" },
    request,
  );
}

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
            lastResult={actionData?.lastResult}
            actions={<PageFormActions cancelTo="/app/dashboard" label="Create Project" pendingLabel="Creating..." />}
          />
        </Paper>
      )}
    </Box>
  );
}
