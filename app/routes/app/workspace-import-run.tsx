import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { load, requireActor } from "~/.server/http/respond";
import { workspaceImportView } from "~/.server/workspace-export/import";
import { WorkspaceImportOutcome, WorkspaceImportProgress } from "~/components/workspace-export/transfers";
import { describeSize } from "~/utils/workspace-export";
import type { Route } from "./+types/workspace-import-run";

/**
 * A workspace import after its upload: its check and its run with progress, then what it
 * made (a link to the new workspace) or why nothing was imported. Without JavaScript the
 * page refreshes itself while the job runs; with it, it revalidates.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Import ${loaderData.job.fileName} · Plotline` : "Import · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const job = await load(() => workspaceImportView(user.id, params.importId));
  return { job: { ...job, createdAt: job.createdAt.toISOString() } };
}

export default function WorkspaceImportRun({ loaderData }: Route.ComponentProps) {
  const { job } = loaderData;
  const busy = job.state !== "done" && job.state !== "failed";
  return (
    <Box sx={{ maxWidth: 760, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Import a workspace
        </Typography>
        <Typography color="textSecondary" sx={{ overflowWrap: "anywhere" }}>
          {job.fileName} · {describeSize(job.sizeBytes)} ·{" "}
          <Box component={Link} to="/app/workspaces/import" sx={{ color: "primary.main" }}>
            Another file
          </Box>
        </Typography>
      </Box>
      {busy ? <WorkspaceImportProgress job={job} /> : <WorkspaceImportOutcome job={job} />}
    </Box>
  );
}
