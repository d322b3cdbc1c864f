import Box from "@mui/material/Box";
import { useRef, type ReactNode } from "react";

import { useDetailsDismiss } from "./use-details-dismiss";

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
  summarySx,
  panelSx,
}: {
  /** The accessible name of the button. */
  label: string;
  summary: ReactNode;
  children: ReactNode;
  align?: "left" | "right";
  width?: number;
  summarySx?: object;
  panelSx?: object;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useDetailsDismiss(ref);

  return (
    <Box
      component="details"
      ref={ref}
      sx={{
        position: "relative",
        "& > summary": { listStyle: "none", cursor: "pointer" },
        "& > summary::-webkit-details-marker": { display: "none" },
      }}
    >
      <Box
        component="summary"
        aria-label={label}
        sx={{
          display: "flex",
          alignItems: "center",
          borderRadius: 2,
          p: 0.75,
          color: "text.secondary",
          "&:hover": { bgcolor: "action.hover" },
          "&:focus-visible": { outline: 2, outlineColor: "primary.main" },
          ...summarySx,
        }}
      >
        {summary}
      </Box>
      <Box
        sx={{
          position: "absolute",
          [align]: 0,
          top: "calc(100% + 6px)",
          width,
          maxWidth: "calc(100vw - 16px)",
          bgcolor: "background.paper",
          color: "text.primary",
          border: 1,
          borderColor: "divider",
          borderRadius: 2,
          boxShadow: 6,
          py: 1,
          zIndex: "modal",
          ...panelSx,
        }}
      >
        {children}
      </Box>
    </Box>
  );
}

/** A full-width row in a dropdown: a link or a submit button, left aligned. */
export const menuItemSx = {
  display: "flex",
  alignItems: "center",
  gap: 1.5,
  width: "100%",
  px: 2,
  py: 1,
  border: 0,
  bgcolor: "transparent",
  color: "text.primary",
  font: "inherit",
  fontSize: 14,
  textAlign: "left",
  textDecoration: "none",
  cursor: "pointer",
  "&:hover, &:focus-visible": { bgcolor: "action.hover", outline: "none" },
} as const;
