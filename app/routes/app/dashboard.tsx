import { useState } from "react";
import { Form, Link, useLocation, useRouteLoaderData, useSubmit } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { dashboardPage, type ProjectCard, type ProjectSort } from "~/.server/projects/queries";
import { myTaskSummary } from "~/.server/tasks/my-tasks";
import { todayFor } from "~/.server/http/viewer";
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
    myTaskSummary(user.id, todayFor(request)),
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
    <div className="pl-dashboard">
      <div className="pl-page-head">
        <h1>My Dashboard</h1>
        {canCreate ? (
          <a
            href="/app/projects/new"
            className="pl-primary-button"
            onClick={(event) => {
              event.preventDefault();
              createProject(filters.workspaceId ?? undefined);
            }}
          >
            <AddIcon />
            Create New Project
          </a>
        ) : null}
      </div>

      {filters.archived ? null : (
        <section aria-labelledby="my-work-heading" className="pl-section">
          <h2 id="my-work-heading">My Work</h2>
          <MyWorkFigures summary={myWork} />
        </section>
      )}

      {filters.archived ? null : (
        <section aria-labelledby="starred-heading" className="pl-section">
          <h2 id="starred-heading">Starred Projects</h2>
          {starred.total === 0 ? (
            <p className="pl-note">No starred projects yet. Star a project to see it here!</p>
          ) : (
            <>
              <ProjectGrid scope="starred" projects={starred.items} onDelete={setDeleting} />
              <ShowMore scope="starred" next={starred.next} shown={filters.shown} total={starred.total} />
            </>
          )}
        </section>
      )}

      <section aria-labelledby="all-heading">
        <div className="pl-section-head">
          <h2 id="all-heading">{filters.archived ? "Archived Projects" : "All Projects"}</h2>
          <Filters workspaces={shell?.workspaces ?? []} filters={filters} />
        </div>
        {projects.total === 0 ? (
          <EmptyProjects
            filtered={Boolean(filters.workspaceId)}
            archived={filters.archived}
            create={canCreate ? () => createProject(filters.workspaceId ?? undefined) : null}
          />
        ) : (
          <>
            <ProjectGrid scope="all" projects={projects.items} onDelete={setDeleting} />
            <ShowMore scope="all" next={projects.next} shown={filters.shown} total={projects.total} />
          </>
        )}
      </section>
      {deleting ? <DeleteProjectDialog project={deleting} onClose={() => setDeleting(null)} /> : null}
    </div>
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
    <div className="pl-show-more">
      <Link className="pl-link-button" to={`?${params}#${scope}-${next}`} preventScrollReset>
        Show more
      </Link>
      <p>
        Showing {shown} of {total}
      </p>
    </div>
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
      className="pl-dashboard-filters"
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
    </Form>
  );
}

/** No project to show: says why, and (when the viewer may) offers the first one. */
function EmptyProjects({
  filtered,
  archived,
  create,
}: {
  filtered: boolean;
  archived: boolean;
  create: (() => void) | null;
}) {
  const text = archived
    ? "No archived projects."
    : filtered
      ? "No projects in this workspace yet."
      : "No projects yet. Create your first project to get started.";
  return (
    <div className="pl-empty-projects">
      <p className="pl-note">{text}</p>
      {create && !archived ? (
        <a
          href="/app/projects/new"
          className="pl-primary-button"
          onClick={(event) => {
            event.preventDefault();
            create();
          }}
        >
          <AddIcon />
          Create your first project
        </a>
      ) : null}
    </div>
  );
}
