import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** A titled, outlined section of a settings page; its heading names the region. */
export function SectionCard({
  title,
  id,
  danger = false,
  children,
}: {
  title: string;
  id: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={id}
      sx={{ p: { xs: 2, sm: 3 }, ...(danger ? { borderColor: "error.main" } : {}) }}
    >
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/**
 * A section folded by default: a `<details>` whose summary is the heading (it opens without
 * JavaScript too). For what most visits do not need, such as a task's history.
 */
export function FoldedSection({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-labelledby={id} sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
      <details>
        <Typography
          component="summary"
          sx={{
            cursor: "pointer",
            fontWeight: 600,
            py: 0.5,
            "&:focus-visible": { outline: "2px solid", outlineColor: "primary.main" },
          }}
        >
          <span id={id}>{title}</span>
        </Typography>
        <Box sx={{ pt: 1.5 }}>{children}</Box>
      </details>
    </Paper>
  );
}
