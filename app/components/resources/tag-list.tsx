import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { Link as RouterLink } from "react-router";

/** Tags as small chips; with `linkTo`, each chip is a link (the blog's tag filter). */
export function TagList({
  tags,
  linkTo,
  label = "Tags",
}: {
  tags: string[];
  linkTo?: (tag: string) => string;
  label?: string;
}) {
  return (
    <Box
      component="ul"
      aria-label={label}
      sx={{ listStyle: "none", m: 0, p: 0, display: "flex", flexWrap: "wrap", gap: 0.75 }}
    >
      {tags.map((tag) => (
        <li key={tag}>
          {linkTo ? (
            <Chip
              component={RouterLink}
              to={linkTo(tag)}
              clickable
              label={tag}
              size="small"
              variant="outlined"
              sx={{ color: "text.primary" }}
            />
          ) : (
            <Chip label={tag} size="small" variant="outlined" sx={{ color: "text.secondary" }} />
          )}
        </li>
      ))}
    </Box>
  );
}
