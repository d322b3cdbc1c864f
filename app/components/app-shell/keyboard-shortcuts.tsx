import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { styled } from "@mui/material/styles";
import { createContext, useContext, useEffect, useState, type ReactNode } from "react";

import { useHydrated } from "~/utils/use-hydrated";
import { shortcutFor, SHORTCUTS, type ShortcutAction } from "~/utils/keyboard-shortcuts";

/**
 * The app's keyboard shortcuts (JavaScript only): one document listener for the whole
 * shell, mapping keys through `shortcutFor`, and the dialog that lists them (`?`, or
 * "Keyboard shortcuts" in the account menu).
 */
const OpenContext = createContext<() => void>(() => {});

/** The task title links of the Board (cards) or List (rows) on screen, in page order. */
const TASK_LINKS = "main .pl-task-title, main td.pl-title > a";
const QUICK_ADD = 'main input[aria-label^="New task in "]';
const SEARCH = 'input[name="q"][aria-label="Search"]';

export function KeyboardShortcuts({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const hydrated = useHydrated();
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
      {/* Not on the server: closed, it renders no markup, yet MUI would make its styles. */}
      {hydrated ? <ShortcutsDialog open={open} onClose={() => setOpen(false)} /> : null}
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

const List = styled("dl")(({ theme }) => ({
  display: "grid",
  gridTemplateColumns: "auto 1fr",
  gap: "10px 16px",
  margin: 0,
  "& > div": { display: "contents" },
  "& dt": { justifySelf: "start" },
  "& dd": { margin: 0 },
  "& kbd": {
    display: "inline-block",
    minWidth: 24,
    padding: "2px 6px",
    textAlign: "center",
    fontFamily: "inherit",
    fontWeight: 600,
    border: `1px solid ${theme.vars.palette.divider}`,
    borderRadius: 4,
    background: theme.vars.palette.action.hover,
  },
}));

function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  // MUI's dialog closes on Escape and gives the focus back to where it was.
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="shortcuts-title" maxWidth="xs" fullWidth>
      <DialogTitle id="shortcuts-title">Keyboard shortcuts</DialogTitle>
      {/* Focusable: on a short window the list scrolls, and a keyboard must be able to scroll it. */}
      <DialogContent tabIndex={0}>
        <List>
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.key}>
              <dt>
                <kbd>{shortcut.key}</kbd>
              </dt>
              <dd>{shortcut.description}</dd>
            </div>
          ))}
        </List>
        <p>Shortcuts do nothing while you type in a field.</p>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
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
