import { useCallback, type MouseEvent } from "react";
import { useNavigate } from "react-router";

/**
 * Links in repeated items (the sidebar's projects, list rows, board cards, project cards)
 * are plain `<a href>`s, and one click handler on their container navigates in the app as
 * React Router's `Link` would. A `Link` runs about ten hooks per render: ~10 µs each on the
 * server, which a page of a hundred links, or a board of a thousand cards, pays on every
 * request. Without JavaScript the anchors work as they are.
 *
 * The handler leaves alone what a `Link` leaves alone: a click already handled (a `Link`
 * inside, a menu), other buttons and modifier keys (new tab, new window, download), a
 * target other than `_self`, `download`, another origin. Like `Link`, a click on a link to
 * the current location replaces it rather than adding a history entry. An anchor marked
 * `data-keep-scroll` keeps the scroll position, as `Link`'s `preventScrollReset` does (a
 * list's sort links).
 */
export function useDelegatedLinks() {
  const navigate = useNavigate();
  return useCallback(
    (event: MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
      if ((anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = url.pathname + url.search + url.hash;
      const { pathname, search, hash } = window.location;
      void navigate(to, {
        replace: to === pathname + search + hash,
        preventScrollReset: anchor.hasAttribute("data-keep-scroll"),
      });
    },
    [navigate],
  );
}
