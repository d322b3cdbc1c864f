import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";

import { createEventFields, createEventSchema, updateEventFields } from "./team-calendar";

describe("the event form's schema", () => {
  it("gives the browser its constraints (the form renders them)", () => {
    expect(getZodConstraint(createEventFields)).toMatchObject({
      title: { required: true },
      startDate: { required: true },
    });
    expect(getZodConstraint(updateEventFields)).toMatchObject({ startDate: { required: true } });
  });

  it("moves an end date left on the start the form showed with the start", () => {
    const form = (fields: Record<string, string>) => {
      const data = new FormData();
      for (const [name, value] of Object.entries(fields)) data.set(name, value);
      return parseWithZod(data, { schema: createEventSchema });
    };
    const base = { intent: "create-event", workspaceId: "Ab3dEf7hJk", title: "Retro", allDay: "on" };
    const moved = form({ ...base, startDate: "2027-02-25", endDate: "2027-02-01", startDateShown: "2027-02-01" });
    expect(moved.status === "success" && moved.value.endDate).toBe("2027-02-25");
    const chosen = form({ ...base, startDate: "2027-02-25", endDate: "2027-02-27", startDateShown: "2027-02-01" });
    expect(chosen.status === "success" && chosen.value.endDate).toBe("2027-02-27");
  });
});
