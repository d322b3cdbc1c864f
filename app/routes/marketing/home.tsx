import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { Logo } from "~/components/logo";
import { ThemeSwitcher } from "~/components/theme-switcher";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [
  { title: "Plotline · Project and task management with an AI assistant" },
  {
    name: "description",
    content: "Plan projects, track tasks and work together in real time, with an AI assistant that knows your work.",
  },
];

export default function Home() {
  return (
    <>
      <Box component="header" sx={{ borderBottom: 1, borderColor: "divider" }}>
        <Container sx={{ py: 2, display: "flex", justifyContent: "space-between", alignItems: "center" }}>
          <Logo />
          <Stack direction="row" spacing={1}>
            <Button component={Link} to="/auth/signin">
              Sign In
            </Button>
            <Button component={Link} to="/auth/signup" variant="contained">
              Sign Up
            </Button>
          </Stack>
        </Container>
      </Box>
      <Container component="main" maxWidth="md" sx={{ py: { xs: 8, md: 14 }, textAlign: "center" }}>
        <Typography component="h1" variant="h1" sx={{ mb: 3 }}>
          Plan, track and ship together
        </Typography>
        <Typography variant="h5" component="p" color="text.secondary" sx={{ mb: 5, fontWeight: 400 }}>
          Plotline keeps your projects, tasks and team in one place, with an AI assistant that works on your real data.
        </Typography>
        <Button component={Link} to="/auth/signup" variant="contained" size="large">
          Get Early Access
        </Button>
      </Container>
      <Box component="footer" sx={{ borderTop: 1, borderColor: "divider" }}>
        <Container sx={{ py: 3, display: "flex", justifyContent: "flex-end" }}>
          <ThemeSwitcher />
        </Container>
      </Box>
    </>
  );
}
