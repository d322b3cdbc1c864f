import { describe, expect, it } from "vitest";

import { formOfChecklistEdit, withChecklistEdits, type ChecklistEdit, type ChecklistItem } from "./checklist-edits";

const items: ChecklistItem[] = [
  { id: "a1", title: "Book the venue", done: false },
  { id: "b2", title: "Send invites", done: true },
  { id: "c3", title: "Order cake", done: false },
];
const inFlight = (...edits: ChecklistEdit[]) =>
  edits.map((edit, index) => ({ key: `checklist:${index}`, form: formOfChecklistEdit(edit) }));
const titles = (shown: ChecklistItem[]) => shown.map((item) => item.title);

describe("the checklist with its edits in flight", () => {
  it("posts the plain forms' fields: a ticked box sends done=on, an unticked one nothing", () => {
    const ticked = formOfChecklistEdit({ intent: "toggle-checklist-item", itemId: "a1", done: true });
    expect([...ticked.entries()]).toEqual([
      ["intent", "toggle-checklist-item"],
      ["itemId", "a1"],
      ["done", "on"],
    ]);
    expect(formOfChecklistEdit({ intent: "toggle-checklist-item", itemId: "a1", done: false }).has("done")).toBe(false);
    expect(formOfChecklistEdit({ intent: "move-checklist-item", itemId: "a1", toIndex: 2 }).get("toIndex")).toBe("2");
  });

  it("shows ticks, renames and deletions at once", () => {
    const shown = withChecklistEdits(
      items,
      inFlight(
        { intent: "toggle-checklist-item", itemId: "a1", done: true },
        { intent: "toggle-checklist-item", itemId: "b2", done: false },
        { intent: "rename-checklist-item", itemId: "c3", title: "  Order the cake " },
        { intent: "delete-checklist-item", itemId: "b2" },
      ),
    );
    expect(shown).toEqual([
      { id: "a1", title: "Book the venue", done: true },
      { id: "c3", title: "Order the cake", done: false },
    ]);
  });

  it("moves a step or to a place, in the order the edits were made", () => {
    expect(
      titles(withChecklistEdits(items, inFlight({ intent: "move-checklist-item", itemId: "c3", toIndex: 0 }))),
    ).toEqual(["Order cake", "Book the venue", "Send invites"]);
    const steps = inFlight(
      { intent: "move-checklist-item", itemId: "a1", direction: "down" },
      { intent: "move-checklist-item", itemId: "a1", direction: "down" },
      { intent: "move-checklist-item", itemId: "a1", direction: "down" }, // already last: stays
      { intent: "move-checklist-item", itemId: "c3", direction: "up" },
    );
    expect(titles(withChecklistEdits(items, steps))).toEqual(["Order cake", "Send invites", "Book the venue"]);
  });

  it("adds new items at the end, keyed by their edit, and ignores edits of items that are gone", () => {
    const shown = withChecklistEdits(
      items,
      inFlight(
        { intent: "add-checklist-item", title: "Hire a band" },
        { intent: "add-checklist-item", title: "   " },
        { intent: "toggle-checklist-item", itemId: "zz9", done: true },
        { intent: "delete-checklist-item", itemId: "zz9" },
      ),
    );
    expect(shown.at(-1)).toEqual({ id: "checklist:0", title: "Hire a band", done: false, adding: true });
    expect(shown).toHaveLength(4);
  });

  it("leaves the loaded items as they were", () => {
    const loaded = structuredClone(items);
    withChecklistEdits(loaded, inFlight({ intent: "toggle-checklist-item", itemId: "a1", done: true }));
    expect(loaded).toEqual(items);
  });
});
