import { describe, expect, it } from "vitest";

import { formOfPatch, patchOfForm } from "./task-edits";

describe("the parent's edit in place", () => {
  it("posts the set-parent intent with the chosen id, and reads back what the chip shows", () => {
    const parent = { id: "k7Hq2mPz9X", key: "WEB-3", title: "Launch" };
    const form = formOfPatch("task1234", { parent });
    expect(form.get("intent")).toBe("set-parent");
    expect(form.get("parent")).toBe(parent.id);
    expect(patchOfForm(form)).toEqual({ parent });
    const none = formOfPatch("task1234", { parent: null });
    expect(none.get("parent")).toBe("");
    expect(patchOfForm(none)).toEqual({ parent: null });
  });
});
