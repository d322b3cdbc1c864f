import { createContext, lazy, Suspense, useContext, useEffect, useState, type ReactNode } from "react";

import { useHydrated } from "~/utils/use-hydrated";
import { shortcutFor, type ShortcutAction } from "~/utils/keyboard-shortcuts";

/**
 * The app's keyboard shortcuts (JavaScript only): one document listener for the whole
 * shell, mapping keys through `shortcutFor`, and the dialog that lists them (`?`, or
 * "Keyboard shortcuts" in the account menu).
 */
const OpenContext = createContext<() => void>(() => {});
// The dialog's code (MUI's Dialog, the list) is fetched when it first opens.
const ShortcutsDialog = lazy(() => import("./shortcuts-dialog"));

/** The task title links of the Board (cards) or List (rows) on screen, in page order. */
const TASK_LINKS = "main .pl-task-title, main td.pl-title > a";
const QUICK_ADD = 'main input[aria-label^="New task in "]';
const SEARCH = 'input[name="q"][aria-label="Search"]';

export function KeyboardShortcuts({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so the dialog can play its closing transition.
  const [opened, setOpened] = useState(false);
  if (open && !opened) setOpened(true);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented) return;
      const focus = event.target instanceof HTMLElement ? event.target : null;
      const action = shortcutFor(event, focus, { dialogOpen: open });
      // Handled keys are not typed into what they focus ("c" into the quick add).
      if (action && perform(action, () => setOpen(true))) event.preventDefault();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);
  return (
    <OpenContext.Provider value={() => setOpen(true)}>
      {children}
      {/* Not before it opens (so not on the server): closed, it renders no markup, yet MUI would make its styles. */}
      {opened ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </OpenContext.Provider>
  );
}

/** Does what the key asks, if the page has it; false when there was nothing to do. */
function perform(action: ShortcutAction, openHelp: () => void) {
  switch (action) {
    case "help":
      openHelp();
      return true;
    case "new-task":
      return focusOn(document.querySelector<HTMLElement>(QUICK_ADD));
    case "search":
      return focusOn(document.querySelector<HTMLElement>(SEARCH));
    case "next-task":
    case "previous-task":
      return focusOn(neighbourTask(action === "next-task" ? 1 : -1));
    case "palette":
      // The palette listens for Ctrl+K itself; shortcutFor never answers this.
      return false;
    case "edit-field":
      // The task page and the views open their property editors themselves.
      return false;
    case "open-task": {
      const focused = document.activeElement;
      if (!(focused instanceof HTMLElement) || !focused.matches(TASK_LINKS)) return false;
      focused.click();
      return true;
    }
  }
}

function focusOn(element: HTMLElement | null) {
  if (!element) return false;
  element.focus();
  element.scrollIntoView({ block: "nearest" });
  return true;
}

/** The task after (or before) the focused one; the first when none is focused. */
function neighbourTask(step: 1 | -1) {
  const links = [...document.querySelectorAll<HTMLElement>(TASK_LINKS)];
  const at = links.indexOf(document.activeElement as HTMLElement);
  if (at === -1) return links[0] ?? null;
  return links[Math.min(Math.max(at + step, 0), links.length - 1)] ?? null;
}

/** The account menu's way to the list: a button, so only once the page's script runs. */
export function ShortcutsMenuItem() {
  const openHelp = useContext(OpenContext);
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <button type="button" className="pl-menu-item" onClick={openHelp}>
      Keyboard shortcuts <kbd>?</kbd>
    </button>
  );
}
