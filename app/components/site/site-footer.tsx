import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";

import { Logo } from "~/components/logo";
import { ThemeSwitcher } from "~/components/theme-switcher";

type FooterLink = { label: string; to?: string };

const COLUMNS: { title: string; links: FooterLink[] }[] = [
  {
    title: "Product",
    links: [
      { label: "Features", to: "/#features" },
      { label: "Integrations", to: "/#integrations" },
      { label: "Pricing", to: "/pricing" },
      { label: "Roadmap" },
    ],
  },
  {
    title: "Resources",
    links: [
      { label: "Blog", to: "/resources/blog" },
      { label: "Documentation", to: "/resources/documentation" },
      { label: "Guides", to: "/resources/guides" },
      { label: "Support", to: "/resources/support" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "About", to: "/company/about" },
      { label: "Careers", to: "/company/careers" },
      { label: "Contact", to: "/company/contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: "/legal/terms" },
      { label: "Privacy Policy", to: "/legal/privacy" },
    ],
  },
];

/** The public footer. Roadmap and the social names are not links yet (spec: inert). */
export function SiteFooter() {
  return (
    <Box component="footer" sx={{ borderTop: 1, borderColor: "divider", bgcolor: "background.paper", mt: "auto" }}>
      <Container sx={{ py: 6 }}>
        <Grid container spacing={4}>
          <Grid size={{ xs: 12, md: 4 }}>
            <Logo />
            <Typography color="textSecondary" sx={{ mt: 2, maxWidth: 320 }}>
              Project and task management for individuals and remote teams, with an AI assistant that knows your work.
            </Typography>
          </Grid>
          {COLUMNS.map((column) => (
            <Grid key={column.title} size={{ xs: 6, sm: 3, md: 2 }}>
              <Typography component="h2" variant="subtitle2" sx={{ mb: 1.5 }}>
                {column.title}
              </Typography>
              <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }}>
                {column.links.map((link) => (
                  <li key={link.label}>
                    {link.to ? (
                      <Link component={RouterLink} to={link.to} color="textSecondary" underline="hover">
                        {link.label}
                      </Link>
                    ) : (
                      <Typography component="span" color="textSecondary">
                        {link.label}
                      </Typography>
                    )}
                  </li>
                ))}
              </Stack>
            </Grid>
          ))}
        </Grid>
        <Box
          sx={{
            mt: 6,
            pt: 3,
            borderTop: 1,
            borderColor: "divider",
            display: "flex",
            flexWrap: "wrap",
            gap: 2,
            alignItems: "center",
            justifyContent: "space-between",
          }}
        >
          <Typography variant="body2" color="textSecondary">
            © {new Date().getFullYear()} Plotline. All rights reserved.
          </Typography>
          <Stack direction="row" spacing={2} sx={{ color: "text.secondary", fontSize: 14 }} aria-label="Social">
            <span>X</span>
            <span>LinkedIn</span>
            <span>GitHub</span>
          </Stack>
          <ThemeSwitcher />
        </Box>
      </Container>
    </Box>
  );
}
