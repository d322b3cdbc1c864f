import type { CSSObject, Theme } from "@mui/material/styles";
import { useRef, type CSSProperties, type ReactNode } from "react";

import { menuItemStyles } from "./lists/styles";
import { useDetailsDismiss } from "./use-details-dismiss";

/**
 * Every dropdown's CSS, `.pl-dropdown`, in the theme stylesheet made once per process
 * (app/theme/static-styles.ts, docs/decisions/012): the menus of the top bar are on every
 * page, so their rows are plain elements with these class names, not styled components.
 * `.pl-menu-item` is a full-width row (a link or a submit button), `.pl-menu-head` a block
 * of text at the top, `.pl-menu-divider` a rule.
 */
export function dropdownStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const rounded = `calc(2 * ${theme.vars.shape.borderRadius})`;
  return {
    position: "relative",
    "& > summary": {
      display: "flex",
      alignItems: "center",
      listStyle: "none",
      cursor: "pointer",
      borderRadius: rounded,
      padding: 6,
      color: palette.text.secondary,
      "&::-webkit-details-marker": { display: "none" },
      "&:hover": { background: palette.action.hover },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}` },
    },
    "&[data-summary=round] > summary": { padding: 2, borderRadius: "50%" },
    "&[data-summary=outlined] > summary": { border: `1px solid ${palette.divider}` },
    "& > summary > .pl-menu-label": {
      display: "flex",
      alignItems: "center",
      gap: 8,
      padding: "0 8px",
      color: palette.primary.main,
      fontWeight: 600,
    },
    "& > .pl-menu-panel": {
      // Content inside a <details> inherits from its content slot, which the baseline's
      // `*, *::before, *::after` does not reach: without this, rows are content-box.
      boxSizing: "border-box",
      position: "absolute",
      right: 0,
      top: "calc(100% + 6px)",
      width: "var(--pl-menu-width)",
      maxWidth: "calc(100vw - 16px)",
      padding: "8px 0",
      background: palette.background.paper,
      color: palette.text.primary,
      border: `1px solid ${palette.divider}`,
      borderRadius: rounded,
      boxShadow: theme.vars.shadows[6],
      zIndex: theme.zIndex.modal,
    },
    "&[data-align=left] > .pl-menu-panel": { right: "auto", left: 0 },
    "& .pl-menu-item": {
      ...menuItemStyles(theme),
      "&[data-tone=primary]": { color: palette.primary.main },
      "&[data-centered]": { justifyContent: "center" },
    },
    "& .pl-menu-head": { padding: "8px 16px" },
    "& .pl-menu-title": { margin: 0, fontWeight: 600, fontSize: 16 },
    "& .pl-menu-subtitle": { margin: 0, fontSize: 14, color: palette.text.secondary, overflowWrap: "anywhere" },
    "& .pl-menu-divider": { margin: "8px 0", border: 0, borderTop: `1px solid ${palette.divider}` },
    "& > summary .pl-icon": { width: 24, height: 24, flexShrink: 0 },
    "& > .pl-menu-panel .pl-icon": { width: 20, height: 20, flexShrink: 0 },
    "& .pl-menu-item > .pl-trailing": { marginLeft: "auto" },
  };
}

/**
 * A dropdown built on <details>: it opens with a click or the keyboard without JavaScript.
 * With JavaScript it also closes on Escape (focus back on its button), on a click outside,
 * and after a navigation.
 */
export function Dropdown({
  label,
  summary,
  children,
  align = "right",
  width = 260,
  summaryShape,
}: {
  /** The accessible name of the button. */
  label: string;
  summary: ReactNode;
  children: ReactNode;
  align?: "left" | "right";
  width?: number;
  /** "round" for an avatar, "outlined" for a labelled button. */
  summaryShape?: "round" | "outlined";
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);

  return (
    <details
      className="pl-dropdown"
      ref={ref}
      data-align={align}
      data-summary={summaryShape}
      style={{ "--pl-menu-width": `${width}px` } as CSSProperties}
    >
      <summary aria-label={label}>{summary}</summary>
      <div className="pl-menu-panel">{children}</div>
    </details>
  );
}
