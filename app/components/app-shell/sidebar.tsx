import AddIcon from "@mui/icons-material/Add";
import DashboardOutlined from "@mui/icons-material/DashboardOutlined";
import ExpandMore from "@mui/icons-material/ExpandMore";
import GroupOutlined from "@mui/icons-material/GroupOutlined";
import SettingsOutlined from "@mui/icons-material/SettingsOutlined";
import StarBorder from "@mui/icons-material/StarBorder";
import TuneOutlined from "@mui/icons-material/TuneOutlined";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { NavLink } from "react-router";

import { navLinkSx } from "~/components/nav-link-sx";
import { useCreateProject } from "./create-project-dialog";
import { ProjectDot } from "./project-dot";
import type { ShellData } from "./types";

export const SIDEBAR_WIDTH = 280;

const summarySx = {
  ...navLinkSx,
  cursor: "pointer",
  listStyle: "none",
  "&::-webkit-details-marker": { display: "none" },
  "& .chevron": { transition: "transform 150ms", ml: "auto" },
} as const;

/** details[open] turns the chevron; <details> keeps the groups collapsible without JavaScript. */
const groupSx = { "&:not([open]) > summary .chevron": { transform: "rotate(-90deg)" } } as const;

function NavItem({ to, icon, children, end }: { to: string; icon?: ReactNode; children: ReactNode; end?: boolean }) {
  return (
    <Box component={NavLink} to={to} end={end} sx={navLinkSx}>
      {icon}
      <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
        {children}
      </Box>
    </Box>
  );
}

function SectionTitle({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Typography
      id={id}
      component="h2"
      sx={{
        px: 1.5,
        pt: 2,
        pb: 0.5,
        fontSize: 12,
        fontWeight: 700,
        color: "text.secondary",
        textTransform: "uppercase",
      }}
    >
      {children}
    </Typography>
  );
}

/**
 * The sidebar's contents: Dashboard, the workspaces with their projects, the starred
 * projects, New Project, Team Management and Settings. Shared by the desktop sidebar and
 * the mobile drawer.
 */
export function SidebarContent({ shell }: { shell: ShellData }) {
  const createProject = useCreateProject();
  const creatable = shell.workspaces.some((workspace) => workspace.canCreateProject);

  return (
    <Box component="nav" aria-label="App" sx={{ display: "flex", flexDirection: "column", gap: 0.25, p: 1.5 }}>
      <NavItem to="/app/dashboard" icon={<DashboardOutlined fontSize="small" />}>
        Dashboard
      </NavItem>

      <Box component="details" open sx={groupSx}>
        <Box component="summary" sx={{ ...summarySx, fontWeight: 600 }}>
          Workspaces
          <ExpandMore className="chevron" fontSize="small" />
        </Box>
        <Box sx={{ display: "grid", gap: 0.25, pl: 1 }}>
          {shell.workspaces.map((workspace) => (
            <Box key={workspace.id} component="details" open sx={groupSx}>
              <Box component="summary" sx={summarySx}>
                <Box component="span" sx={{ overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}>
                  {workspace.name}
                </Box>
                <ExpandMore className="chevron" fontSize="small" />
              </Box>
              <Box component="ul" aria-label={`${workspace.name} projects`} sx={{ listStyle: "none", m: 0, pl: 1 }}>
                {workspace.projects.map((project) => (
                  <li key={project.id}>
                    <NavItem to={`/app/project/${project.id}`} icon={<ProjectDot color={project.color} />}>
                      {project.name}
                    </NavItem>
                  </li>
                ))}
                {workspace.projects.length === 0 ? (
                  <Typography component="li" variant="body2" color="textSecondary" sx={{ px: 1.5, py: 0.5 }}>
                    No projects yet
                  </Typography>
                ) : null}
                <li>
                  <NavItem to={`/app/workspaces/${workspace.id}`} icon={<TuneOutlined fontSize="small" />}>
                    Workspace settings
                  </NavItem>
                </li>
              </Box>
            </Box>
          ))}
          <NavItem to="/app/workspaces/new" icon={<AddIcon fontSize="small" />}>
            New workspace
          </NavItem>
        </Box>
      </Box>

      <Box component="section" aria-labelledby="sidebar-starred">
        <SectionTitle id="sidebar-starred">Starred</SectionTitle>
        {shell.starred.length === 0 ? (
          <Typography variant="body2" color="textSecondary" sx={{ px: 1.5, py: 0.5 }}>
            No starred projects
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: "none", m: 0, p: 0 }}>
            {shell.starred.map((project) => (
              <li key={project.id}>
                <NavItem to={`/app/project/${project.id}`} icon={<StarBorder fontSize="small" />}>
                  {project.name}
                </NavItem>
              </li>
            ))}
          </Box>
        )}
      </Box>

      {creatable ? (
        <Button
          href="/app/projects/new"
          onClick={(event) => {
            event.preventDefault();
            createProject();
          }}
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ my: 2 }}
        >
          New Project
        </Button>
      ) : null}

      <NavItem to="/app/team" icon={<GroupOutlined fontSize="small" />}>
        Team Management
      </NavItem>
      <NavItem to="/app/settings" icon={<SettingsOutlined fontSize="small" />}>
        Settings
      </NavItem>
    </Box>
  );
}
