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
