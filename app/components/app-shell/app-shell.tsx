import type { CSSObject, Theme } from "@mui/material/styles";
import { useRef, type ReactNode } from "react";
import { useFetchers } from "react-router";

import { AssistantWidget } from "~/components/assistant/assistant-widget";
import { Glyph, IconSprite } from "~/components/lists/icons";
import { useDetailsDismiss } from "~/components/use-details-dismiss";
import { LiveNotifications } from "~/components/realtime/live-notifications";
import { RealtimeProvider } from "~/components/realtime/realtime-provider";
import { CommandPalette } from "./command-palette";
import { CreateProjectProvider } from "./create-project-dialog";
import { KeyboardShortcuts } from "./keyboard-shortcuts";
import { MOBILE_NAV_ID, Sidebar } from "./sidebar";
import { TopBar } from "./top-bar";
import type { ShellData } from "./types";

/** The area under the top bar, `.pl-shell-body`: the sidebar beside the main column. */
export const shellBodyStyles = (theme: Theme): CSSObject => ({
  display: "flex",
  alignItems: "flex-start",
  "& > main": {
    flexGrow: 1,
    minWidth: 0,
    padding: "24px 16px",
    // Room below the last line for the assistant's round button (56 px, 24 px from the
    // bottom), so scrolled to the end nothing stays under it.
    paddingBottom: 96,
    [theme.breakpoints.up("sm")]: { paddingInline: 24 },
    [theme.breakpoints.up("md")]: { paddingInline: 32 },
  },
});

/**
 * The application shell (spec section 2): the top bar, the collapsible 280 px sidebar
 * (a drawer on small screens: the same element, shown by CSS), the main area, and the
 * place of the AI assistant widget.
 */
export function AppShell({ shell, children }: { shell: ShellData; children: ReactNode }) {
  const sidebarOpen = useOptimisticSidebar(shell.sidebarOpen);
  const creatable = shell.workspaces
    .filter((workspace) => workspace.canCreateProject)
    .map(({ id, name }) => ({ id, name }));
  // The palette's "New task" list before anything is typed: the sidebar's projects where the user may add tasks.
  const taskProjects = shell.workspaces
    .filter((workspace) => workspace.canCreateProject)
    .flatMap((workspace) => workspace.projects.map(({ id, name }) => ({ id, name })));
  return (
    <RealtimeProvider since={shell.streamFrom}>
      <LiveNotifications />
      <CreateProjectProvider workspaces={creatable}>
        <KeyboardShortcuts>
          <IconSprite />
          <TopBar shell={{ ...shell, sidebarOpen }} mobileMenu={<MobileNavButton />} />
          <div className="pl-shell-body">
            <Sidebar shell={shell} collapsed={!sidebarOpen} />
            <main id="main">{children}</main>
          </div>
          <AssistantWidget />
          <CommandPalette projects={taskProjects} />
        </KeyboardShortcuts>
      </CreateProjectProvider>
    </RealtimeProvider>
  );
}

/** The sidebar state the toggle is posting, before the server has answered. */
function useOptimisticSidebar(saved: boolean) {
  const pending = useFetchers()
    .find((fetcher) => fetcher.formAction === "/app/sidebar")
    ?.formData?.get("open");
  return pending ? pending === "true" : saved;
}

/** The small screens' drawer button, `.pl-mobile-nav`. */
export const mobileNavStyles = (theme: Theme): CSSObject => ({
  "& > summary": {
    display: "flex",
    alignItems: "center",
    padding: 6,
    borderRadius: 8,
    listStyle: "none",
    cursor: "pointer",
    color: theme.vars.palette.text.secondary,
    "&::-webkit-details-marker": { display: "none" },
    "&:hover": { background: theme.vars.palette.action.hover },
    "&:focus-visible": { outline: `2px solid ${theme.vars.palette.primary.main}` },
  },
});

/**
 * Small screens: opens the sidebar as a drawer. A <details> with no contents of its own:
 * its `open` state shows the one sidebar through CSS, with or without JavaScript. With
 * JavaScript it also closes on Escape, on a click outside the drawer, and after a navigation.
 */
function MobileNavButton() {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref, "#sidebar");

  return (
    <details className="pl-mobile-nav" id={MOBILE_NAV_ID} ref={ref}>
      <summary aria-label="Open navigation" aria-controls="sidebar">
        <Glyph name="menu" />
      </summary>
    </details>
  );
}
