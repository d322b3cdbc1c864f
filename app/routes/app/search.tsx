import SearchIcon from "@mui/icons-material/Search";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { searchProjects } from "~/.server/projects/queries";
import { ProjectList } from "~/components/lists/project-list";
import type { Route } from "./+types/search";

/** Search: for now, project names in the user's workspaces (full-text search comes later). */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query ? `“${loaderData.query}” · Search · Plotline` : "Search · Plotline" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, 100);
  return { query, results: query ? await searchProjects(user.id, query) : [] };
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, results } = loaderData;
  return (
    <Box sx={{ maxWidth: 800, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Search
      </Typography>
      <Form method="get" role="search" aria-label="Search projects">
        <Box sx={{ display: "flex", gap: 1.5 }}>
          <TextField name="q" type="search" label="Project name" defaultValue={query} fullWidth autoComplete="off" />
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
        </Box>
      </Form>
      <Box component="section" aria-labelledby="results-heading" sx={{ mt: 4 }}>
        <Typography id="results-heading" component="h2" variant="h6" sx={{ mb: 1 }}>
          {!query
            ? "Type a project name to search"
            : results.length === 0
              ? `No projects match “${query}”`
              : `${results.length} project${results.length === 1 ? "" : "s"} match “${query}”`}
        </Typography>
        <ProjectList
          ruled
          projects={results.map((project) => ({
            id: project.id,
            name: project.name,
            color: project.color,
            detail: `${project.workspace.name} · ${project.key}`,
            archived: project.archived,
          }))}
        />
      </Box>
    </Box>
  );
}
