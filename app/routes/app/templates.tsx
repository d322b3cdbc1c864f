import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Form, Link as RouterLink, useLocation, useRouteLoaderData } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { listTemplates } from "~/.server/templates/queries";
import { todayFor } from "~/.server/http/viewer";
import { Dropdown } from "~/components/dropdown";
import { FilterList as FilterListIcon, Search as SearchIcon } from "~/components/icons/material";
import { useLiveRevalidation } from "~/components/realtime/realtime-provider";
import { TemplateGrid } from "~/components/templates/template-grid";
import { TemplateIconSprite } from "~/components/templates/template-icons";
import type { TemplateCardData } from "~/components/templates/types";
import { UseTemplateDialog } from "~/components/templates/use-template-dialog";
import { TEMPLATE_CATEGORIES } from "~/utils/template-icons";
import { TEMPLATE_QUERY_MAX } from "~/validation/templates";
import type { Route } from "./+types/templates";
import type { loader as layoutLoader } from "./layout";

/**
 * Project Templates: the built-ins and the templates of the user's workspaces, filtered by
 * category, searched by name and description and narrowed to My Templates on the server
 * (`?q=&category=&mine=1`, plain GET links and forms). Use Template opens a dialog with
 * JavaScript and its own page without.
 */
export const meta: Route.MetaFunction = () => [{ title: "Project Templates · Plotline" }];

/** Cards on one page: far more than anyone browses; search and the filter narrow it. */
const TEMPLATES_SHOWN = 60;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const url = new URL(request.url);
  const list = await listTemplates(user.id, {
    q: (url.searchParams.get("q") ?? "").trim().slice(0, TEMPLATE_QUERY_MAX),
    category: url.searchParams.get("category"),
    mine: url.searchParams.get("mine") === "1",
    limit: TEMPLATES_SHOWN,
  });
  return {
    templates: list.items.map((template): TemplateCardData => ({
      id: template.id,
      name: template.name,
      description: template.description,
      category: template.category,
      icon: template.icon,
      color: template.color,
      builtIn: template.builtIn,
      mine: template.mine,
      workspace: template.workspace,
    })),
    total: list.total,
    filters: list.filters,
    today: todayFor(request),
  };
}

type Filters = Route.ComponentProps["loaderData"]["filters"];

/** The list's URL with some filters changed (null removes one). */
function hrefWith(filters: Filters, changes: Partial<Record<"q" | "category" | "mine", string | null>>) {
  const params = new URLSearchParams();
  const next = {
    q: filters.q || null,
    category: filters.category,
    mine: filters.mine ? "1" : null,
    ...changes,
  };
  for (const [name, value] of Object.entries(next)) if (value) params.set(name, value);
  const query = params.toString();
  return query ? `/app/templates?${query}` : "/app/templates";
}

export default function Templates({ loaderData }: Route.ComponentProps) {
  // Saved, edited and deleted templates of the user's workspaces appear and go.
  useLiveRevalidation((event) => event.type.startsWith("template."), 500);
  const shell = useRouteLoaderData<typeof layoutLoader>("routes/app/layout");
  const workspaces = (shell?.workspaces ?? [])
    .filter((workspace) => workspace.canCreateProject)
    .map(({ id, name }) => ({ id, name }));
  const { templates, total, filters, today } = loaderData;
  // The dialog belongs to the page it was opened on: creating navigates away from it.
  const location = useLocation();
  const [opened, setOpened] = useState<{ template: TemplateCardData; on: string } | null>(null);
  const using = opened?.on === location.key ? opened.template : null;
  const filtered = Boolean(filters.q || filters.category || filters.mine);

  return (
    <Box sx={{ maxWidth: 1280, mx: "auto" }}>
      <TemplateIconSprite />
      <Box sx={{ display: "flex", flexWrap: "wrap", alignItems: "center", gap: 2, mb: 3 }}>
        <Typography component="h1" variant="h4" sx={{ flexGrow: 1 }}>
          Project Templates
        </Typography>
        <Dropdown
          label={`Filter by category${filters.category ? `: ${filters.category}` : ""}`}
          width={220}
          summaryShape="outlined"
          summary={
            <span className="pl-menu-label">
              <FilterListIcon fontSize="small" /> {filters.category ? `Filter: ${filters.category}` : "Filter"}
            </span>
          }
        >
          <RouterLink
            className="pl-menu-item"
            to={hrefWith(filters, { category: null })}
            aria-current={filters.category === null ? "page" : undefined}
          >
            All categories
          </RouterLink>
          {TEMPLATE_CATEGORIES.map((category) => (
            <RouterLink
              key={category}
              className="pl-menu-item"
              to={hrefWith(filters, { category })}
              aria-current={filters.category === category ? "page" : undefined}
            >
              {category}
            </RouterLink>
          ))}
        </Dropdown>
        <Button
          component={RouterLink}
          to={hrefWith(filters, { mine: filters.mine ? null : "1" })}
          variant={filters.mine ? "contained" : "outlined"}
          aria-current={filters.mine ? "page" : undefined}
        >
          My Templates
        </Button>
      </Box>

      <Form method="get" role="search" aria-label="Search templates">
        {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
        {filters.mine ? <input type="hidden" name="mine" value="1" /> : null}
        <Box sx={{ display: "flex", gap: 1.5, mb: 3 }}>
          <TextField
            // A new search or "Show all" shows its own words, not the last ones typed.
            key={filters.q}
            name="q"
            type="search"
            label="Search templates"
            defaultValue={filters.q}
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: TEMPLATE_QUERY_MAX } }}
          />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
        </Box>
      </Form>

      <Box component="section" aria-labelledby="templates-heading">
        <Typography id="templates-heading" component="h2" variant="h6" sx={{ mb: 2 }} aria-live="polite">
          {heading(filters, total)}
        </Typography>
        {templates.length === 0 ? (
          <EmptyTemplates filters={filters} />
        ) : (
          <>
            <TemplateGrid
              templates={templates}
              onUse={workspaces.length > 0 ? (template) => setOpened({ template, on: location.key }) : undefined}
            />
            {total > templates.length ? (
              <Typography color="textSecondary" sx={{ mt: 2 }}>
                Showing {templates.length} of {total}. Search or filter by category to find the others.
              </Typography>
            ) : null}
          </>
        )}
        {filtered ? (
          <Typography sx={{ mt: 3 }}>
            <Link component={RouterLink} to="/app/templates">
              Show all templates
            </Link>
          </Typography>
        ) : null}
      </Box>
      {using ? (
        <UseTemplateDialog template={using} workspaces={workspaces} today={today} onClose={() => setOpened(null)} />
      ) : null}
    </Box>
  );
}

function heading(filters: Filters, total: number) {
  const what = [filters.mine ? "My Templates" : "All templates", filters.category ? `in ${filters.category}` : null]
    .filter(Boolean)
    .join(" ");
  const count = `${total} template${total === 1 ? "" : "s"}`;
  return filters.q ? `${count} match “${filters.q}” (${what})` : `${what} · ${count}`;
}

function EmptyTemplates({ filters }: { filters: Filters }) {
  if (filters.mine && !filters.q && !filters.category) {
    return (
      <Typography color="textSecondary">
        You have not saved any templates yet. Open a project's Settings and choose Save as Template to reuse its
        statuses, tasks and labels.
      </Typography>
    );
  }
  return (
    <Typography color="textSecondary">
      {filters.q ? `No templates match “${filters.q}”.` : "No templates in this category yet."} Try other words or
      another category.
    </Typography>
  );
}
