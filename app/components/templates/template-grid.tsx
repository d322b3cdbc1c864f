import { styled } from "@mui/material/styles";
import type { MouseEvent } from "react";
import { Link } from "react-router";

import { isProjectColor } from "~/utils/projects";
import { TemplateGlyph } from "./template-icons";
import type { TemplateCardData } from "./types";

/**
 * The templates page's card grid (docs/decisions/009): one styled element holds every
 * card's CSS, a card is plain elements with class names, and one click handler on the grid
 * turns the cards' Use Template links into the dialog when JavaScript runs.
 */
const Grid = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  return {
    display: "grid",
    gap: 20,
    gridTemplateColumns: "1fr",
    [theme.breakpoints.up("sm")]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [theme.breakpoints.up("lg")]: { gridTemplateColumns: "repeat(3, minmax(0, 1fr))" },
    "& .pl-template": {
      display: "flex",
      flexDirection: "column",
      gap: 12,
      minWidth: 0,
      padding: 20,
      background: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: 12,
    },
    "& .pl-template-head": { display: "flex", alignItems: "center", gap: 12, minWidth: 0 },
    "& .pl-template-tile": {
      display: "grid",
      placeItems: "center",
      flexShrink: 0,
      width: 44,
      height: 44,
      borderRadius: 10,
      color: "#fff",
      background: "linear-gradient(135deg, var(--pl-from), var(--pl-to))",
    },
    "& .pl-template-icon": { width: 24, height: 24 },
    "& .pl-template h3": { margin: 0, fontSize: 17, fontWeight: 650, lineHeight: 1.4, overflowWrap: "anywhere" },
    "& .pl-template h3 a": { color: "inherit", textDecoration: "none", "&:hover": { textDecoration: "underline" } },
    "& .pl-template-meta": { display: "flex", flexWrap: "wrap", gap: 6, marginTop: 4 },
    "& .pl-template-description": {
      margin: 0,
      flexGrow: 1,
      color: palette.text.secondary,
      fontSize: 14,
      lineHeight: 1.5,
      overflowWrap: "anywhere",
    },
    "& .pl-template-actions": { display: "flex", gap: 8, flexWrap: "wrap", alignItems: "center" },
    "& .pl-template-use": {
      display: "inline-flex",
      alignItems: "center",
      padding: "6px 16px",
      borderRadius: theme.shape.borderRadius,
      background: palette.primary.main,
      color: palette.primary.contrastText,
      fontSize: 14,
      fontWeight: 600,
      textDecoration: "none",
      "&:hover": { background: palette.primary.dark },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    "& .pl-template-details": {
      color: palette.primary.main,
      fontSize: 14,
      fontWeight: 600,
      textDecoration: "none",
      padding: "6px 8px",
      "&:hover": { textDecoration: "underline" },
    },
  };
});

export function TemplateGrid({
  templates,
  onUse,
}: {
  templates: TemplateCardData[];
  /** With JavaScript: open the Use Template dialog instead of following the link to its page. */
  onUse?: (template: TemplateCardData) => void;
}) {
  const click = (event: MouseEvent<HTMLElement>) => {
    if (!onUse || event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) {
      return;
    }
    const link = (event.target as HTMLElement).closest<HTMLAnchorElement>("a[data-use]");
    const template = link && templates.find((candidate) => candidate.id === link.dataset.use);
    if (!template) return;
    event.preventDefault();
    onUse(template);
  };
  return (
    <Grid onClick={click}>
      {templates.map((template) => (
        <TemplateCard key={template.id} template={template} />
      ))}
    </Grid>
  );
}

/** A card: plain elements, no hooks, no styles of its own. */
function TemplateCard({ template }: { template: TemplateCardData }) {
  const href = `/app/templates/${template.id}`;
  const nameId = `template-${template.id}-name`;
  return (
    <article className="pl-template" aria-labelledby={nameId}>
      <div className="pl-template-head">
        <span className="pl-template-tile" data-color={isProjectColor(template.color) ? template.color : "slate"}>
          <TemplateGlyph icon={template.icon} />
        </span>
        <div>
          <h3 id={nameId}>
            <Link to={href} discover="none">
              {template.name}
            </Link>
          </h3>
          <div className="pl-template-meta">
            <span className="pl-chip">{template.category}</span>
            {template.builtIn ? (
              <span className="pl-chip">Built-in</span>
            ) : (
              <span className="pl-chip">{template.mine ? `Mine · ${template.workspace}` : template.workspace}</span>
            )}
          </div>
        </div>
      </div>
      <p className="pl-template-description">{template.description || "No description."}</p>
      <div className="pl-template-actions">
        <a className="pl-template-use" href={`${href}/use`} data-use={template.id} aria-describedby={nameId}>
          Use Template
        </a>
        <Link className="pl-template-details" to={href} discover="none" aria-describedby={nameId}>
          Details
        </Link>
      </div>
    </article>
  );
}
