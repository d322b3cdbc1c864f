import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { importView } from "~/.server/imports/imports";
import {
  ImportMapping,
  ImportProblems,
  ImportProgress,
  ImportResult,
  TrelloBoard,
} from "~/components/imports/import-steps";
import type { Route } from "./+types/project-import-run";
import { projectImportFallback, projectImportIntents, type ImportRefused } from "./project-import-intents.server";

/**
 * An import into a project, after its upload: the mapping of its columns with the first rows
 * as they would import, then its check or its run with progress, then what it did. Without
 * JavaScript the page refreshes itself while the job runs; with it, it revalidates.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Import ${loaderData.job.fileName} · Plotline` : "Import · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await requireActor(request, context);
  const job = await load(() => importView(actor, params.projectId, params.importId));
  return { projectId: params.projectId, job };
}

export const action = intentAction(projectImportIntents, { fallback: projectImportFallback, unnamed: "start" });

export default function ProjectImportRun({ loaderData, actionData }: Route.ComponentProps) {
  const { projectId, job } = loaderData;
  const refused = actionData as ImportRefused | undefined;
  const busy = job.state === "running" || job.state === "checking";
  return (
    <Box sx={{ maxWidth: 1000, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4" sx={{ overflowWrap: "anywhere" }}>
          Import {job.fileName}
        </Typography>
        <Typography color="textSecondary">
          <Box component={Link} to={`/app/project/${projectId}/import`} sx={{ color: "primary.main" }}>
            Another file
          </Box>{" "}
          ·{" "}
          <Box component={Link} to={`/app/project/${projectId}`} sx={{ color: "primary.main" }}>
            Back to the project
          </Box>
        </Typography>
      </Box>
      {busy ? <ImportProgress job={job} /> : null}
      {job.state === "done" || job.state === "checked" ? <ImportResult job={job} projectId={projectId} /> : null}
      {job.state === "failed" || (job.state === "checked" && job.problemCount > 0) ? (
        <ImportProblems job={job} />
      ) : null}
      {job.preview ? <ImportMapping job={job} refused={refused} /> : null}
      {job.board ? <TrelloBoard job={job} /> : null}
    </Box>
  );
}
