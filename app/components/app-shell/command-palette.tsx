import { lazy, Suspense, useEffect, useState } from "react";

import { isPaletteShortcut } from "~/utils/keyboard-shortcuts";

/**
 * The command palette (Ctrl+K or Cmd+K, JavaScript only; without it the search page does
 * the same): jump to a project or task, or run an action. An ARIA combobox whose listbox
 * holds the options; the focus never leaves the input, arrows move the active option,
 * Enter runs it, Escape closes and gives the focus back (MUI's dialog restores it). Quick
 * results come from the search page's loader (`?palette=1`) through one fetcher, a moment
 * after the typing stops. Nothing is rendered until it opens, and its code
 * is fetched then (command-palette-dialog.tsx).
 */
const Palette = lazy(() => import("./command-palette-dialog"));

export type PaletteProject = { id: string; name: string };

export function CommandPalette({ projects }: { projects: PaletteProject[] }) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((was) => !was);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, []);
  return open ? (
    <Suspense fallback={null}>
      <Palette projects={projects} onClose={() => setOpen(false)} />
    </Suspense>
  ) : null;
}
