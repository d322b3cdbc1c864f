import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { can } from "~/.server/policies";
import { downloadSignature, recentExports } from "~/.server/workspace-export/export";
import { workspaceForMember } from "~/.server/workspaces/membership";
import { SectionCard } from "~/components/forms/section-card";
import { ExportSection, ImportSection } from "~/components/workspace-export/transfers";
import type { Route } from "./+types/workspace-export";
import { workspaceExportFallback, workspaceExportIntents, type ExportRefused } from "./workspace-export-intents.server";

/**
 * A workspace's Export and import page: its owners export it (a job writes the zip; the
 * download link, signed for the owner, lasts seven days), and anyone may import an export
 * as a new workspace of their own. Decision 035.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Export and import · ${loaderData.workspace.name} · Plotline`
      : "Workspace Not Found · Plotline",
  },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const workspace = await load(() => workspaceForMember(user.id, params.workspaceId));
  const canExport = can(workspace.role, "workspace.export");
  const exports = canExport ? await recentExports(workspace.id) : [];
  return {
    workspace: { id: workspace.publicId, name: workspace.name },
    canExport,
    exports: exports.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      expiresAt: row.expiresAt?.toISOString() ?? null,
      download:
        row.state === "done"
          ? `/app/workspaces/${workspace.publicId}/export/${row.id}/download?sig=${downloadSignature(row.id, user.id)}`
          : null,
    })),
  };
}

export const action = intentAction(workspaceExportIntents, { fallback: workspaceExportFallback, unnamed: "export" });

export default function WorkspaceExportPage({ loaderData, actionData }: Route.ComponentProps) {
  const { workspace, canExport, exports } = loaderData;
  const refused = actionData as ExportRefused | undefined;
  return (
    <Box sx={{ maxWidth: 900, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Export and import
        </Typography>
        <Typography color="textSecondary">
          <Box component={Link} to={`/app/workspaces/${workspace.id}`} sx={{ color: "primary.main" }}>
            {workspace.name}
          </Box>
        </Typography>
      </Box>
      {canExport ? (
        <ExportSection exports={exports} refused={refused?.error} />
      ) : (
        <SectionCard title="Export this workspace" id="workspace-export">
          <Typography color="textSecondary">Only the workspace owner can export the workspace.</Typography>
        </SectionCard>
      )}
      <ImportSection />
    </Box>
  );
}
