import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router";

import { ArrowBack as ArrowBackIcon } from "~/components/icons/material";

/** The reading column of a guide or a post (about 760 px of text). */
export function ArticleColumn({ children }: { children: ReactNode }) {
  return (
    <Box component="article" sx={{ maxWidth: 808, mx: "auto", px: { xs: 2, sm: 3 }, py: { xs: 4, md: 6 } }}>
      {children}
    </Box>
  );
}

export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.75, fontWeight: 600, fontSize: "0.9375rem" }}
    >
      <ArrowBackIcon aria-hidden sx={{ fontSize: 18 }} />
      {children}
    </Link>
  );
}
