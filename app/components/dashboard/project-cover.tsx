import Box from "@mui/material/Box";

import { initialsOf, isProjectColor, PROJECT_COLORS } from "~/utils/projects";

/** The uploaded cover, else one drawn from the project's colour and initials. */
export function ProjectCover({
  name,
  color,
  coverUrl,
  height = 120,
}: {
  name: string;
  color: string;
  coverUrl: string | null;
  height?: number;
}) {
  if (coverUrl) {
    return (
      <Box
        component="img"
        src={coverUrl}
        alt=""
        loading="lazy"
        sx={{ display: "block", width: "100%", height, objectFit: "cover" }}
      />
    );
  }
  const swatch = isProjectColor(color) ? PROJECT_COLORS[color] : PROJECT_COLORS.slate;
  return (
    <Box
      aria-hidden
      sx={{
        height,
        display: "grid",
        placeItems: "center",
        background: `linear-gradient(135deg, ${swatch.from}, ${swatch.to})`,
        color: "#fff",
        fontWeight: 800,
        fontSize: height / 3,
        letterSpacing: "0.04em",
        textShadow: "0 1px 2px rgb(0 0 0 / 0.25)",
      }}
    >
      {initialsOf(name)}
    </Box>
  );
}
