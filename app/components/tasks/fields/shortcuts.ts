import { useEffect, useRef } from "react";

import { FIELD_SHORTCUTS, type ShortcutField } from "~/components/tasks/fields/options";
import { isTypingInto } from "~/utils/keyboard-shortcuts";

/**
 * `s` status, `p` priority, `a` assignees, `l` labels, `d` due date: on an open task (the
 * page, or the panel) or, with `within`, on the task whose row or card has the focus (its
 * element marked `data-task`). Never while typing, with a modifier, or under another dialog
 * than the one the task is in.
 */
export function useFieldShortcuts(
  enabled: boolean,
  open: (field: ShortcutField, taskElement: HTMLElement | null) => void,
  within?: () => HTMLElement | null,
) {
  const handler = useRef(open);
  useEffect(() => {
    handler.current = open;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
      const field = FIELD_SHORTCUTS[event.key];
      if (!field) return;
      const focus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      if (focus && isTypingInto({ tagName: focus.tagName, isContentEditable: focus.isContentEditable })) return;
      if (within) {
        // A row's or card's shortcut: the focus is on that task, in this view.
        const scope = within();
        const taskElement = focus?.closest<HTMLElement>("[data-task]") ?? null;
        if (!scope || !taskElement || !scope.contains(taskElement)) return;
        event.preventDefault();
        handler.current(field, taskElement);
        return;
      }
      // An open task: not while a dialog other than the one holding the task is up.
      const dialog = focus?.closest('[role="dialog"]');
      const ownDialog = dialog?.querySelector(".pl-props");
      if (dialog && !ownDialog) return;
      if (!dialog && document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      handler.current(field, null);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, within]);
}
