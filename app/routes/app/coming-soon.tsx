import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";

import type { Route } from "./+types/coming-soon";

/**
 * Templates and Calendar arrive with their own issues; until then their
 * paths answer inside the app shell and say so plainly.
 */
const TITLES: Record<string, string> = {
  "app-templates": "Project Templates",
  "app-calendar": "Calendar",
};

const titleOf = (id: string | undefined) => (id && TITLES[id]) ?? "Plotline";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${titleOf(matches.at(-1)?.id)} · Plotline` }];

export default function ComingSoon({ matches }: Route.ComponentProps) {
  return (
    <Box sx={{ py: 8, textAlign: "center" }}>
      <Typography component="h1" variant="h4" sx={{ mb: 2 }}>
        {titleOf(matches.at(-1)?.id)}
      </Typography>
      <Typography color="textSecondary">This part of Plotline is on its way.</Typography>
    </Box>
  );
}
