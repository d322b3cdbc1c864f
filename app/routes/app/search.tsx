import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { Form } from "react-router";

import { requireActor } from "~/.server/http/respond";
import { searchPage } from "~/.server/search/page";
import { Search as SearchIcon } from "~/components/icons/material";
import { SearchResultsView } from "~/components/search/search-results";
import type { Route } from "./+types/search";

/**
 * Search (`?q=`): projects, tasks, comments, templates and members of the user's
 * workspaces, grouped by type; `&type=` shows one type, paged with `&show=`. A plain GET
 * form, so it works without JavaScript. `&palette=1` answers the command palette's quick
 * results (projects and tasks) through a fetcher.
 */
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.query ? `“${loaderData.query}” · Search · Plotline` : "Search · Plotline" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireActor(request, context);
  return searchPage(user.id, new URL(request.url));
}

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, type } = loaderData;
  return (
    <Box sx={{ maxWidth: 860, mx: "auto" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 3 }}>
        Search
      </Typography>
      <Form method="get" role="search" aria-label="Search everything">
        <Box sx={{ display: "flex", gap: 1.5 }}>
          <TextField
            key={query}
            name="q"
            type="search"
            label="Search for"
            defaultValue={query}
            fullWidth
            autoComplete="off"
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
          {type ? <input type="hidden" name="type" value={type} /> : null}
          <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
            Search
          </Button>
        </Box>
      </Form>
      <SearchResultsView {...loaderData} />
    </Box>
  );
}
