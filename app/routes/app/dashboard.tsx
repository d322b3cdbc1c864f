import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import { styled } from "@mui/material/styles";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Form, Link, useLocation, useRouteLoaderData, useSubmit } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { dashboardPage, type ProjectCard, type ProjectSort } from "~/.server/projects/queries";
import { myTaskSummary } from "~/.server/tasks/my-tasks";
import { useCreateProject } from "~/components/app-shell/create-project-dialog";
import { DeleteProjectDialog } from "~/components/dashboard/delete-project-dialog";
import { ProjectGrid, type ProjectCardData } from "~/components/dashboard/project-grid";
import { Add as AddIcon } from "~/components/icons/material";
import { MyWorkFigures } from "~/components/tasks/my-work";
import type { Route } from "./+types/dashboard";
import type { loader as layoutLoader } from "./layout";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";

export const meta: Route.MetaFunction = () => [{ title: "My Dashboard · Plotline" }];

/** Cards per "page": the grid grows by this much with each Show more (a GET link). */
const DASHBOARD_PAGE = 24;
/** Past this, Show more stops growing the page: the workspace filter narrows it instead. */
const DASHBOARD_MAX = 480;

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
  const asked = Math.floor(Number(url.searchParams.get("show")) / DASHBOARD_PAGE) * DASHBOARD_PAGE;
  const shown = Math.min(DASHBOARD_MAX, Math.max(DASHBOARD_PAGE, asked || 0));
  // Bounded on the server: one more row than shown tells where Show more lands.
  const [{ projects, starred }, myWork] = await Promise.all([
    dashboardPage(user.id, { sort, archived, workspaceId, limit: shown + 1 }),
    myTaskSummary(user.id, new Date().toISOString().slice(0, 10)),
  ]);
  return {
    myWork,
    starred: page(starred, shown),
    projects: page(projects, shown),
    filters: { sort, workspaceId, archived, shown },
  };
}

/** The first `shown` items, their total and, when there are more, the id of the next one (Show more lands there). */
function page({ items, total }: { items: ProjectCard[]; total: number }, shown: number) {
  return {
    // Only what a card shows goes to the page.
    items: items.slice(0, shown).map((project): ProjectCardData => ({
      id: project.id,
      name: project.name,
      color: project.color,
      coverUrl: project.coverUrl,
      archived: project.archived,
      starred: project.starred,
      updatedAt: project.updatedAt,
      workspace: project.workspace,
      canEdit: project.canEdit,
      canDelete: project.canDelete,
    })),
    total,
    next: shown < DASHBOARD_MAX ? (items[shown]?.id ?? null) : null,
  };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  // Projects appear, change and go, and My Work counts move with tasks anywhere.
  useLiveRevalidation((event) => event.type.startsWith("project.") || event.type.startsWith("task."), 500);
  const shell = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const createProject = useCreateProject();
  // The dialog belongs to the page it was opened on: deleting navigates back here, anew.
  const location = useLocation();
  const [opened, setOpened] = useState<{ project: ProjectCardData; on: string } | null>(null);
  const deleting = opened?.on === location.key ? opened.project : null;
  const setDeleting = (project: ProjectCardData | null) => setOpened(project ? { project, on: location.key } : null);
  const { starred, projects, filters, myWork } = loaderData;
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
        <Box component="section" aria-labelledby="my-work-heading" sx={{ mb: 5 }}>
          <Typography id="my-work-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
            My Work
          </Typography>
          <MyWorkFigures summary={myWork} />
        </Box>
      )}

      {filters.archived ? null : (
        <Box component="section" aria-labelledby="starred-heading" sx={{ mb: 5 }}>
          <Typography id="starred-heading" component="h2" variant="h5" sx={{ mb: 2 }}>
            Starred Projects
          </Typography>
          {starred.total === 0 ? (
            <Typography color="textSecondary">No starred projects yet. Star a project to see it here!</Typography>
          ) : (
            <>
              <ProjectGrid scope="starred" projects={starred.items} onDelete={setDeleting} />
              <ShowMore scope="starred" next={starred.next} shown={filters.shown} total={starred.total} />
            </>
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
        {projects.total === 0 ? (
          <EmptyProjects filtered={Boolean(filters.workspaceId)} archived={filters.archived} />
        ) : (
          <>
            <ProjectGrid scope="all" projects={projects.items} onDelete={setDeleting} />
            <ShowMore scope="all" next={projects.next} shown={filters.shown} total={projects.total} />
          </>
        )}
      </Box>
      {deleting ? <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} /> : null}
    </Box>
  );
}

/**
 * A GET link to the same page with the next page of cards: works without JavaScript, and
 * lands on the first new card.
 */
function ShowMore({ scope, next, shown, total }: { scope: string; next: string | null; shown: number; total: number }) {
  const location = useLocation();
  if (!next) return null;
  const params = new URLSearchParams(location.search);
  params.delete("menu");
  params.set("show", String(shown + DASHBOARD_PAGE));
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 2.5 }}>
      <Link className="pl-link-button" to={`?${params}#${scope}-${next}`} preventScrollReset>
        Show more
      </Link>
      <Typography variant="body2" color="textSecondary">
        Showing {shown} of {total}
      </Typography>
    </Box>
  );
}

/** Workspace filter and sort: a GET form (Apply without JavaScript; with it, every change applies). */
/** Plain labelled selects, styled once here: two MUI text fields cost ~7 KB of CSS per page. */
const FilterForm = styled(Form)(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "flex",
    flexWrap: "wrap",
    gap: 12,
    alignItems: "center",
    "& label": { display: "grid", gap: 2, fontSize: 12, color: palette.text.secondary },
    "& select": {
      font: "inherit",
      fontSize: 14,
      padding: "7px 10px",
      minWidth: 150,
      borderRadius: theme.shape.borderRadius,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
      color: palette.text.primary,
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "& .pl-text-link": {
      color: palette.primary.main,
      fontSize: 13,
      fontWeight: 600,
      textDecoration: "none",
      padding: "4px 6px",
      "&:hover": { textDecoration: "underline" },
    },
  };
});

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
    <FilterForm
      method="get"
      aria-label="Filter projects"
      onChange={(event) => void submit(event.currentTarget, { preventScrollReset: true })}
    >
      {filters.archived ? <input type="hidden" name="archived" value="1" /> : null}
      <label>
        Workspace
        <select name="workspace" defaultValue={filters.workspaceId ?? ""}>
          <option value="">All workspaces</option>
          {workspaces.map((workspace) => (
            <option key={workspace.id} value={workspace.id}>
              {workspace.name}
            </option>
          ))}
        </select>
      </label>
      <label>
        Sort by
        <select name="sort" defaultValue={filters.sort}>
          {SORTS.map((sort) => (
            <option key={sort.value} value={sort.value}>
              {sort.label}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button type="submit" className="pl-link-button">
          Apply
        </button>
      </noscript>
      <Link className="pl-text-link" to={filters.archived ? "/app/dashboard" : "/app/dashboard?archived=1"}>
        {filters.archived ? "Back to active projects" : "Show archived"}
      </Link>
    </FilterForm>
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
