import { styled } from "@mui/material/styles";
import { Link } from "react-router";

import { isProjectColor } from "~/utils/projects";

/** A list of project links (search results, a workspace's projects): plain rows styled once here. */
const List = styled("ul")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    listStyle: "none",
    margin: 0,
    padding: 0,
    "& > li + li, &[data-ruled] > li": { borderTop: `1px solid ${palette.divider}` },
    "& a": {
      display: "flex",
      alignItems: "center",
      gap: 12,
      padding: "10px 4px",
      color: palette.text.primary,
      textDecoration: "none",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
    },
    "& .pl-text": { flexGrow: 1, minWidth: 0 },
    "& .pl-name": { display: "block", fontWeight: 600 },
    "& .pl-detail": { display: "block", fontSize: 14, color: palette.text.secondary },
  };
});

export type ProjectListItem = { id: string; name: string; color: string; detail?: string; archived?: boolean };

export function ProjectList({ projects, ruled = false }: { projects: ProjectListItem[]; ruled?: boolean }) {
  return (
    <List data-ruled={ruled || undefined}>
      {projects.map((project) => (
        <li key={project.id}>
          <Link to={`/app/project/${project.id}`} discover="none">
            <span className="pl-dot" data-color={isProjectColor(project.color) ? project.color : "slate"} />
            <span className="pl-text">
              <span className="pl-name">{project.name}</span>
              {project.detail ? <span className="pl-detail">{project.detail}</span> : null}
            </span>
            {project.archived ? <span className="pl-chip">Archived</span> : null}
          </Link>
        </li>
      ))}
    </List>
  );
}
