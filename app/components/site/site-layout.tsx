import Box from "@mui/material/Box";
import type { ReactNode } from "react";

import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

/** Header, main landmark and footer around a public page. */
export function SiteLayout({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
      <SkipLink />
      <SiteHeader />
      <Box component="main" id="main" sx={{ flexGrow: 1 }}>
        {children}
      </Box>
      <SiteFooter />
    </Box>
  );
}

function SkipLink() {
  return (
    <Box
      component="a"
      href="#main"
      sx={{
        position: "absolute",
        left: 8,
        top: -48,
        zIndex: "tooltip",
        p: 1,
        bgcolor: "background.paper",
        "&:focus": { top: 8 },
      }}
    >
      Skip to content
    </Box>
  );
}
