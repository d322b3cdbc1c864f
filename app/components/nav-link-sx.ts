/**
 * The look of a link in a vertical navigation list (the app sidebar, the project's views):
 * highlighted when it is the current page, whether React Router's NavLink marks it with
 * `.active` or the link sets `aria-current` itself.
 */
export const navLinkSx = {
  display: "flex",
  alignItems: "center",
  gap: 1.25,
  px: 1.5,
  py: 0.875,
  borderRadius: 2,
  color: "text.primary",
  textDecoration: "none",
  fontSize: 14,
  minWidth: 0,
  "&:hover": { bgcolor: "action.hover" },
  "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineOffset: -2 },
  "&.active, &[aria-current=page]": { bgcolor: "action.selected", fontWeight: 600 },
} as const;
