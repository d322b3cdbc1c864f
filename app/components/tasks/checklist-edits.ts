import { reordered } from "~/utils/reorder";

/** A checklist item as the page shows it; `adding` while a new one waits for its id. */
export type ChecklistItem = { id: string; title: string; done: boolean; adding?: true };

/** What a checklist row sends: the task route's checklist intents, with the item's fields. */
export type ChecklistEdit =
  | { intent: "add-checklist-item"; title: string }
  | { intent: "toggle-checklist-item"; itemId: string; done: boolean }
  | { intent: "rename-checklist-item"; itemId: string; title: string }
  | { intent: "move-checklist-item"; itemId: string; direction: "up" | "down" }
  | { intent: "move-checklist-item"; itemId: string; toIndex: number }
  | { intent: "delete-checklist-item"; itemId: string };

/** The form an edit posts: the same fields the plain forms send without JavaScript. */
export function formOfChecklistEdit(edit: ChecklistEdit): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(edit)) {
    // A ticked box sends `done=on`; an unticked one sends nothing (toggleChecklistItemSchema).
    if (name === "done") {
      if (value) form.set("done", "on");
    } else {
      form.set(name, String(value));
    }
  }
  return form;
}

/**
 * The checklist as it will be once the edits in flight are saved, applied in the order
 * they were made over the items the page loaded: ticked, renamed, moved, gone, and new
 * items at the end (keyed by their edit until the server gives them an id). An edit of an
 * item that is no longer there changes nothing.
 */
export function withChecklistEdits(
  items: readonly ChecklistItem[],
  edits: readonly { key: string; form: FormData }[],
): ChecklistItem[] {
  let shown = [...items];
  for (const { key, form } of edits) {
    const itemId = String(form.get("itemId") ?? "");
    const index = shown.findIndex((item) => item.id === itemId);
    const title = String(form.get("title") ?? "").trim();
    switch (form.get("intent")) {
      case "add-checklist-item":
        if (title) shown.push({ id: key, title, done: false, adding: true });
        break;
      case "toggle-checklist-item":
        if (index >= 0) shown[index] = { ...shown[index]!, done: form.get("done") === "on" };
        break;
      case "rename-checklist-item":
        if (index >= 0 && title) shown[index] = { ...shown[index]!, title };
        break;
      case "move-checklist-item": {
        if (index < 0) break;
        const direction = form.get("direction");
        const to = form.has("toIndex") ? Number(form.get("toIndex")) : index + (direction === "up" ? -1 : 1);
        if (Number.isInteger(to)) shown = reordered(shown, index, to);
        break;
      }
      case "delete-checklist-item":
        if (index >= 0) shown.splice(index, 1);
        break;
    }
  }
  return shown;
}
