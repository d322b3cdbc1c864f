import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** The title band at the top of an inner public page. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: string;
  children?: ReactNode;
}) {
  return (
    <Box sx={{ borderBottom: 1, borderColor: "divider", bgcolor: "background.paper" }}>
      <Container sx={{ py: { xs: 6, md: 9 }, textAlign: "center" }}>
        {eyebrow ? (
          <Typography variant="overline" color="primary" sx={{ fontWeight: 700, letterSpacing: "0.08em" }}>
            {eyebrow}
          </Typography>
        ) : null}
        <Typography
          component="h1"
          variant="h1"
          sx={{ mb: subtitle ? 2 : 0, fontSize: { xs: "2.125rem", md: "2.75rem" } }}
        >
          {title}
        </Typography>
        {subtitle ? (
          <Typography
            variant="h6"
            component="p"
            color="textSecondary"
            sx={{ fontWeight: 400, maxWidth: 720, mx: "auto" }}
          >
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Container>
    </Box>
  );
}
