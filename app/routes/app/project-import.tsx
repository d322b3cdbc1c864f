import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Form, Link, useNavigation } from "react-router";

import { intentAction } from "~/.server/http/intents";
import { load, requireActor } from "~/.server/http/respond";
import { recentImports } from "~/.server/imports/imports";
import { authorize } from "~/.server/policies";
import { projectForMember } from "~/.server/projects/access";
import { TimeAgo } from "~/components/date-text";
import { SubmitButton } from "~/components/forms/fields";
import { SectionCard } from "~/components/forms/section-card";
import { IMPORT_FIELD_IDS, IMPORT_FIELDS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from "~/utils/imports";
import type { Route } from "./+types/project-import";
import { projectImportFallback, projectImportIntents, type ImportRefused } from "./project-import-intents.server";

/**
 * Import into a project, step one: choose a CSV file (a spreadsheet's or another tracker's
 * export, or this project's own). The next page maps its columns. Works without JavaScript.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `Import into ${loaderData.project.name} · Plotline` : "Import · Plotline" },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user, actor } = await requireActor(request, context);
  return load(async () => {
    const access = await projectForMember(user.id, params.projectId);
    authorize(access.role, "task.create", access.project);
    return {
      project: { id: access.project.publicId, name: access.project.name },
      recent: (await recentImports(actor, access.project.id)).map((row) => ({
        ...row,
        createdAt: row.createdAt.toISOString(),
      })),
    };
  });
}

export const action = intentAction(projectImportIntents, { fallback: projectImportFallback, unnamed: "upload" });

const STATE_LABELS: Record<string, string> = {
  uploaded: "Waiting for its columns",
  checking: "Checking…",
  checked: "Checked",
  running: "Importing…",
  done: "Imported",
  failed: "Not imported",
};

export default function ProjectImport({ loaderData, actionData }: Route.ComponentProps) {
  const { project, recent } = loaderData;
  const refused = actionData as ImportRefused | undefined;
  const navigation = useNavigation();
  return (
    <Box sx={{ maxWidth: 760, mx: "auto", display: "grid", gridTemplateColumns: "minmax(0, 1fr)", gap: 3 }}>
      <Box>
        <Typography component="h1" variant="h4">
          Import tasks
        </Typography>
        <Typography color="textSecondary">
          Into{" "}
          <Box component={Link} to={`/app/project/${project.id}`} sx={{ color: "primary.main" }}>
            {project.name}
          </Box>
          , from a CSV file (a spreadsheet, another tool&apos;s export, or this project&apos;s own{" "}
          <Box component="a" href={`/app/project/${project.id}/export.csv`} sx={{ color: "primary.main" }}>
            CSV export
          </Box>
          ) or a Trello board&apos;s JSON export.
        </Typography>
      </Box>
      <SectionCard title="Choose a file" id="import-upload">
        <Form method="post" encType="multipart/form-data" aria-label="Upload a CSV file">
          <input type="hidden" name="intent" value="upload" />
          <Box sx={{ display: "grid", gap: 2 }}>
            {refused ? (
              <Alert severity="error" role="alert">
                {refused.message}
              </Alert>
            ) : null}
            <Box>
              <Box component="label" htmlFor="import-file" sx={{ display: "block", fontWeight: 600, mb: 1 }}>
                CSV or Trello JSON file
              </Box>
              <input
                id="import-file"
                type="file"
                name="file"
                accept=".csv,.json,text/csv,text/plain,application/json"
                required
              />
              <Typography variant="body2" color="textSecondary" sx={{ mt: 1 }}>
                Up to {MAX_IMPORT_BYTES / 1024 / 1024} MB and {MAX_IMPORT_ROWS.toLocaleString("en")} rows; the first
                line of a CSV file names the columns. Next you choose which column fills which field:{" "}
                {IMPORT_FIELD_IDS.map((field) => IMPORT_FIELDS[field].label.toLowerCase()).join(", ")}.
              </Typography>
            </Box>
            <Box>
              <SubmitButton pending={navigation.state === "submitting"} pendingLabel="Uploading..." size="medium">
                Upload and map columns
              </SubmitButton>
            </Box>
          </Box>
        </Form>
      </SectionCard>
      {recent.length > 0 ? (
        <SectionCard title="Your recent imports" id="import-recent">
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0, display: "grid", gap: 1 }}>
            {recent.map((row) => (
              <li key={row.id}>
                <Button
                  component={Link}
                  to={`/app/project/${project.id}/import/${row.id}`}
                  sx={{ textTransform: "none" }}
                >
                  {row.fileName}
                </Button>{" "}
                <Typography component="span" variant="body2" color="textSecondary">
                  {STATE_LABELS[row.state] ?? row.state}
                  {row.state === "done" ? ` · ${row.created} created, ${row.updated} updated` : ""} ·{" "}
                  <TimeAgo at={row.createdAt} />
                </Typography>
              </li>
            ))}
          </Box>
        </SectionCard>
      ) : null}
    </Box>
  );
}
