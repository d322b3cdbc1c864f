import type { CSSObject, Theme } from "@mui/material/styles";
import { Link } from "react-router";

import { ArrowBack } from "~/components/icons/material";
import { StarButton } from "~/components/project/star-button";
import { ShareMenu } from "~/components/project/share-menu";
import { ProjectViewers } from "~/components/realtime/presence";

type Props = {
  project: { id: string; name: string; key: string; workspace: { id: string; name: string } };
  starred: boolean;
  /** The project's address, for "Copy Sharable Link". */
  url: string;
  saveTemplateHref?: string;
};

/**
 * The project page's head: back to the dashboard, the name, key and workspace, who else is
 * viewing, Star and Share. On every project page: plain elements under `.pl-project-page`,
 * styled in the theme stylesheet (app/theme/static-styles.ts), not MUI components.
 */
export function ProjectHeader({ project, starred, url, saveTemplateHref }: Props) {
  return (
    <div className="pl-project-head">
      <Link to="/app/dashboard" aria-label="Back to dashboard" className="pl-icon-button">
        <ArrowBack />
      </Link>
      <div className="pl-project-title">
        <h1>{project.name}</h1>
        <p>
          <span className="pl-chip">{project.key}</span>
          {project.workspace.name}
        </p>
      </div>
      <ProjectViewers key={project.id} projectId={project.id} />
      <StarButton projectId={project.id} name={project.name} starred={starred} />
      <ShareMenu projectUrl={url} workspaceId={project.workspace.id} saveTemplateHref={saveTemplateHref} />
    </div>
  );
}

/**
 * `.pl-project-page`: the page's column (1280 px at most), its head, and the row of the
 * view links beside the view (`.pl-project-body`, a column on small screens).
 */
export function projectPageStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const { typography } = theme;
  return {
    maxWidth: 1280,
    marginInline: "auto",
    "& .pl-project-head": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: theme.spacing(1.5),
      marginBottom: theme.spacing(3),
    },
    "& .pl-project-title": { minWidth: 0, flexGrow: 1 },
    "& .pl-project-title > h1": { ...typography.h4, margin: 0, overflowWrap: "anywhere" },
    "& .pl-project-title > p": {
      ...typography.body2,
      display: "flex",
      alignItems: "center",
      gap: theme.spacing(1),
      margin: 0,
      color: palette.text.secondary,
    },
    "& .pl-project-head .pl-icon-button[aria-pressed=true]": { color: palette.warning.main },
    "& .pl-archived": { marginBottom: theme.spacing(3) },
    "& .pl-project-body": {
      display: "flex",
      flexDirection: "column",
      gap: theme.spacing(3),
      [theme.breakpoints.up("md")]: { flexDirection: "row" },
    },
    "& .pl-project-body > section": { flexGrow: 1, minWidth: 0 },
    "& .pl-project-body > section > h2": { ...typography.h5, margin: 0, marginBottom: theme.spacing(2) },
  };
}
