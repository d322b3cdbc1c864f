import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Stack from "@mui/material/Stack";
import Toolbar from "@mui/material/Toolbar";
import { Link, useRouteLoaderData } from "react-router";

import { AccountMenu } from "~/components/account-menu";
import { Menu as MenuIcon } from "~/components/icons/material";
import { Logo } from "~/components/logo";
import type { SessionUser } from "~/utils/session-user";
import { RequestDemoButton } from "./request-demo";

export const SITE_ANCHORS = [
  { href: "/#features", label: "Features" },
  { href: "/#integrations", label: "Integrations" },
  { href: "/#testimonials", label: "Testimonials" },
  { href: "/#pricing", label: "Pricing" },
];

/**
 * The public header: logo, the landing anchors, and the signed-out actions. On small
 * screens the links fold into a <details> menu, which opens without JavaScript too.
 */
export function SiteHeader() {
  const user = useRouteLoaderData<{ user: SessionUser | null }>("root")?.user ?? null;
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}
    >
      <Container>
        <Toolbar disableGutters sx={{ gap: 2, minHeight: 64 }}>
          <Logo />
          <Box component="nav" aria-label="Main" sx={{ display: { xs: "none", md: "flex" }, gap: 0.5, ml: 3 }}>
            {SITE_ANCHORS.map((anchor) => (
              <Button key={anchor.href} href={anchor.href} color="inherit" sx={{ color: "text.secondary" }}>
                {anchor.label}
              </Button>
            ))}
          </Box>
          <Box sx={{ flexGrow: 1 }} />
          {user ? (
            <AccountMenu user={user} withDashboard />
          ) : (
            <>
              <Stack direction="row" spacing={1} sx={{ display: { xs: "none", md: "flex" }, alignItems: "center" }}>
                <Button component={Link} to="/auth/signin" color="inherit">
                  Sign In
                </Button>
                <Button component={Link} to="/auth/signup" variant="outlined">
                  Sign Up
                </Button>
                <RequestDemoButton variant="contained">Request Demo</RequestDemoButton>
              </Stack>
              <MobileMenu />
            </>
          )}
        </Toolbar>
      </Container>
    </AppBar>
  );
}

function MobileMenu() {
  return (
    <Box
      component="details"
      sx={{
        display: { xs: "block", md: "none" },
        "& > summary": { listStyle: "none", cursor: "pointer" },
        "& > summary::-webkit-details-marker": { display: "none" },
      }}
    >
      <Box
        component="summary"
        aria-label="Menu"
        sx={{ p: 1, borderRadius: 2, display: "flex", "&:focus-visible": { outline: 2, outlineColor: "primary.main" } }}
      >
        <MenuIcon />
      </Box>
      <Box
        component="nav"
        aria-label="Mobile"
        sx={{
          position: "absolute",
          left: 0,
          right: 0,
          top: "100%",
          bgcolor: "background.paper",
          borderBottom: 1,
          borderColor: "divider",
          boxShadow: 4,
          p: 2,
          display: "grid",
          gap: 1,
        }}
      >
        {SITE_ANCHORS.map((anchor) => (
          <Button key={anchor.href} href={anchor.href} color="inherit" sx={{ justifyContent: "flex-start" }}>
            {anchor.label}
          </Button>
        ))}
        <Button component={Link} to="/auth/signin" color="inherit" sx={{ justifyContent: "flex-start" }}>
          Sign In
        </Button>
        <Button component={Link} to="/auth/signup" variant="outlined">
          Sign Up
        </Button>
        <RequestDemoButton variant="contained">Request Demo</RequestDemoButton>
      </Box>
    </Box>
  );
}
