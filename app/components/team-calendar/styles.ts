import { styled } from "@mui/material/styles";

import { cellItemTitle, compactMonthGridStyles, monthGridStyles } from "../calendar/month-grid";

/**
 * The team calendar's one styled root (docs/decisions/009): the grid's cells, their events
 * and tasks, and the day page's lists are plain elements with `pl-tc-*` class names styled
 * here; a project's colour reaches an item as `data-color` (the shared list styles set
 * `--pl-from` from it). Below 600 px of width the grid is compact (dates and dots) and the
 * chosen day's items are listed under it (`.pl-tc-agenda`).
 */
export const TeamCalendarRoot = styled("div")(({ theme }) => {
  const { palette } = theme.vars;
  const box = {
    display: "inline-flex",
    alignItems: "center",
    padding: "5px 12px",
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
    font: "inherit",
    fontSize: 14,
    textDecoration: "none",
    cursor: "pointer",
    "&:hover": { background: palette.action.hover },
    "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
  };
  return {
    "& .pl-tc-bar": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 12, marginBottom: 12 },
    "& .pl-tc-bar h1": { margin: 0, fontSize: 26, fontWeight: 700, marginRight: "auto" },
    "& .pl-tc-nav, & .pl-tc-filters": { display: "flex", flexWrap: "wrap", alignItems: "center", gap: 6 },
    "& .pl-tc-nav a, & .pl-tc-filters button, & .pl-tc-filters a, & .pl-tc-button": box,
    // A long workspace name shortens its select instead of widening the page.
    "& .pl-tc-filters": { minWidth: 0, maxWidth: "100%" },
    "& .pl-tc-filters select": { ...box, paddingRight: 4, minWidth: 0, maxWidth: "100%", textOverflow: "ellipsis" },
    "& .pl-tc-filters label": { display: "flex", alignItems: "center", gap: 6, fontSize: 14, minWidth: 0 },
    "& .pl-tc-primary": {
      ...box,
      border: 0,
      fontWeight: 600,
      background: palette.primary.main,
      color: palette.primary.contrastText,
      "&:hover": { background: palette.primary.dark },
    },
    "& .pl-tc-filters a[aria-pressed=true]": {
      background: palette.action.selected,
      borderColor: palette.primary.main,
    },
    "& .pl-tc-notice": { margin: "0 0 12px", color: palette.error.main },
    // Positioned, so that what is absolutely placed inside (screen-reader text) scrolls with
    // it instead of widening the page.
    "& .pl-tc-scroll": { overflowX: "auto", position: "relative" },
    ...monthGridStyles(theme, { cellHeight: 112, minWidth: 640 }),
    "& .pl-tc-event, & .pl-tc-task": {
      display: "flex",
      alignItems: "flex-start",
      gap: 4,
      minWidth: 0,
      padding: "1px 4px",
      borderRadius: 4,
      fontSize: 12,
      background: palette.action.hover,
      borderLeft: `3px solid var(--pl-from, ${palette.primary.main})`,
    },
    "& .pl-tc-event[data-all-day]": { background: palette.action.selected },
    "& .pl-tc-task .pl-dot": { marginTop: 3, flexShrink: 0 },
    "& .pl-tc-event a, & .pl-tc-task a": cellItemTitle(theme),
    "& .pl-tc-when, & .pl-tc-key": { color: palette.text.secondary, marginRight: 4 },
    "& .pl-tc-task[data-done] a": { textDecoration: "line-through", color: palette.text.secondary },
    "& .pl-tc-more": { fontSize: 12, color: palette.primary.main },
    // The day page: full-width lists.
    "& .pl-tc-section": {
      display: "grid",
      gap: 8,
      padding: 16,
      marginBottom: 16,
      borderRadius: 12,
      border: `1px solid ${palette.divider}`,
      background: palette.background.paper,
    },
    "& .pl-tc-section h2": { margin: 0, fontSize: 18, fontWeight: 700 },
    "& .pl-tc-section .pl-tc-event, & .pl-tc-section .pl-tc-task": { padding: "6px 8px", fontSize: 14 },
    // A day's lists have room: their titles wrap (between words).
    "& .pl-tc-section a": { whiteSpace: "normal", overflowWrap: "break-word" },
    "& .pl-tc-status": { margin: 0, fontSize: 14, color: palette.text.secondary },
    "& .pl-tc-agenda": { display: "none" },
    containerType: "inline-size",
    "@container (max-width: 599.98px)": {
      ...compactMonthGridStyles(theme),
      "& .pl-tc-bar h1": { fontSize: 22 },
      "& td[data-chosen]": { background: palette.action.selected },
      "& .pl-tc-agenda": {
        display: "grid",
        gap: 8,
        marginTop: 16,
        padding: 16,
        borderRadius: 12,
        border: `1px solid ${palette.divider}`,
        background: palette.background.paper,
      },
      "& .pl-tc-agenda h2": { margin: 0, fontSize: 16, fontWeight: 700 },
      "& .pl-tc-agenda .pl-tc-event, & .pl-tc-agenda .pl-tc-task": { padding: "6px 8px", fontSize: 14 },
      "& .pl-tc-agenda .pl-tc-more": { fontSize: 14 },
    },
  };
});
