import MenuIcon from "@mui/icons-material/Menu";
import Box from "@mui/material/Box";
import type { ReactNode } from "react";
import { useFetchers } from "react-router";

import { CreateProjectProvider } from "./create-project-dialog";
import { Dropdown } from "~/components/dropdown";
import { SIDEBAR_WIDTH, SidebarContent } from "./sidebar";
import { SearchBox, TopBar } from "./top-bar";
import type { ShellData } from "./types";

/**
 * The application shell (spec section 2): the top bar, the collapsible 280 px sidebar
 * (a drawer on small screens), the main area, and the place of the AI assistant widget.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const sidebarOpen = useOptimisticSidebar(shell.sidebarOpen);
  const creatable = shell.workspaces
    .filter((workspace) => workspace.canCreateProject)
    .map(({ id, name }) => ({ id, name }));
  return (
    <CreateProjectProvider workspaces={creatable}>
      <TopBar shell={{ ...shell, sidebarOpen }} mobileMenu={<MobileDrawer shell={shell} />} />
      <Box sx={{ display: "flex", alignItems: "flex-start" }}>
        {sidebarOpen ? (
          <Box
            component="aside"
            aria-label="Sidebar"
            sx={{
              display: { xs: "none", md: "block" },
              width: SIDEBAR_WIDTH,
              flexShrink: 0,
              position: "sticky",
              top: 64,
              height: "calc(100vh - 64px)",
              overflowY: "auto",
              borderRight: 1,
              borderColor: "divider",
              bgcolor: "background.paper",
            }}
          >
            <SidebarContent shell={shell} />
          </Box>
        ) : null}
        <Box component="main" id="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, sm: 3, md: 4 }, py: 3 }}>
          {children}
        </Box>
      </Box>
      <AssistantSlot />
    </CreateProjectProvider>
  );
}

/** The sidebar state the toggle is posting, before the server has answered. */
function useOptimisticSidebar(saved: boolean) {
  const pending = useFetchers()
    .find((fetcher) => fetcher.formAction === "/app/sidebar")
    ?.formData?.get("open");
  return pending ? pending === "true" : saved;
}

/** Small screens: the sidebar in a drawer that slides over the page (a <details>, so no JavaScript needed). */
function MobileDrawer({ shell }: { shell: ShellData }) {
  return (
    <Dropdown
      label="Open navigation"
      summary={<MenuIcon />}
      align="left"
      width={SIDEBAR_WIDTH}
      // Below the top bar, so its button stays visible and closes the drawer again.
      panelSx={{ position: "fixed", top: 56, left: 0, bottom: 0, overflowY: "auto", borderRadius: 0, py: 0 }}
    >
      <Box sx={{ px: 1.5, pt: 1.5, display: { sm: "none" } }}>
        <SearchBox fullWidth />
      </Box>
      <SidebarContent shell={shell} />
    </Dropdown>
  );
}

/**
 * Where the AI assistant's floating widget mounts (bottom right, above the page). The
 * assistant arrives with its own issue; the shell already leaves it this place.
 */
function AssistantSlot() {
  return null;
}
