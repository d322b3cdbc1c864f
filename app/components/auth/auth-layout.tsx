import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

import { Logo } from "~/components/logo";
import { ThemeSwitcher } from "~/components/theme-switcher";

/**
 * The auth screens' frame (spec section 2): a centred card on a decorative background,
 * the logo above it linking home. The background is drawn with theme colours only, so it
 * follows light and dark.
 */
export function AuthLayout({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card: e.g. "Don't have an account? Sign Up Now". */
  footer?: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: "100vh",
        display: "flex",
        flexDirection: "column",
        position: "relative",
        overflow: "hidden",
        bgcolor: "background.default",
      }}
    >
      <Decoration />
      <Box
        component="header"
        sx={{ position: "relative", display: "flex", justifyContent: "center", pt: { xs: 4, sm: 6 }, pb: 3 }}
      >
        <Logo />
      </Box>
      <Box
        component="main"
        id="main"
        sx={{ position: "relative", flex: 1, display: "flex", justifyContent: "center", px: 2, pb: 4 }}
      >
        <Box sx={{ width: "100%", maxWidth: 440 }}>
          <Paper
            elevation={0}
            sx={{
              p: { xs: 3, sm: 4 },
              borderRadius: 3,
              border: 1,
              borderColor: "divider",
              boxShadow: "0 24px 48px -24px rgb(15 23 42 / 0.25)",
            }}
          >
            <Typography component="h1" variant="h4" sx={{ fontWeight: 700, textAlign: "center" }}>
              {title}
            </Typography>
            {subtitle ? (
              <Typography color="textSecondary" sx={{ mt: 1, textAlign: "center" }}>
                {subtitle}
              </Typography>
            ) : null}
            <Box sx={{ mt: 3 }}>{children}</Box>
          </Paper>
          {footer ? (
            <Typography color="textSecondary" sx={{ mt: 3, textAlign: "center" }}>
              {footer}
            </Typography>
          ) : null}
        </Box>
      </Box>
      <Box component="footer" sx={{ position: "relative", display: "flex", justifyContent: "center", pb: 3 }}>
        <ThemeSwitcher />
      </Box>
    </Box>
  );
}

/** Two soft colour fields and a faint dot grid behind the card; purely decorative. */
function Decoration() {
  return (
    <Box aria-hidden sx={{ position: "absolute", inset: 0, pointerEvents: "none" }}>
      <Box
        sx={{
          position: "absolute",
          inset: 0,
          backgroundImage: (theme) =>
            `radial-gradient(${theme.vars ? `rgb(${theme.vars.palette.primary.mainChannel} / 0.14)` : "transparent"} 1px, transparent 1px)`,
          backgroundSize: "22px 22px",
          maskImage: "radial-gradient(ellipse at center, black 30%, transparent 75%)",
        }}
      />
      <Box
        sx={{
          position: "absolute",
          width: 520,
          height: 520,
          top: -200,
          left: -160,
          borderRadius: "50%",
          filter: "blur(80px)",
          opacity: 0.35,
          bgcolor: "primary.main",
        }}
      />
      <Box
        sx={{
          position: "absolute",
          width: 460,
          height: 460,
          bottom: -180,
          right: -140,
          borderRadius: "50%",
          filter: "blur(80px)",
          opacity: 0.3,
          bgcolor: "secondary.main",
        }}
      />
    </Box>
  );
}
