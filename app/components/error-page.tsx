import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";

export type ErrorPageContent = {
  status: number;
  title: string;
  message: string;
  backTo: string;
  backLabel: string;
  detail?: string;
};

/** The one page every error status renders, in the product's look. */
export function ErrorPage({ status, title, message, backTo, backLabel, detail }: ErrorPageContent) {
  return (
    <Container component="main" maxWidth="sm" sx={{ minHeight: "100vh", display: "grid", placeItems: "center", py: 8 }}>
      {/* React hoists this into <head>; error pages have no route meta of their own. */}
      <title>{`${title} · Plotline`}</title>
      <Box sx={{ textAlign: "center" }}>
        <Typography component="p" variant="overline" color="primary" sx={{ fontSize: "1rem", fontWeight: 700 }}>
          {status}
        </Typography>
        <Typography component="h1" variant="h2" sx={{ mb: 2 }}>
          {title}
        </Typography>
        <Typography color="textSecondary" sx={{ mb: 4 }}>
          {message}
        </Typography>
        <Button component={Link} to={backTo} variant="contained" size="large">
          {backLabel}
        </Button>
        {detail ? (
          <Box
            component="pre"
            sx={{
              mt: 4,
              p: 2,
              textAlign: "left",
              overflow: "auto",
              fontSize: 12,
              bgcolor: "action.hover",
              borderRadius: 2,
            }}
          >
            {detail}
          </Box>
        ) : null}
      </Box>
    </Container>
  );
}
