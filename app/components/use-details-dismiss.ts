import { useEffect, useRef, type RefObject } from "react";
import { useLocation } from "react-router";

/**
 * What a `<details>` menu or drawer adds once JavaScript runs (without it, it opens and
 * closes by its summary alone): it closes after a navigation, on a pointer press outside it,
 * and on Escape inside it, with focus back on its summary. `keepOpenWithin` is a selector
 * for what it shows elsewhere in the page (the sidebar a drawer toggle opens): presses there
 * keep it open, and Escape is heard from anywhere, since focus is out of the `<details>`.
 */
export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement | null>, keepOpenWithin?: string) {
  const location = useLocation();
  const shownAt = useRef(location.key);

  useEffect(() => {
    // Not on mount: a public page hydrates on its first interaction (decision 039), which
    // may be the very press that opened this menu.
    if (shownAt.current === location.key) return;
    shownAt.current = location.key;
    if (ref.current) ref.current.open = false;
  }, [ref, location]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Element;
      if (!details.open || details.contains(target)) return;
      if (keepOpenWithin && target.closest?.(keepOpenWithin)) return;
      details.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    };
    const keys: Document | HTMLDetailsElement = keepOpenWithin ? document : details;
    document.addEventListener("pointerdown", onPointer);
    keys.addEventListener("keydown", onKey as EventListener);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      keys.removeEventListener("keydown", onKey as EventListener);
    };
  }, [ref, keepOpenWithin]);
}
