import type { CSSObject, Theme } from "@mui/material/styles";
import { Link } from "react-router";

import { DeleteOutlined, EditOutlined } from "~/components/icons/material";
import { useDelegatedLinks } from "~/components/lists/delegated-links";
import { useFetcherForms } from "~/components/lists/fetcher-forms";
import { MoreGlyph, StarGlyph } from "~/components/lists/icons";
import { useItemMenu } from "~/components/lists/item-menu";
import { initialsOf, isProjectColor } from "~/utils/projects";
import { TimeAgo } from "~/components/date-text";

export type ProjectCardData = {
  id: string;
  name: string;
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
 * The dashboard's card grid, in the cheap-repeated-UI pattern (docs/decisions/009): this
 * one element, `.pl-project-grid`, holds every card's CSS in the theme stylesheet
 * (app/theme/static-styles.ts); a card is plain elements with class names. One star
 * handler and one actions menu serve all cards.
 */
export function projectGridStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 20,
    gridTemplateColumns: "1fr",
    [theme.breakpoints.up("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [theme.breakpoints.up("lg")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    [theme.breakpoints.up("xl")]: { gridTemplateColumns: "repeat(4, minmax(0, 1fr))" },
    "& .pl-card": {
      position: "relative",
      display: "flex",
      flexDirection: "column",
      minWidth: 0,
      background: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: 12,
      scrollMarginTop: 80,
    },
    "& .pl-card-cover": {
      display: "grid",
      placeItems: "center",
      width: "100%",
      height: 120,
      objectFit: "cover",
      borderRadius: "11px 11px 0 0",
      background: "linear-gradient(135deg, var(--pl-from), var(--pl-to))",
      color: "#fff",
      fontWeight: 800,
      fontSize: 40,
      letterSpacing: "0.04em",
      textShadow: "0 1px 2px rgb(0 0 0 / 0.25)",
    },
    "& .pl-card-star": { position: "absolute", top: 6, right: 6 },
    "& .pl-card-star > button": {
      display: "flex",
      padding: 8,
      border: 0,
      borderRadius: "50%",
      cursor: "pointer",
      background: palette.background.paper,
      color: palette.text.secondary,
      "&[aria-pressed=true]": { color: palette.warning.main },
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
      "& .pl-icon": { width: 24, height: 24 },
    },
    "& .pl-card-body": { display: "flex", alignItems: "flex-start", gap: 8, padding: 16 },
    "& .pl-card-text": { minWidth: 0, flexGrow: 1 },
    "& .pl-card h3": {
      margin: 0,
      fontSize: 16,
      fontWeight: 650,
      lineHeight: 1.5,
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
    },
    "& .pl-card h3 a": { color: "inherit", textDecoration: "none", "&:hover": { textDecoration: "underline" } },
    "& .pl-card p": { margin: 0, color: palette.text.secondary },
    "& .pl-card-workspace": {
      fontSize: 14,
      lineHeight: 1.43,
      overflow: "hidden",
      textOverflow: "ellipsis",
      whiteSpace: "nowrap",
    },
    "& .pl-card-time": { fontSize: 12, lineHeight: 1.66 },
    "& .pl-card .pl-chip": { marginTop: 8 },
  };
}

/**
 * `scope` tells two grids on one page apart (a starred project is in both): it prefixes
 * element ids and the menu parameter.
 */
export function ProjectGrid({
  scope,
  projects,
  onDelete,
}: {
  scope: string;
  projects: ProjectCardData[];
  onDelete: (project: ProjectCardData) => void;
}) {
  const menu = useItemMenu(scope);
  const forms = useFetcherForms(() => menu.close());
  const follow = useDelegatedLinks();
  return (
    // The cards' title links are plain anchors: one handler (components/lists/delegated-links.ts).
    <div className="pl-project-grid" onSubmit={forms.onSubmit} onClick={follow}>
      {projects.map((project) => {
        const pending = forms.pending(`/app/project/${project.id}/star`)?.get("starred");
        const starred = pending ? pending === "true" : project.starred;
        const open = menu.openId === project.id;
        const anchor = `${scope}-${project.id}`;
        return (
          <ProjectCard key={project.id} project={project} anchor={anchor} starred={starred} back={menu.back}>
            <div className="pl-menu" {...menu.root(project.id)}>
              <a className="pl-menu-button" {...menu.trigger(project.id, `Actions for ${project.name}`, anchor)}>
                <MoreGlyph />
              </a>
              {open ? (
                <CardMenu
                  project={project}
                  starred={starred}
                  starForm={`${anchor}-star`}
                  onDelete={() => {
                    menu.close();
                    onDelete(project);
                  }}
                />
              ) : null}
            </div>
          </ProjectCard>
        );
      })}
    </div>
  );
}

/** A card: plain elements, no hooks. The star is a plain form the grid enhances. */
function ProjectCard({
  project,
  anchor,
  starred,
  back,
  children,
}: {
  project: ProjectCardData;
  anchor: string;
  starred: boolean;
  back: string;
  children: React.ReactNode;
}) {
  const href = `/app/project/${project.id}`;
  const color = isProjectColor(project.color) ? project.color : "slate";
  return (
    <article className="pl-card" id={anchor} aria-labelledby={`${anchor}-name`}>
      {project.coverUrl ? (
        <img className="pl-card-cover" src={project.coverUrl} alt="" loading="lazy" />
      ) : (
        <div className="pl-card-cover" data-color={color} aria-hidden="true">
          {initialsOf(project.name)}
        </div>
      )}
      <form className="pl-card-star" id={`${anchor}-star`} method="post" action={`${href}/star`} data-fetcher>
        <input type="hidden" name="starred" value={String(!starred)} />
        <input type="hidden" name="redirectTo" value={back} />
        <button type="submit" aria-label={`${starred ? "Unstar" : "Star"} ${project.name}`} aria-pressed={starred}>
          <StarGlyph filled={starred} />
        </button>
      </form>
      <div className="pl-card-body">
        <div className="pl-card-text">
          <h3 id={`${anchor}-name`}>
            <a href={href}>{project.name}</a>
          </h3>
          <p className="pl-card-workspace">{project.workspace.name}</p>
          <p className="pl-card-time">
            Edited <TimeAgo at={project.updatedAt} />
          </p>
          {project.archived ? <span className="pl-chip">Archived</span> : null}
        </div>
        {children}
      </div>
    </article>
  );
}

/**
 * Edit, Star/Unstar and Delete, for the one open card. Star/Unstar submits the card's own
 * star form (the `form` attribute), so a card has one star form, not two.
 */
function CardMenu({
  project,
  starred,
  starForm,
  onDelete,
}: {
  project: ProjectCardData;
  starred: boolean;
  starForm: string;
  onDelete: () => void;
}) {
  const href = `/app/project/${project.id}`;
  return (
    <div className="pl-menu-panel">
      {project.canEdit ? (
        <Link className="pl-menu-item" to={`${href}?view=settings`}>
          <EditOutlined fontSize="small" /> Edit
        </Link>
      ) : null}
      <button className="pl-menu-item" type="submit" form={starForm}>
        <StarGlyph filled={!starred} />
        {starred ? "Unstar" : "Star"}
      </button>
      {project.canDelete ? (
        <Link
          className="pl-menu-item"
          data-tone="danger"
          to={`${href}/delete`}
          onClick={(event) => {
            event.preventDefault();
            onDelete();
          }}
        >
          <DeleteOutlined fontSize="small" /> Delete
        </Link>
      ) : null}
    </div>
  );
}
