import AddIcon from "@mui/icons-material/Add";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Form, useLocation, useRouteLoaderData, useSubmit } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { dashboardProjects, type ProjectSort } from "~/.server/projects/queries";
import { useCreateProject } from "~/components/app-shell/create-project-dialog";
import { DeleteProjectDialog } from "~/components/dashboard/delete-project-dialog";
import { ProjectCard, type ProjectCardData } from "~/components/dashboard/project-card";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout";

export const meta: Route.MetaFunction = () => [{ title: "My Dashboard · Plotline" }];

const SORTS: { value: ProjectSort; label: string }[] = [
  { value: "modified", label: "Last modified" },
  { value: "name", label: "Name" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const url = new URL(request.url);
  const sort: ProjectSort = url.searchParams.get("sort") === "name" ? "name" : "modified";
  const workspaceId = url.searchParams.get("workspace") || null;
  const archived = url.searchParams.get("archived") === "1";
  // One query: the starred section ignores the workspace filter, so filter here.
  const projects = await dashboardProjects(user.id, { sort, archived });
  return {
    starred: archived ? [] : projects.filter((project) => project.starred),
    projects: workspaceId ? projects.filter((project) => project.workspace.id === workspaceId) : projects,
    filters: { sort, workspaceId, archived },
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const shell = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const createProject = useCreateProject();
  // The dialog belongs to the page it was opened on: deleting navigates back here, anew.
  const location = useLocation();
  const [opened, setOpened] = useState<{ project: ProjectCardData; on: string } | null>(null);
  const deleting = opened?.on === location.key ? opened.project : null;
  const setDeleting = (project: ProjectCardData | null) => setOpened(project ? { project, on: location.key } : null);
  const { starred, projects, filters } = loaderData;
  const canCreate = shell?.workspaces.some((workspace) => workspace.canCreateProject) ?? false;

  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 4 }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          My Dashboard
        </Typography>
        {canCreate ? (
          <Button
            href="/app/projects/new"
            onClick={(event) => {
              event.preventDefault();
              createProject(filters.workspaceId ?? undefined);
            }}
            variant="contained"
            startIcon={<AddIcon />}
          >
            Create New Project
          </Button>
        ) : null}
      </Box>

      {filters.archived ? null : (
        <Box component="section" aria-labelledby="starred-heading" sx={{ mb: 5 }}>
          <Typography id="starred-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
            Starred Projects
          </Typography>
          {starred.length === 0 ? (
            <Typography color="textSecondary">No starred projects yet. Star a project to see it here!</Typography>
          ) : (
            <ProjectGrid projects={starred} onDelete={setDeleting} />
          )}
        </Box>
      )}

      <Box component="section" aria-labelledby="all-heading">
        <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 2 }}>
          <Typography id="all-heading" component="h2" variant="h5" sx={{ flexGrow: 1 }}>
            {filters.archived ? "Archived Projects" : "All Projects"}
          </Typography>
          <Filters workspaces={shell?.workspaces ?? []} filters={filters} />
        </Box>
        {projects.length === 0 ? (
          <EmptyProjects filtered={Boolean(filters.workspaceId)} archived={filters.archived} />
        ) : (
          <ProjectGrid projects={projects} onDelete={setDeleting} />
        )}
      </Box>
      {deleting ? <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} /> : null}
    </Box>
  );
}

function ProjectGrid({
  projects,
  onDelete,
}: {
  projects: ProjectCardData[];
  onDelete: (project: ProjectCardData) => void;
}) {
  return (
    <Box
      sx={{
        display: "grid",
        gap: 2.5,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", lg: "repeat(3, 1fr)", xl: "repeat(4, 1fr)" },
      }}
    >
      {projects.map((project) => (
        <ProjectCard key={project.id} project={project} onDelete={() => onDelete(project)} />
      ))}
    </Box>
  );
}

/** Workspace filter and sort: a GET form (Apply without JavaScript; with it, every change applies). */
function Filters({
  workspaces,
  filters,
}: {
  workspaces: { id: string; name: string }[];
  filters: { sort: ProjectSort; workspaceId: string | null; archived: boolean };
}) {
  const submit = useSubmit();
  return (
    <Form
      method="get"
      aria-label="Filter projects"
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
    >
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, alignItems: "center" }}>
        {filters.archived ? <input type="hidden" name="archived" value="1" /> : null}
        <TextField
          select
          size="small"
          label="Workspace"
          name="workspace"
          defaultValue={filters.workspaceId ?? ""}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 200 }}
        >
          <option value="">All workspaces</option>
          {workspaces.map((workspace) => (
            <option key={workspace.id} value={workspace.id}>
              {workspace.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort by"
          name="sort"
          defaultValue={filters.sort}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ width: 160 }}
        >
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </TextField>
        <noscript>
          <Button type="submit" variant="outlined">
            Apply
          </Button>
        </noscript>
        <Button href={filters.archived ? "/app/dashboard" : "/app/dashboard?archived=1"} size="small">
          {filters.archived ? "Back to active projects" : "Show archived"}
        </Button>
      </Box>
    </Form>
  );
}

function EmptyProjects({ filtered, archived }: { filtered: boolean; archived: boolean }) {
  const text = archived
    ? "No archived projects."
    : filtered
      ? "No projects in this workspace yet."
      : "No projects yet. Create your first project to get started.";
  return (
    <Box sx={{ py: 6, textAlign: "center", border: 1, borderStyle: "dashed", borderColor: "divider", borderRadius: 2 }}>
      <Typography color="textSecondary">{text}</Typography>
    </Box>
  );
}
