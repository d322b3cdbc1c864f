import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { moveChecklistItemSchema } from "./checklist";

describe("the checklist's move form", () => {
  const parse = (fields: Record<string, string>) => {
    const data = new FormData();
    for (const [name, value] of Object.entries({ intent: "move-checklist-item", itemId: "Ab3dEf7hJk", ...fields })) {
      data.set(name, value);
    }
    return parseWithZod(data, { schema: moveChecklistItemSchema });
  };

  it("takes a step up or down (the buttons), or the place a drag ends at", () => {
    const step = parse({ direction: "up" });
    expect(step.status === "success" && step.value).toMatchObject({ direction: "up" });
    const drag = parse({ toIndex: "3" });
    expect(drag.status === "success" && drag.value).toMatchObject({ toIndex: 3 });
    expect(parse({ toIndex: "0" }).status).toBe("success");
  });

  it("refuses both, neither, and a place that is not one of a checklist's", () => {
    const refused: Record<string, string>[] = [
      { direction: "up", toIndex: "2" },
      {},
      { direction: "sideways" },
      { toIndex: "-1" },
      { toIndex: "1.5" },
      { toIndex: "100" },
      { toIndex: "two" },
    ];
    for (const fields of refused) {
      expect(parse(fields).status, JSON.stringify(fields)).toBe("error");
    }
  });
});
