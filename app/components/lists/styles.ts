import type { Theme } from "@mui/material/styles";

import { PROJECT_COLORS } from "~/utils/projects";

/**
 * The CSS shared by repeated items, in the theme stylesheet made once per process
 * (app/theme/static-styles.ts); each list adds its own rules to its one `styled()` parent
 * (docs/decisions/009). Every colour is a theme CSS variable (`theme.vars`), so the
 * rules are the same for every request and every colour scheme; the items themselves are
 * plain elements with these class names and carry no styles of their own.
 */

/** `data-color="indigo"` on an item sets `--pl-from` / `--pl-to` for its swatch or cover. */
export const projectColorStyles = Object.fromEntries(
  Object.entries(PROJECT_COLORS).map(([name, swatch]) => [
    `[data-color="${name}"]`,
    { "--pl-from": swatch.from, "--pl-to": swatch.to },
  ]),
);

/** A full-width row of a menu (a link or a submit button): the item menus' and the dropdowns'. */
export function menuItemStyles(theme: Theme) {
  const { palette } = theme.vars;
  return {
    display: "flex",
    alignItems: "center",
    gap: 12,
    width: "100%",
    padding: "8px 16px",
    border: 0,
    background: "transparent",
    color: palette.text.primary,
    font: "inherit",
    fontSize: 14,
    textAlign: "left",
    textDecoration: "none",
    cursor: "pointer",
    "&:hover, &:focus-visible": { background: palette.action.hover, outline: "none" },
  } as const;
}

/** Shared pieces: icons, the colour dot, screen-reader-only text, a chip, the item menu. */
export function listBaseStyles(theme: Theme) {
  const { palette } = theme.vars;
  return {
    ...projectColorStyles,
    ".pl-icon": { width: "1.25rem", height: "1.25rem", flexShrink: 0 },
    ".pl-dot": {
      width: 10,
      height: 10,
      borderRadius: 3,
      flexShrink: 0,
      background: `var(--pl-from, ${PROJECT_COLORS.slate.from})`,
    },
    ".pl-sr-only": {
      border: 0,
      clip: "rect(0 0 0 0)",
      height: 1,
      width: 1,
      margin: -1,
      overflow: "hidden",
      padding: 0,
      position: "absolute",
      whiteSpace: "nowrap",
    },
    ".pl-chip": {
      display: "inline-block",
      padding: "2px 8px",
      borderRadius: 12,
      fontSize: 12,
      lineHeight: "18px",
      background: palette.action.selected,
      color: palette.text.primary,
    },
    ".pl-chip[data-tone=primary]": { background: palette.primary.main, color: palette.primary.contrastText },
    /** A task label in its colour (`data-color`); dark text where white would be too faint (AA). */
    ".pl-label": {
      display: "inline-block",
      padding: "0 6px",
      borderRadius: 6,
      fontSize: 12,
      lineHeight: "18px",
      color: "#fff",
      background: `var(--pl-from, ${PROJECT_COLORS.slate.from})`,
      overflowWrap: "anywhere",
    },
    '.pl-label[data-color="teal"], .pl-label[data-color="green"]': { color: "#0b1215" },
    ".pl-secondary": { color: palette.text.secondary },
    /** "Blocked": a task an open task blocks (issue 34), on cards, List rows and the task's page. */
    ".pl-blocked": {
      display: "inline-block",
      padding: "0 6px",
      borderRadius: 6,
      border: `1px solid ${palette.error.main}`,
      color: palette.error.main,
      fontSize: 11,
      fontWeight: 700,
      lineHeight: "16px",
      letterSpacing: 0.2,
      whiteSpace: "nowrap",
      verticalAlign: "middle",
    },
    /** A repeating task's icon (issue 34), on cards. */
    ".pl-repeating": {
      display: "inline-flex",
      alignItems: "center",
      fontSize: 14,
      color: palette.text.secondary,
      verticalAlign: "middle",
    },
    /** A link that looks like a small outlined button (Show more, paging). */
    ".pl-link-button": {
      display: "inline-flex",
      alignItems: "center",
      padding: "5px 15px",
      borderRadius: theme.shape.borderRadius,
      border: `1px solid ${palette.primary.main}`,
      color: palette.primary.main,
      background: "transparent",
      font: "inherit",
      fontSize: 14,
      fontWeight: 600,
      textDecoration: "none",
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
    },
    /** A round button or link around one icon (the top bar's, the project page's Back and Star). */
    ".pl-icon-button": {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      flexShrink: 0,
      padding: 8,
      border: 0,
      borderRadius: "50%",
      background: "transparent",
      color: palette.text.secondary,
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    /** A link or button that looks like MUI's contained primary button (New Project). */
    ".pl-primary-button": {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      gap: 8,
      padding: "6px 16px",
      minWidth: 64,
      border: 0,
      borderRadius: theme.vars.shape.borderRadius,
      ...theme.typography.button,
      color: palette.primary.contrastText,
      backgroundColor: palette.primary.main,
      textDecoration: "none",
      cursor: "pointer",
      transition: theme.transitions.create("background-color", { duration: theme.transitions.duration.short }),
      "&:hover": { backgroundColor: palette.primary.dark },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: 2 },
      "& > svg:first-child": { marginLeft: -4, fontSize: 20 },
    },
    ...itemMenuStyles(theme),
  } as const;
}

/** The item menu of `useItemMenu`: a round trigger, a panel below it, full-width rows. */
export function itemMenuStyles(theme: Theme) {
  const { palette, shadows } = theme.vars;
  return {
    ".pl-menu": { position: "relative", flexShrink: 0 },
    ".pl-menu-button": {
      display: "flex",
      alignItems: "center",
      padding: 6,
      borderRadius: 8,
      color: palette.text.secondary,
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    ".pl-menu-panel": {
      position: "absolute",
      right: 0,
      top: "calc(100% + 6px)",
      width: 220,
      maxWidth: "calc(100vw - 16px)",
      padding: "8px 0",
      background: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: 8,
      boxShadow: shadows[6],
      zIndex: theme.zIndex.modal,
      textAlign: "left",
    },
    ".pl-menu-item": menuItemStyles(theme),
    ".pl-menu-item[data-tone=danger]": { color: palette.error.main },
  } as const;
}

/**
 * Plain inputs, selects and buttons inside a styled parent (the settings rows of statuses
 * and labels): bordered like the theme's fields, without an MUI component per control.
 */
export function plainControlStyles(theme: Theme) {
  const { palette } = theme.vars;
  const control = {
    borderRadius: 6,
    border: `1px solid ${palette.divider}`,
    background: palette.background.paper,
    color: palette.text.primary,
  };
  return {
    "& input, & select, & button": { font: "inherit", fontSize: 14 },
    "& input, & select": { ...control, padding: "6px 8px" },
    "& input[aria-invalid=true], & select[aria-invalid=true]": { borderColor: palette.error.main },
    "& button": {
      ...control,
      padding: "6px 12px",
      cursor: "pointer",
      "&:hover": { background: palette.action.hover },
      "&:disabled": { cursor: "default", opacity: 0.5 },
    },
  };
}
