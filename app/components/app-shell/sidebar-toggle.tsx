import { useFetcher, useLocation } from "react-router";

import { Glyph } from "~/components/lists/icons";

/**
 * Opens or closes the desktop sidebar. The choice is remembered in a cookie by
 * /app/sidebar: a plain form post without JavaScript, a fetcher (instant) with it.
 */
export function SidebarToggle({ open }: { open: boolean }) {
  const fetcher = useFetcher();
  const location = useLocation();
  const pending = fetcher.formData?.get("open");
  const shown = pending ? pending === "true" : open;
  return (
    <fetcher.Form method="post" action="/app/sidebar">
      <input type="hidden" name="open" value={String(!shown)} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button
        type="submit"
        className="pl-icon-button"
        onClick={(event) => {
          // With JavaScript: post without redirectTo and stay put (the action answers JSON).
          event.preventDefault();
          void fetcher.submit({ open: String(!shown) }, { method: "post", action: "/app/sidebar" });
        }}
        aria-label={shown ? "Collapse sidebar" : "Expand sidebar"}
        aria-expanded={shown}
      >
        <Glyph name={shown ? "menu-open" : "menu"} />
      </button>
    </fetcher.Form>
  );
}
