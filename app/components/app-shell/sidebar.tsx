import type { CSSObject, Theme } from "@mui/material/styles";
import type { ReactNode } from "react";
import { useLocation } from "react-router";

import { Add as AddIcon, DashboardOutlined, GroupOutlined, SettingsOutlined } from "~/components/icons/material";
import { useDelegatedLinks } from "~/components/lists/delegated-links";
import { ChevronGlyph, SlidersGlyph, StarGlyph } from "~/components/lists/icons";
import { isProjectColor } from "~/utils/projects";
import { useCreateProject } from "./create-project-dialog";
import { SearchBox } from "./top-bar";
import type { ShellData } from "./types";

export const SIDEBAR_WIDTH = 280;
/** The id of the top bar's <details> that opens the sidebar as a drawer on small screens. */
export const MOBILE_NAV_ID = "mobile-nav";

/**
 * The sidebar, rendered once (docs/decisions/009). From `md` up it sits left of the page
 * (hidden when collapsed); below, it is hidden until the top bar's `#mobile-nav`
 * <details> is open, which CSS alone notices (`:has`), so the drawer needs no JavaScript
 * and no second copy of the markup. Its items are plain links styled by this one element,
 * `.pl-sidebar`, in the theme stylesheet (app/theme/static-styles.ts, docs/decisions/012).
 */
export function sidebarStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    width: SIDEBAR_WIDTH,
    flexShrink: 0,
    position: "sticky",
    top: 64,
    height: "calc(100vh - 64px)",
    overflowY: "auto",
    borderRight: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    [theme.breakpoints.up("md")]: { "&[data-collapsed]": { display: "none" } },
    [theme.breakpoints.down("md")]: {
      display: "none",
      position: "fixed",
      top: 56,
      left: 0,
      bottom: 0,
      height: "auto",
      maxWidth: "calc(100vw - 16px)",
      zIndex: theme.zIndex.modal,
      border: `1px solid ${palette.divider}`,
      boxShadow: theme.vars.shadows[6],
      [`html:has(#${MOBILE_NAV_ID}[open]) &`]: { display: "block" },
    },
    "& .pl-search": { padding: "12px 12px 0", [theme.breakpoints.up("sm")]: { display: "none" } },
    "& nav": { display: "flex", flexDirection: "column", gap: 2, padding: 12 },
    "& ul": { listStyle: "none", margin: 0, padding: 0 },
    "& .pl-nav-link, & summary": {
      display: "flex",
      alignItems: "center",
      gap: 10,
      padding: "7px 12px",
      borderRadius: 8,
      color: palette.text.primary,
      textDecoration: "none",
      fontSize: 14,
      minWidth: 0,
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-nav-link[aria-current=page]": { background: palette.action.selected, fontWeight: 600 },
    "& .pl-nav-link > span, & summary > span": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    "& summary": { cursor: "pointer", listStyle: "none", "&::-webkit-details-marker": { display: "none" } },
    "& summary .pl-chevron": { width: 20, height: 20, marginLeft: "auto", transition: "transform 150ms" },
    "& details:not([open]) > summary .pl-chevron": { transform: "rotate(-90deg)" },
    "& .pl-workspaces > summary": { fontWeight: 600 },
    "& .pl-group": { display: "grid", gap: 2, paddingLeft: 8 },
    "& .pl-group ul": { paddingLeft: 8 },
    "& .pl-empty": { padding: "4px 12px", fontSize: 14, color: palette.text.secondary },
    "& .pl-more": { color: palette.primary.main },
    "& h2": {
      margin: 0,
      padding: "16px 12px 4px",
      fontSize: 12,
      fontWeight: 700,
      color: palette.text.secondary,
      textTransform: "uppercase",
    },
    "& .pl-primary-button": { margin: "16px 0" },
  };
}

export function Sidebar({ shell, collapsed }: { shell: ShellData; collapsed: boolean }) {
  return (
    <aside className="pl-sidebar" id="sidebar" aria-label="Sidebar" data-collapsed={collapsed || undefined}>
      <div className="pl-search">
        <SearchBox />
      </div>
      <SidebarContent shell={shell} />
    </aside>
  );
}

/**
 * Dashboard, the workspaces with their first projects, the starred projects, New Project,
 * Team Management and Settings.
 */
function SidebarContent({ shell }: { shell: ShellData }) {
  const createProject = useCreateProject();
  const { pathname } = useLocation();
  const creatable = shell.workspaces.some((workspace) => workspace.canCreateProject);
  const follow = useDelegatedLinks();
  /** One location read for all links, instead of a NavLink (and its hooks) per link. */
  const item = (to: string, icon: ReactNode, label: ReactNode, exact = false) => (
    <a
      href={to}
      className="pl-nav-link"
      aria-current={pathname === to || (!exact && pathname.startsWith(`${to}/`)) ? "page" : undefined}
    >
      {icon}
      <span>{label}</span>
    </a>
  );

  return (
    // Plain links, one click handler (components/lists/delegated-links.ts).
    <nav aria-label="App" onClick={follow}>
      {item("/app/dashboard", <DashboardOutlined fontSize="small" />, "Dashboard", true)}

      <details open className="pl-workspaces">
        <summary>
          Workspaces
          <ChevronGlyph className="pl-chevron" />
        </summary>
        <div className="pl-group">
          {shell.workspaces.map((workspace) => (
            <details key={workspace.id} open>
              <summary>
                <span>{workspace.name}</span>
                <ChevronGlyph className="pl-chevron" />
              </summary>
              <ul aria-label={`${workspace.name} projects`}>
                {workspace.projects.map((project) => (
                  <li key={project.id}>
                    {item(
                      `/app/project/${project.id}`,
                      <span className="pl-dot" data-color={isProjectColor(project.color) ? project.color : "slate"} />,
                      project.name,
                    )}
                  </li>
                ))}
                {workspace.projectCount === 0 ? <li className="pl-empty">No projects yet</li> : null}
                {workspace.projectCount > workspace.projects.length ? (
                  <li>
                    <a href={`/app/dashboard?workspace=${workspace.id}`} className="pl-nav-link pl-more">
                      <span>All projects ({workspace.projectCount})</span>
                    </a>
                  </li>
                ) : null}
                <li>{item(`/app/workspaces/${workspace.id}`, <SlidersGlyph />, "Workspace settings", true)}</li>
              </ul>
            </details>
          ))}
          {item("/app/workspaces/new", <AddIcon fontSize="small" />, "New workspace", true)}
        </div>
      </details>

      <section aria-labelledby="sidebar-starred">
        <h2 id="sidebar-starred">Starred</h2>
        {shell.starredCount === 0 ? (
          <p className="pl-empty">No starred projects</p>
        ) : (
          <ul>
            {shell.starred.map((project) => (
              <li key={project.id}>{item(`/app/project/${project.id}`, <StarGlyph filled={false} />, project.name)}</li>
            ))}
            {shell.starredCount > shell.starred.length ? (
              <li>
                <a href="/app/dashboard#starred-heading" className="pl-nav-link pl-more">
                  <span>All starred ({shell.starredCount})</span>
                </a>
              </li>
            ) : null}
          </ul>
        )}
      </section>

      {creatable ? (
        <a
          href="/app/projects/new"
          onClick={(event) => {
            event.preventDefault();
            createProject();
          }}
          className="pl-primary-button"
        >
          <AddIcon />
          New Project
        </a>
      ) : null}

      {item("/app/team", <GroupOutlined fontSize="small" />, "Team Management")}
      {item("/app/settings", <SettingsOutlined fontSize="small" />, "Settings")}
    </nav>
  );
}
