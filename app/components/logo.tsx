import Box from "@mui/material/Box";
import { Link } from "react-router";

/** The Plotline mark and word, linking home. */
export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Box
      component={Link}
      to={to}
      aria-label="Plotline home"
      sx={{ display: "inline-flex", alignItems: "center", gap: 1, color: "text.primary", textDecoration: "none" }}
    >
      <Box component="svg" viewBox="0 0 32 32" aria-hidden sx={{ width: 32, height: 32 }}>
        <rect width="32" height="32" rx="8" fill="#4F46E5" />
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="22.5" cy="22.5" r="2.5" fill="#2DD4BF" />
      </Box>
      <Box component="span" sx={{ fontWeight: 800, fontSize: "1.25rem", letterSpacing: "-0.02em" }}>
        Plotline
      </Box>
    </Box>
  );
}
