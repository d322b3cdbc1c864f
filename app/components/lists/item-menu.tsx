import { useEffect, useState, type MouseEvent } from "react";
import { useLocation } from "react-router";

/** The query parameter that names the open item menu, for pages loaded without JavaScript. */
export const MENU_PARAM = "menu";

/**
 * One actions menu for a whole list, however many items it has (docs/decisions/009).
 *
 * Each item renders only a trigger: a link to the same page with `?menu=<scope>.<id>`, so
 * without JavaScript the server renders that one item with its menu open. With JavaScript
 * the click opens the menu in place instead; Escape, a click outside, a navigation or
 * `close()` shut it. The menu's contents are rendered by the list for the open item only.
 */
export function useItemMenu(scope: string) {
  const location = useLocation();
  const params = new URLSearchParams(location.search);
  const fromUrl = params.get(MENU_PARAM);
  params.delete(MENU_PARAM);
  const rest = params.toString();
  /** This page without the menu parameter: where forms in the menu come back to. */
  const back = `${location.pathname}${rest ? `?${rest}` : ""}`;
  // A choice made with JavaScript belongs to the location it was made on.
  const [chosen, setChosen] = useState<{ on: string; key: string | null } | null>(null);
  const openKey = chosen && chosen.on === location.key ? chosen.key : fromUrl;
  const prefix = `${scope}.`;
  const openId = openKey?.startsWith(prefix) ? openKey.slice(prefix.length) : null;
  const set = (id: string | null) => setChosen({ on: location.key, key: id === null ? null : prefix + id });

  useEffect(() => {
    if (openId === null) return;
    const root = () => document.querySelector(`[data-menu="${CSS.escape(prefix + openId)}"]`);
    const onPointer = (event: PointerEvent) => {
      if (!root()?.contains(event.target as Node)) setChosen({ on: location.key, key: null });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setChosen({ on: location.key, key: null });
      root()?.querySelector<HTMLElement>("[aria-expanded]")?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [openId, prefix, location.key]);

  return {
    openId,
    back,
    close: () => set(null),
    /** Props for an item's trigger (an <a>): the no-JavaScript link, and the in-place toggle. */
    trigger(id: string, label: string, anchor: string) {
      const open = openId === id;
      const query = new URLSearchParams(rest);
      if (!open) query.set(MENU_PARAM, prefix + id);
      const search = query.toString();
      return {
        href: `${search ? `?${search}` : location.pathname}#${anchor}`,
        "aria-label": label,
        "aria-expanded": open,
        onClick: (event: MouseEvent) => {
          event.preventDefault();
          set(open ? null : id);
        },
      };
    },
    /** Props for the element that wraps an item's trigger and its menu. */
    root: (id: string) => ({ "data-menu": prefix + id }),
  };
}
