import { describe, expect, it } from "vitest";

import { ROLES, type Role } from "../db/schema";
import { ForbiddenError } from "../errors";
import { ACTIONS, authorize, can, permissionsOf, type Action } from ".";

/** The rules as the issue states them, written out role by role so a change shows here. */
const EXPECTED: Record<Role, Action[]> = {
  owner: [...ACTIONS],
  admin: ACTIONS.filter((action) => action !== "workspace.delete" && action !== "workspace.transfer_ownership"),
  editor: [
    "workspace.read",
    "workspace.leave",
    "project.create",
    "project.read",
    "project.update",
    "project.archive",
    "project.star",
  ],
  viewer: ["workspace.read", "workspace.leave", "project.read", "project.star"],
};

describe("policies", () => {
  for (const role of ROLES) {
    for (const action of ACTIONS) {
      const allowed = EXPECTED[role].includes(action);
      it(`${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        expect(can(role, action)).toBe(allowed);
        if (allowed) expect(() => authorize(role, action)).not.toThrow();
        else expect(() => authorize(role, action)).toThrow(ForbiddenError);
      });
    }
  }

  it("refuses everything to someone who is not a member", () => {
    for (const action of ACTIONS) {
      expect(can(null, action)).toBe(false);
      expect(() => authorize(undefined, action)).toThrow(ForbiddenError);
    }
  });

  it("lists a role's permissions for the UI", () => {
    expect(permissionsOf("viewer")["project.update"]).toBe(false);
    expect(permissionsOf("editor")["project.update"]).toBe(true);
    expect(Object.values(permissionsOf(null)).some(Boolean)).toBe(false);
  });
});
