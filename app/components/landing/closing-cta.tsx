import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

/** The last band of a page: a short pitch on a tinted card and its buttons. */
export function ClosingCta({
  id,
  title,
  text,
  children,
}: {
  id: string;
  title: string;
  text: string;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  return (
    <Box component="section" aria-labelledby={titleId} sx={{ py: { xs: 8, md: 12 } }}>
      <Container>
        <Box
          sx={(theme) => ({
            px: { xs: 3, md: 8 },
            py: { xs: 6, md: 9 },
            textAlign: "center",
            border: 1,
            borderColor: "divider",
            borderRadius: "16px",
            bgcolor: "background.paper",
            backgroundImage: `radial-gradient(80% 120% at 50% 0%, rgba(${theme.vars.palette.primary.mainChannel} / 0.12), transparent 70%)`,
          })}
        >
          <Typography
            id={titleId}
            component="h2"
            variant="h2"
            sx={{ fontSize: { xs: "1.75rem", md: "2.25rem" }, mb: 2 }}
          >
            {title}
          </Typography>
          <Typography color="textSecondary" sx={{ fontSize: { md: "1.125rem" }, maxWidth: 600, mx: "auto", mb: 4 }}>
            {text}
          </Typography>
          {children}
        </Box>
      </Container>
    </Box>
  );
}
