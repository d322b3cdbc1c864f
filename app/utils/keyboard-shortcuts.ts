/**
 * The app's single-key shortcuts, as a pure mapping from a key press and where the focus
 * is to what to do: testable without a browser, and the list the help dialog shows.
 */
export type ShortcutAction =
  "new-task" | "search" | "next-task" | "previous-task" | "open-task" | "edit-field" | "help" | "palette";

export const SHORTCUTS: { key: string; action: ShortcutAction; description: string }[] = [
  { key: "c", action: "new-task", description: "New task (on a project's Board or List)" },
  { key: "/", action: "search", description: "Search projects, tasks, comments, templates and members" },
  { key: "j", action: "next-task", description: "Next task on the Board or List" },
  { key: "k", action: "previous-task", description: "Previous task on the Board or List" },
  { key: "e", action: "open-task", description: "Open the focused task" },
  // The views and the task page listen for these themselves (components/tasks/fields/shortcuts.ts).
  { key: "s", action: "edit-field", description: "Change the status of the focused or open task" },
  { key: "p", action: "edit-field", description: "Change its priority" },
  { key: "a", action: "edit-field", description: "Change its assignees" },
  { key: "l", action: "edit-field", description: "Change its labels" },
  { key: "d", action: "edit-field", description: "Change its due date" },
  { key: "?", action: "help", description: "Show these shortcuts" },
  // Listed for the help dialog; the palette listens for it itself (`isPaletteShortcut`).
  {
    key: "Ctrl K",
    action: "palette",
    description: "Command palette: go to a project or task, or run a command (⌘K on a Mac)",
  },
];

export type KeyPress = {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Mid-composition (an IME): the key belongs to the text being composed. */
  isComposing?: boolean;
};

/** The focused element as far as the mapping cares: is the user typing into it? */
export type Focus = { tagName: string; isContentEditable: boolean } | null;

const TYPING_TAGS = new Set(["INPUT", "TEXTAREA", "SELECT"]);

export function isTypingInto(focus: Focus) {
  return focus !== null && (TYPING_TAGS.has(focus.tagName.toUpperCase()) || focus.isContentEditable);
}

/**
 * The action for a key press, or null: never while typing into a field, never with
 * Ctrl, Meta or Alt (the browser's and the system's shortcuts), never under an open dialog.
 * Shift is allowed, since `?` needs it on most layouts.
 */
export function shortcutFor(press: KeyPress, focus: Focus, context: { dialogOpen: boolean }): ShortcutAction | null {
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  if (context.dialogOpen || isTypingInto(focus)) return null;
  return SHORTCUTS.find((shortcut) => shortcut.key === press.key)?.action ?? null;
}

/**
 * Ctrl+K (Cmd+K on a Mac) opens the command palette, from anywhere, fields included; never
 * while an IME composes (its key presses belong to the text; 229 is what browsers report
 * for them), nor with Alt or Shift (other shortcuts).
 */
export function isPaletteShortcut(press: KeyPress & { shiftKey?: boolean; keyCode?: number }) {
  if (press.isComposing || press.keyCode === 229 || press.altKey || press.shiftKey) return false;
  return (press.ctrlKey || press.metaKey) && press.key.toLowerCase() === "k";
}
