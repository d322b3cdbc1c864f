import Box from "@mui/material/Box";

import { isProjectColor, PROJECT_COLORS } from "~/utils/projects";

/** The project's colour as a small square, beside its name in lists. */
export function ProjectDot({ color }: { color: string }) {
  const swatch = isProjectColor(color) ? PROJECT_COLORS[color] : PROJECT_COLORS.slate;
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 10, height: 10, borderRadius: 0.75, flexShrink: 0, bgcolor: swatch.from }}
    />
  );
}
