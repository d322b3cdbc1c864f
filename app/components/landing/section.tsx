import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** Height of the sticky site header; anchored sections keep their titles clear of it. */
export const HEADER_HEIGHT = 64;

/**
 * One band of a public page: an optional eyebrow, an h2 and a lead paragraph, then the
 * content. The id makes it an anchor target (/#features), and scroll-margin-top keeps the
 * title out from under the sticky header when the browser jumps there.
 */
export function Section({
  id,
  eyebrow,
  title,
  subtitle,
  tinted = false,
  children,
}: {
  id: string;
  eyebrow?: string;
  title: string;
  subtitle?: string;
  tinted?: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={titleId}
      sx={{
        scrollMarginTop: `${HEADER_HEIGHT}px`,
        py: { xs: 8, md: 12 },
        bgcolor: tinted ? "background.paper" : "transparent",
        borderTop: tinted ? 1 : 0,
        borderBottom: tinted ? 1 : 0,
        borderColor: "divider",
      }}
    >
      <Container>
        <Box sx={{ textAlign: "center", maxWidth: 800, mx: "auto", mb: { xs: 5, md: 7 } }}>
          {eyebrow ? (
            <Typography
              variant="overline"
              component="p"
              color="primary"
              sx={{ fontWeight: 700, letterSpacing: "0.08em", mb: 1 }}
            >
              {eyebrow}
            </Typography>
          ) : null}
          <Typography id={titleId} component="h2" variant="h2" sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" } }}>
            {title}
          </Typography>
          {subtitle ? (
            <Typography color="textSecondary" sx={{ mt: 2, fontSize: { xs: "1rem", md: "1.125rem" } }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {children}
      </Container>
    </Box>
  );
}
