import { lazy, Suspense, useCallback, useState } from "react";

import type { EditorField, EditorOptions, TaskValues } from "~/components/tasks/fields/options";
import { useTaskEdits, type TaskPatch } from "~/components/tasks/fields/task-edits";

const PropertyPopover = lazy(() => import("~/components/tasks/fields/property-popover"));

/**
 * The task a popover edits: where its route is, and its values as shown (pending changes
 * applied). A target with its own `save` (the List's bulk bar: the selected tasks) takes the
 * first choice and closes.
 */
export type EditTarget = { taskId: string; taskUrl: string; values: TaskValues; save?: (patch: TaskPatch) => void };

type Open = { anchor: HTMLElement; target: EditTarget; field: EditorField };

/**
 * One property editor per view (docs/decisions/009: one popover for the whole list, anchored
 * to the chip that was clicked, not one per row): `open(anchor, target, field)` shows it,
 * `element` is where it mounts, `pending` the changes in flight (task-edits.tsx).
 */
export function usePropertyEditor(options: EditorOptions, today: string) {
  const { save, pending } = useTaskEdits();
  const [opened, setOpened] = useState<Open | null>(null);
  const open = useCallback((anchor: HTMLElement, target: EditTarget, field: EditorField) => {
    setOpened({ anchor, target, field });
  }, []);
  const close = useCallback(() => setOpened(null), []);
  const element = opened ? (
    <Suspense fallback={null}>
      <PropertyPopover
        key={`${opened.target.taskId}:${opened.field}`}
        anchor={opened.anchor}
        field={opened.field}
        taskUrl={opened.target.taskUrl}
        values={opened.target.values}
        options={options}
        today={today}
        onSave={(patch: TaskPatch) => {
          const { target } = opened;
          if (!target.save) return save(target.taskUrl, target.taskId, patch);
          target.save(patch);
          close();
        }}
        onClose={close}
      />
    </Suspense>
  ) : null;
  return { open, element, pending, save };
}

/**
 * The field a click on a view's chip asks to edit: chips are plain anchors to the task's
 * page marked `data-field` (so without JavaScript they lead to its forms), inside an element
 * marked `data-task` with the task's id.
 */
export function editRequestOf(
  target: EventTarget | null,
): { chip: HTMLElement; taskId: string; field: EditorField } | null {
  const chip = target instanceof Element ? target.closest<HTMLElement>("[data-field]") : null;
  const taskId = chip?.closest<HTMLElement>("[data-task]")?.dataset.task;
  const field = chip?.dataset.field as EditorField | undefined;
  return chip && taskId && field ? { chip, taskId, field } : null;
}
