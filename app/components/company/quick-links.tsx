import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";

import { IconBadge } from "./section";

export type QuickLink = {
  title: string;
  description: string;
  icon: ReactNode;
  /** A path on this site, or a mailto: address; none for a link that is not live yet (shown as Coming soon). */
  href?: string;
};

/** Cards of shortcuts; each live card is one link (the title's, stretched over the card). */
export function QuickLinks({ links }: { links: QuickLink[] }) {
  return (
    <Box
      component="ul"
      sx={{
        listStyle: "none",
        m: 0,
        p: 0,
        display: "grid",
        gap: 2,
        gridTemplateColumns: { xs: "1fr", sm: "repeat(2, 1fr)", md: "repeat(3, 1fr)", lg: "repeat(5, 1fr)" },
      }}
    >
      {links.map((link) => (
        <Card
          component="li"
          key={link.title}
          sx={{
            position: "relative",
            height: "100%",
            ...(link.href
              ? { "&:hover, &:focus-within": { borderColor: "primary.main" } }
              : { borderStyle: "dashed", bgcolor: "transparent" }),
          }}
        >
          <CardContent
            sx={{
              p: 2.5,
              "&:last-child": { pb: 2.5 },
              display: "flex",
              flexDirection: { xs: "row", lg: "column" },
              alignItems: "flex-start",
              gap: 2,
            }}
          >
            <IconBadge size={40}>{link.icon}</IconBadge>
            <Box sx={{ minWidth: 0 }}>
              <Typography component="h3" variant="h6" sx={{ mb: 0.5 }}>
                {link.href ? <CardLink href={link.href}>{link.title}</CardLink> : link.title}
              </Typography>
              <Typography variant="body2" color="textSecondary">
                {link.description}
              </Typography>
              {link.href ? null : <Chip label="Coming soon" size="small" variant="outlined" sx={{ mt: 1.5 }} />}
            </Box>
          </CardContent>
        </Card>
      ))}
    </Box>
  );
}

const stretched = {
  "&::after": { content: '""', position: "absolute", inset: 0, borderRadius: "inherit" },
  "&:focus-visible": { outline: "none" },
  "&:focus-visible::after": { outline: 2, outlineColor: "primary.main", outlineOffset: 2 },
} as const;

function CardLink({ href, children }: { href: string; children: ReactNode }) {
  if (href.startsWith("/")) {
    return (
      <Link component={RouterLink} to={href} color="inherit" underline="hover" sx={stretched}>
        {children}
      </Link>
    );
  }
  return (
    <Link href={href} color="inherit" underline="hover" sx={stretched}>
      {children}
    </Link>
  );
}
