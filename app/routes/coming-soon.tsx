import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";

import { Logo } from "~/components/logo";
import { ThemeSwitcher } from "~/components/theme-switcher";
import type { Route } from "./+types/coming-soon";

/**
 * Stands in for every screen whose issue has not landed yet, so every path of the route
 * map answers. Each route that uses it names itself by its id.
 */
const TITLES: Record<string, string> = {
  "auth-signin": "Sign In",
  "auth-signup": "Sign Up",
  "auth-forgot-password": "Forgot Password",
  "auth-callback": "Signing In",
  "app-dashboard": "My Dashboard",
  "app-project": "Project",
  "app-team": "Team Management",
  "app-templates": "Project Templates",
  "app-calendar": "Calendar",
  "app-settings": "Settings",
};

export function loader({ request }: Route.LoaderArgs) {
  return { path: new URL(request.url).pathname };
}

export const meta: Route.MetaFunction = ({ matches }) => [{ title: `${titleOf(matches.at(-1)?.id)} · Plotline` }];

function titleOf(id: string | undefined) {
  return (id && TITLES[id]) ?? "Plotline";
}

export default function ComingSoon({ matches }: Route.ComponentProps) {
  const title = titleOf(matches.at(-1)?.id);
  return (
    <>
      <Box component="header" sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Container sx={{ py: 2 }}>
          <Logo />
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: 12, textAlign: "center" }}>
        <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Typography color="textSecondary">This page is coming soon.</Typography>
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: "divider" }}>
        <Container sx={{ py: 3, display: "flex", justifyContent: "flex-end" }}>
          <ThemeSwitcher />
        </Container>
      </Box>
    </>
  );
}
