import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { requireActor } from "~/.server/http/respond";
import { recentWorkspaceImports } from "~/.server/workspace-export/import";
import { TimeAgo } from "~/components/date-text";
import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { MAX_WORKSPACE_IMPORT_BYTES, describeSize } from "~/utils/workspace-export";
import type { Route } from "./+types/workspace-import";
import {
  workspaceImportFallback,
  workspaceImportIntents,
  type WorkspaceImportRefused,
} from "./workspace-import-intents.server";

/**
 * Import a workspace export (a zip from any Plotline server's Export and import page) as a
 * new workspace the member owns. The upload streams to disk; the next page follows the job.
 * Works without JavaScript.
 */
export const meta: Route.MetaFunction = () => [{ title: "Import a workspace · Plotline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const recent = await recentWorkspaceImports(user.id);
  return { recent: recent.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() })) };
}

export const action = intentAction(workspaceImportIntents, { fallback: workspaceImportFallback, unnamed: "upload" });

const STATE_LABELS: Record<string, string> = {
  queued: "Waiting…",
  checking: "Checking…",
  running: "Importing…",
  done: "Imported",
  failed: "Not imported",
};

export default function WorkspaceImport({ loaderData, actionData }: Route.ComponentProps) {
  const { recent } = loaderData;
  const refused = actionData as WorkspaceImportRefused | undefined;
  const navigation = useNavigation();
  return (
    <Box sx={{ maxWidth: 760, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Import a workspace
        </Typography>
        <Typography color="textSecondary">
          From a workspace export (Workspace → Export and import on any Plotline server), as a new workspace that you
          own.
        </Typography>
      </Box>
      <SectionCard title="Choose the export" id="workspace-import-upload">
        <Form method="post" encType="multipart/form-data" aria-label="Upload a workspace export">
          <input type="hidden" name="intent" value="upload" />
          <Box sx={{ display: "grid", gap: 2 }}>
            {refused ? (
              <Alert severity="error" role="alert">
                {refused.message}
              </Alert>
            ) : null}
            <Box>
              <Box component="label" htmlFor="workspace-import-file" sx={{ display: "block", fontWeight: 600, mb: 1 }}>
                Workspace export (.zip)
              </Box>
              <input id="workspace-import-file" type="file" name="file" accept=".zip,application/zip" required />
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                Up to {describeSize(MAX_WORKSPACE_IMPORT_BYTES)}. The file is checked first (every part against its
                checksum); then the workspace is written as one change, so a damaged file imports nothing. Members are
                matched by e-mail to the accounts on this server.
              </Typography>
            </Box>
            <Box>
              <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Uploading..." size="medium">
                Upload and import
              </SubmitButton>
            </Box>
          </Box>
        </Form>
      </SectionCard>
      {recent.length > 0 ? (
        <SectionCard title="Your recent imports" id="workspace-import-recent">
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
            {recent.map((row) => (
              <li key={row.id}>
                <Button component={Link} to={`/app/workspaces/import/${row.id}`} sx={{ textTransform: "none" }}>
                  {row.fileName}
                </Button>{" "}
                <Typography component="span" variant="body2" color="textSecondary">
                  {STATE_LABELS[row.state] ?? row.state} · <TimeAgo at={row.createdAt} />
                </Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
      ) : null}
    </Box>
  );
}
