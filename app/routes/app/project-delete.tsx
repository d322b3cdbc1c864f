import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Form, Link as RouterLink, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { projectForMember } from "~/.server/projects/access";
import { authorize } from "~/.server/policies";
import { SubmitButton } from "~/components/forms/fields";
import type { Route } from "./+types/project-delete";
import { projectDeleteFallback, projectDeleteIntents } from "./project-delete-intents.server";

/**
 * Confirms deleting a project from the dashboard: this page without JavaScript, a dialog
 * posting here with it. (The project's settings ask for the name to be typed instead.)
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Delete ${loaderData?.name ?? "project"} · Plotline` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return load(async () => {
    const access = await projectForMember(user.id, params.projectId);
    authorize(access.role, "project.delete", access.project);
    return { id: access.project.publicId, name: access.project.name, workspace: access.workspace.name };
  });
}

/** Its one form is the `delete` intent of project-delete-intents.server.ts. */
export const action = intentAction(projectDeleteIntents, { fallback: projectDeleteFallback, unnamed: "delete" });

export default function DeleteProject({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  return (
    <Box sx={{ maxWidth: 560, mx: "auto" }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 } }}>
        <Typography component="h1" variant="h5" sx={{ mb: 2 }}>
          Delete {loaderData.name}?
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 3 }}>
          The project disappears for everyone in {loaderData.workspace}. Its activity stays in the workspace&apos;s log.
        </Typography>
        <Form method="post">
          <Box sx={{ display: "flex", gap: 1, justifyContent: "flex-end" }}>
            <Button component={RouterLink} to="/app/dashboard">
              Cancel
            </Button>
            <SubmitButton
              pending={navigation.state === "submitting"}
              pendingLabel="Deleting..."
              color="error"
              size="medium"
            >
              Delete Project
            </SubmitButton>
          </Box>
        </Form>
      </Paper>
    </Box>
  );
}
