import type { CSSObject, Theme } from "@mui/material/styles";

/**
 * `.pl-dashboard`: the dashboard's column (1280 px at most), its head with Create New
 * Project, its sections and their headings, the filters and Show more. Plain elements
 * styled in the theme stylesheet (app/theme/static-styles.ts), as the cards are.
 */
export function dashboardPageStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const { typography } = theme;
  return {
    maxWidth: 1280,
    marginInline: "auto",
    "& .pl-page-head": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: theme.spacing(2),
      marginBottom: theme.spacing(4),
    },
    "& h1": { ...typography.h4, margin: 0, flexGrow: 1 },
    "& h2": { ...typography.h5, margin: 0 },
    "& section > h2": { marginBottom: theme.spacing(2) },
    "& .pl-section": { marginBottom: theme.spacing(5) },
    "& .pl-section-head": {
      display: "flex",
      flexWrap: "wrap",
      alignItems: "center",
      gap: theme.spacing(2),
      marginBottom: theme.spacing(2),
    },
    "& .pl-section-head > h2": { flexGrow: 1 },
    "& .pl-note": { ...typography.body1, margin: 0, color: palette.text.secondary },
    "& .pl-empty-projects": {
      display: "grid",
      justifyItems: "center",
      gap: theme.spacing(2),
      padding: theme.spacing(6, 2),
      textAlign: "center",
      border: `1px dashed ${palette.divider}`,
      borderRadius: `calc(2 * ${theme.vars.shape.borderRadius})`,
    },
    "& .pl-show-more": { display: "flex", alignItems: "center", gap: theme.spacing(2), marginTop: theme.spacing(2.5) },
    "& .pl-show-more > p": { ...typography.body2, margin: 0, color: palette.text.secondary },
    // The workspace filter and sort: plain labelled selects (two MUI text fields cost ~7 KB of CSS a page).
    "& .pl-dashboard-filters": {
      display: "flex",
      flexWrap: "wrap",
      gap: 12,
      alignItems: "center",
      "& label": { display: "grid", gap: 2, fontSize: 12, color: palette.text.secondary },
      "& select": {
        font: "inherit",
        fontSize: 14,
        padding: "7px 10px",
        minWidth: 150,
        borderRadius: theme.shape.borderRadius,
        border: `1px solid ${palette.divider}`,
        background: palette.background.paper,
        color: palette.text.primary,
        "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
      },
      "& .pl-text-link": {
        color: palette.primary.main,
        fontSize: 13,
        fontWeight: 600,
        textDecoration: "none",
        padding: "4px 6px",
        "&:hover": { textDecoration: "underline" },
      },
    },
  };
}
