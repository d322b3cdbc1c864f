import SearchIcon from "@mui/icons-material/Search";
import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import InputBase from "@mui/material/InputBase";
import Toolbar from "@mui/material/Toolbar";
import { useEffect, useState } from "react";
import { Form, NavLink, useSearchParams } from "react-router";

import { AccountMenu } from "~/components/account-menu";
import { Logo } from "~/components/logo";
import { NotificationsMenu } from "./notifications-menu";
import { SidebarToggle } from "./sidebar-toggle";
import { ThemeMenu } from "./theme-menu";
import type { ShellData } from "./types";

/** The spec's threshold: past 20 px of scroll the bar gets its stronger background. */
const SCROLL_THRESHOLD = 20;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

const topLinkSx = {
  color: "text.secondary",
  fontWeight: 500,
  "&.active": { color: "primary.main", fontWeight: 600 },
} as const;

export function TopBar({ shell, mobileMenu }: { shell: ShellData; mobileMenu: React.ReactNode }) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  return (
    <AppBar
      position="sticky"
      color="inherit"
      elevation={0}
      data-scrolled={scrolled || undefined}
      sx={{
        borderBottom: 1,
        borderColor: "divider",
        // No backdrop-filter: it would become the containing block of the mobile drawer.
        bgcolor: scrolled ? "background.paper" : "background.default",
        boxShadow: scrolled ? 2 : 0,
        transition: "background-color 150ms, box-shadow 150ms",
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <Box sx={{ display: { xs: "block", md: "none" } }}>{mobileMenu}</Box>
        <Box sx={{ display: { xs: "none", md: "block" } }}>
          <SidebarToggle open={shell.sidebarOpen} />
        </Box>
        <Logo to="/app/dashboard" />
        <Box component="nav" aria-label="Top" sx={{ display: { xs: "none", lg: "flex" }, gap: 0.5, ml: 2 }}>
          <Button component={NavLink} to="/app/dashboard" sx={topLinkSx}>
            Dashboard
          </Button>
          <Button component={NavLink} to="/app/templates" sx={topLinkSx}>
            Templates
          </Button>
          <Button component={NavLink} to="/app/calendar" sx={topLinkSx}>
            Calendar
          </Button>
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <SearchBox />
        <ThemeMenu />
        <NotificationsMenu notifications={shell.notifications} />
        <AccountMenu user={shell.user} />
      </Toolbar>
    </AppBar>
  );
}

/** A GET form: /app/search?q=… works the same with and without JavaScript. */
export function SearchBox({ fullWidth = false }: { fullWidth?: boolean }) {
  const [params] = useSearchParams();
  return (
    <Box
      component={Form}
      method="get"
      action="/app/search"
      role="search"
      sx={{
        display: fullWidth ? "flex" : { xs: "none", sm: "flex" },
        alignItems: "center",
        gap: 1,
        px: 1.5,
        py: 0.25,
        borderRadius: 2,
        bgcolor: "action.hover",
        width: fullWidth ? "auto" : { sm: 180, md: 260 },
      }}
    >
      <SearchIcon fontSize="small" sx={{ color: "text.secondary" }} />
      <InputBase
        name="q"
        type="search"
        placeholder="Search projects…"
        defaultValue={params.get("q") ?? ""}
        slotProps={{ input: { "aria-label": "Search projects" } }}
        sx={{ flexGrow: 1, fontSize: 14 }}
      />
    </Box>
  );
}
