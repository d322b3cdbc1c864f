import type { CSSObject, Theme } from "@mui/material/styles";
import { Link } from "react-router";

/** `.pl-logo`, in the theme stylesheet (app/theme/static-styles.ts): the logo is on every page, public and app. */
export const logoStyles = (theme: Theme): CSSObject => ({
  display: "inline-flex",
  alignItems: "center",
  gap: 8,
  color: theme.vars.palette.text.primary,
  textDecoration: "none",
  "& > svg": { width: 32, height: 32 },
  "& > span": { fontWeight: 800, fontSize: "1.25rem", letterSpacing: "-0.02em" },
});

/** The Plotline mark and word, linking home. */
export function Logo({ to = "/" }: { to?: string }) {
  return (
    <Link className="pl-logo" to={to} aria-label="Plotline home">
      <svg viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="#4F46E5" />
        <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
        <circle cx="22.5" cy="22.5" r="2.5" fill="#2DD4BF" />
      </svg>
      <span>Plotline</span>
    </Link>
  );
}
