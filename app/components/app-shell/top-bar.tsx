import type { CSSObject, Theme } from "@mui/material/styles";
import { useEffect, useState } from "react";
import { Form, NavLink, useSearchParams } from "react-router";

import { AccountMenu } from "~/components/account-menu";
import { Glyph } from "~/components/lists/icons";
import { Logo } from "~/components/logo";
import { ShortcutsMenuItem } from "./keyboard-shortcuts";
import { NotificationsMenu } from "./notifications-menu";
import { SidebarToggle } from "./sidebar-toggle";
import { ThemeMenu } from "./theme-menu";
import type { ShellData } from "./types";

/** The spec's threshold: past 20 px of scroll the bar gets its stronger background. */
const SCROLL_THRESHOLD = 20;

function useScrolledPast(threshold: number) {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, [threshold]);
  return scrolled;
}

/**
 * The top bar is on every app page: one element, `.pl-top-bar`, whose rules cover
 * everything in it (docs/decisions/009), in the theme stylesheet made once per process
 * (app/theme/static-styles.ts, docs/decisions/012); its parts are plain elements with class names.
 */
export function topBarStyles(theme: Theme): CSSObject {
  const { palette } = theme.vars;
  const { up, down } = theme.breakpoints;
  return {
    position: "sticky",
    top: 0,
    zIndex: theme.zIndex.appBar,
    display: "flex",
    alignItems: "center",
    gap: 8,
    minHeight: 56,
    padding: "0 16px",
    [up("sm")]: { minHeight: 64, padding: "0 24px" },
    color: palette.text.primary,
    borderBottom: `1px solid ${palette.divider}`,
    // No backdrop-filter: it would become the containing block of the mobile drawer.
    background: palette.background.default,
    transition: "background-color 150ms, box-shadow 150ms",
    "&[data-scrolled]": { background: palette.background.paper, boxShadow: theme.vars.shadows[2] },
    "& .pl-icon": { width: 24, height: 24, flexShrink: 0 },
    "& .pl-mobile-only": { [up("md")]: { display: "none" } },
    "& .pl-desktop-only": { [down("md")]: { display: "none" } },
    "& .pl-top-nav": { display: "none", gap: 4, marginLeft: 16, [up("lg")]: { display: "flex" } },
    "& .pl-top-link": {
      padding: "6px 8px",
      borderRadius: theme.vars.shape.borderRadius,
      color: palette.text.secondary,
      fontSize: 14,
      fontWeight: 500,
      lineHeight: 1.75,
      textDecoration: "none",
      "&:hover": { background: palette.action.hover },
      "&.active": { color: palette.primary.main, fontWeight: 600 },
    },
    "& .pl-spacer": { flexGrow: 1 },
    "& .pl-search-box": { [down("sm")]: { display: "none" }, width: 180, [up("md")]: { width: 260 } },
    "& .pl-bell": { position: "relative", display: "inline-flex" },
    "& .pl-badge": {
      position: "absolute",
      top: -6,
      right: -8,
      minWidth: 20,
      height: 20,
      padding: "0 6px",
      borderRadius: 10,
      background: palette.error.main,
      color: palette.error.contrastText,
      fontSize: 12,
      fontWeight: 500,
      lineHeight: "20px",
      textAlign: "center",
    },
    "& .pl-notifications-head": { display: "flex", alignItems: "center", "& > h2": { flexGrow: 1, fontSize: 15 } },
    "& .pl-notifications-head .pl-menu-item": { width: "auto", padding: "4px 8px" },
    "& .pl-caught-up": { padding: "32px 16px", textAlign: "center" },
  };
}

export function TopBar({ shell, mobileMenu }: { shell: ShellData; mobileMenu: React.ReactNode }) {
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  return (
    <header className="pl-top-bar" data-scrolled={scrolled || undefined}>
      <div className="pl-mobile-only">{mobileMenu}</div>
      <div className="pl-desktop-only">
        <SidebarToggle open={shell.sidebarOpen} />
      </div>
      <Logo to="/app/dashboard" />
      <nav aria-label="Top" className="pl-top-nav">
        <NavLink to="/app/dashboard" className="pl-top-link">
          Dashboard
        </NavLink>
        <NavLink to="/app/templates" className="pl-top-link">
          Templates
        </NavLink>
        <NavLink to="/app/calendar" className="pl-top-link">
          Calendar
        </NavLink>
      </nav>
      <div className="pl-spacer" />
      <SearchBox className="pl-search-box" />
      <ThemeMenu />
      <NotificationsMenu notifications={shell.notifications} />
      <AccountMenu user={shell.user}>
        <ShortcutsMenuItem />
      </AccountMenu>
    </header>
  );
}

/** The search box's CSS, `.pl-search-form` (in the theme stylesheet, as the top bar's). */
export const searchFormStyles = (theme: Theme): CSSObject => ({
  display: "flex",
  alignItems: "center",
  gap: 8,
  padding: "2px 12px",
  borderRadius: `calc(2 * ${theme.vars.shape.borderRadius})`,
  background: theme.vars.palette.action.hover,
  color: theme.vars.palette.text.secondary,
  "& > svg.pl-icon": { width: 20, height: 20 },
  "& input": {
    flexGrow: 1,
    minWidth: 0,
    padding: "4px 0 5px",
    border: 0,
    background: "transparent",
    color: theme.vars.palette.text.primary,
    font: "inherit",
    fontSize: 14,
    lineHeight: "23px",
    outline: "none",
  },
  "&:focus-within": { outline: `2px solid ${theme.vars.palette.primary.main}` },
});

/** A GET form: /app/search?q=… works the same with and without JavaScript. */
export function SearchBox({ className }: { className?: string }) {
  const [params] = useSearchParams();
  return (
    <Form
      method="get"
      action="/app/search"
      role="search"
      className={className ? `pl-search-form ${className}` : "pl-search-form"}
    >
      <Glyph name="search" />
      <input
        key={params.get("q") ?? ""}
        name="q"
        type="search"
        placeholder="Search…"
        defaultValue={params.get("q") ?? ""}
        aria-label="Search"
        maxLength={100}
      />
    </Form>
  );
}
