import DeleteOutlined from "@mui/icons-material/DeleteOutlined";
import EditOutlined from "@mui/icons-material/EditOutlined";
import MoreVert from "@mui/icons-material/MoreVert";
import StarIcon from "@mui/icons-material/Star";
import StarBorderIcon from "@mui/icons-material/StarBorder";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import Chip from "@mui/material/Chip";
import Typography from "@mui/material/Typography";
import { Form, Link, useLocation } from "react-router";

import { Dropdown, menuItemSx } from "~/components/dropdown";
import { relativeTime } from "~/utils/projects";
import { ProjectCover } from "./project-cover";
import { StarButton } from "./star-button";

export type ProjectCardData = {
  id: string;
  name: string;
  key: string;
  color: string;
  coverUrl: string | null;
  archived: boolean;
  starred: boolean;
  updatedAt: string;
  workspace: { id: string; name: string };
  canEdit: boolean;
  canDelete: boolean;
};

/**
 * A project on the dashboard: cover, star, name, workspace, when it last changed, and a
 * menu with Edit, Star/Unstar and Delete (each a link or a form, so all work without
 * JavaScript; Delete asks for confirmation first).
 */
export function ProjectCard({ project, onDelete }: { project: ProjectCardData; onDelete?: () => void }) {
  const location = useLocation();
  const href = `/app/project/${project.id}`;
  return (
    <Card
      component="article"
      aria-labelledby={`project-${project.id}-name`}
      variant="outlined"
      sx={{ position: "relative", display: "flex", flexDirection: "column", overflow: "visible" }}
    >
      <Box sx={{ borderRadius: "10px 10px 0 0", overflow: "hidden" }}>
        <ProjectCover name={project.name} color={project.color} coverUrl={project.coverUrl} />
      </Box>
      <Box sx={{ position: "absolute", top: 6, right: 6, bgcolor: "background.paper", borderRadius: "50%" }}>
        <StarButton projectId={project.id} name={project.name} starred={project.starred} />
      </Box>
      <Box sx={{ display: "flex", alignItems: "flex-start", gap: 1, p: 2 }}>
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography
            id={`project-${project.id}-name`}
            component="h3"
            sx={{ fontWeight: 650, fontSize: 16, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
          >
            <Box
              component={Link}
              to={href}
              sx={{ color: "inherit", textDecoration: "none", "&:hover": { textDecoration: "underline" } }}
            >
              {project.name}
            </Box>
          </Typography>
          <Typography variant="body2" color="textSecondary" noWrap>
            {project.workspace.name}
          </Typography>
          <Typography variant="caption" color="textSecondary" component="p">
            Edited <time dateTime={project.updatedAt}>{relativeTime(project.updatedAt)}</time>
          </Typography>
          {project.archived ? <Chip label="Archived" size="small" sx={{ mt: 1 }} /> : null}
        </Box>
        <Dropdown label={`Actions for ${project.name}`} summary={<MoreVert fontSize="small" />} width={200}>
          {project.canEdit ? (
            <Box component={Link} to={`${href}?view=settings`} sx={menuItemSx}>
              <EditOutlined fontSize="small" /> Edit
            </Box>
          ) : null}
          <Form method="post" action={`${href}/star`}>
            <input type="hidden" name="starred" value={String(!project.starred)} />
            <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
            <Box component="button" type="submit" sx={menuItemSx}>
              {project.starred ? <StarIcon fontSize="small" /> : <StarBorderIcon fontSize="small" />}
              {project.starred ? "Unstar" : "Star"}
            </Box>
          </Form>
          {project.canDelete ? (
            <Box
              component={Link}
              to={`${href}/delete`}
              onClick={(event: React.MouseEvent) => {
                if (!onDelete) return;
                event.preventDefault();
                (event.currentTarget.closest("details") as HTMLDetailsElement | null)?.removeAttribute("open");
                onDelete();
              }}
              sx={{ ...menuItemSx, color: "error.main" }}
            >
              <DeleteOutlined fontSize="small" /> Delete
            </Box>
          ) : null}
        </Dropdown>
      </Box>
    </Card>
  );
}
