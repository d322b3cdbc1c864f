import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

import { ArrowForward as ArrowForwardIcon } from "~/components/icons/material";
import { RequestDemoButton } from "~/components/site/request-demo";
import { BoardIllustration } from "./board-illustration";

/** The landing page's opening: the one h1, the pitch, the two calls to action and a board. */
export function LandingHero() {
  return (
    <Box
      component="section"
      aria-labelledby="hero-title"
      sx={(theme) => ({
        borderBottom: 1,
        borderColor: "divider",
        backgroundImage: `radial-gradient(70% 60% at 15% 0%, rgba(${theme.vars.palette.primary.mainChannel} / 0.12), transparent 70%)`,
      })}
    >
      <Container sx={{ py: { xs: 7, md: 12 } }}>
        <Grid container spacing={{ xs: 6, md: 8 }} sx={{ alignItems: "center" }}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Box
              component={Link}
              to="/resources/blog/changelog-v1-2"
              sx={{
                display: "inline-flex",
                alignItems: "center",
                gap: 1,
                mb: 3,
                pl: 0.5,
                pr: 1.5,
                py: 0.5,
                border: 1,
                borderColor: "divider",
                borderRadius: 999,
                bgcolor: "background.paper",
                color: "text.primary",
                textDecoration: "none",
                fontSize: 14,
                maxWidth: "100%",
                "&:hover": { borderColor: "primary.main" },
                "&:focus-visible": { outline: 2, outlineStyle: "solid", outlineColor: "primary.main" },
              }}
            >
              <Box
                component="span"
                sx={{
                  px: 1,
                  borderRadius: 999,
                  bgcolor: "primary.main",
                  color: "primary.contrastText",
                  fontWeight: 700,
                  fontSize: 12,
                  lineHeight: "22px",
                }}
              >
                New
              </Box>
              <Box component="span" sx={{ minWidth: 0 }}>
                Plotline 1.2: Mind Maps and your own AI model
              </Box>
              <ArrowForwardIcon aria-hidden sx={{ fontSize: 16, color: "text.secondary" }} />
            </Box>
            <Typography
              id="hero-title"
              component="h1"
              variant="h1"
              sx={{ fontSize: { xs: "2.5rem", sm: "3rem", md: "3.5rem" }, letterSpacing: "-0.03em", mb: 3 }}
            >
              Plan, track and{" "}
              <Box component="span" sx={{ color: "primary.main" }}>
                ship together
              </Box>
            </Typography>
            <Typography
              component="p"
              color="textSecondary"
              sx={{ fontSize: { xs: "1.125rem", md: "1.25rem" }, lineHeight: 1.6, mb: 5, maxWidth: 560 }}
            >
              Plotline keeps your projects, tasks and team in one place, updates everyone in real time, and comes with
              an AI assistant that works on your real data. Use our hosted service or run it on your own server.
            </Typography>
            <CallsToAction />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <BoardIllustration />
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}

/** Get Early Access (sign-up) and Schedule a Demo (the demo dialog, or /request-demo without JS). */
export function CallsToAction({ centered = false }: { centered?: boolean }) {
  return (
    <Box
      sx={{
        display: "flex",
        flexDirection: { xs: "column", sm: "row" },
        gap: 2,
        justifyContent: centered ? "center" : "flex-start",
      }}
    >
      <Button
        component={Link}
        to="/auth/signup"
        variant="contained"
        size="large"
        endIcon={<ArrowForwardIcon aria-hidden />}
        sx={{ px: 3.5, py: 1.5 }}
      >
        Get Early Access
      </Button>
      <RequestDemoButton variant="outlined" size="large" sx={{ px: 3.5, py: 1.5 }}>
        Schedule a Demo
      </RequestDemoButton>
    </Box>
  );
}
