import { describe, expect, it } from "vitest";

import { ROLES, type Role } from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";
import { ACTIONS, authorize, can, permissionsOf, type Action } from ".";

/** Comments and chat: every member talks (on what they wrote, for editing and deleting). */
const TALK: Action[] = [
  "comment.create",
  "comment.update",
  "comment.delete",
  "message.create",
  "message.update",
  "message.delete",
];

/** The rules as the issue states them, written out role by role so a change shows here. */
const EXPECTED: Record<Role, Action[]> = {
  owner: [...ACTIONS],
  admin: ACTIONS.filter(
    (action) =>
      action !== "workspace.delete" && action !== "workspace.transfer_ownership" && action !== "workspace.export",
  ),
  editor: [
    "workspace.read",
    "workspace.leave",
    "project.create",
    "project.read",
    "project.update",
    "project.archive",
    "project.star",
    "task.read",
    "task.create",
    "task.update",
    "task.archive",
    "task.delete",
    "task.follow",
    "status.manage",
    "label.manage",
    ...TALK,
    "attachment.create",
    "attachment.delete",
    "template.create",
    "template.update",
    "template.delete",
    "event.create",
    "event.update",
    "event.delete",
    "assistant.use",
    "calendar_feed.manage",
    "automation.manage",
  ],
  viewer: [
    "workspace.read",
    "workspace.leave",
    "project.read",
    "project.star",
    "task.read",
    "task.follow",
    ...TALK,
    "assistant.use",
    // Their own secret feed of a project they read.
    "calendar_feed.manage",
  ],
};

const mine = { ownedByActor: true };

describe("policies", () => {
  for (const role of ROLES) {
    for (const action of ACTIONS) {
      const allowed = EXPECTED[role].includes(action);
      it(`${role} ${allowed ? "may" : "may not"} ${action}`, () => {
        // As the author, so that only the role decides here (authorship is tested below).
        expect(can(role, action, mine)).toBe(allowed);
        if (allowed) expect(() => authorize(role, action, mine)).not.toThrow();
        else expect(() => authorize(role, action, mine)).toThrow(ForbiddenError);
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

  it("lets only the author edit what they wrote, and the author or a manager delete it", () => {
    const theirs = { ownedByActor: false };
    for (const role of ROLES) {
      expect(() => authorize(role, "comment.update", theirs)).toThrow("You can edit only your own comments.");
      expect(() => authorize(role, "message.update", theirs)).toThrow("You can edit only your own messages.");
      expect(can(role, "comment.update", mine)).toBe(true);
    }
    expect(can("owner", "comment.delete", theirs)).toBe(true);
    expect(can("admin", "message.delete", theirs)).toBe(true);
    expect(() => authorize("editor", "comment.delete", theirs)).toThrow("You can delete only your own comments.");
    expect(can("viewer", "message.delete", theirs)).toBe(false);
    expect(can("viewer", "message.delete", mine)).toBe(true);
    // Without the entity, nobody's authorship is known: editing is refused.
    expect(can("owner", "comment.update")).toBe(false);
  });

  it("lets editors save templates and add events, each then its creator's or a manager's to change", () => {
    const theirs = { ownedByActor: false };
    expect(can("viewer", "template.create")).toBe(false);
    expect(can("viewer", "event.create")).toBe(false);
    expect(can("editor", "event.create")).toBe(true);
    expect(can("editor", "template.update", mine)).toBe(true);
    expect(() => authorize("editor", "template.delete", theirs)).toThrow("You can delete only your own templates.");
    expect(() => authorize("editor", "event.update", theirs)).toThrow("You can edit only the events you created.");
    expect(can("admin", "event.delete", theirs)).toBe(true);
    expect(can("owner", "template.update", theirs)).toBe(true);
    // A viewer's own event (from before a demotion) is no longer theirs to change.
    expect(can("viewer", "event.update", mine)).toBe(false);
  });

  it("keeps an archived task's or project's comments and chat closed", () => {
    const inArchived = { ownedByActor: true, parent: { archivedAt: new Date() } };
    expect(can("owner", "comment.create", inArchived)).toBe(false);
    expect(can("owner", "message.update", inArchived)).toBe(false);
  });

  describe("the entity's state", () => {
    const live = { archivedAt: null, deletedAt: null };
    const archived = { archivedAt: new Date(), deletedAt: null };
    const deleted = { archivedAt: null, deletedAt: new Date() };
    const PROJECT_ACTIONS = ACTIONS.filter((action) => action.startsWith("project.") && action !== "project.create");

    it("changes nothing for a live project", () => {
      for (const role of ROLES) {
        for (const action of PROJECT_ACTIONS) expect(can(role, action, live)).toBe(can(role, action));
      }
    });

    it("makes an archived project read-only for everyone: only unarchive, delete and the reader's star remain", () => {
      const owner = permissionsOf("owner", archived);
      expect(PROJECT_ACTIONS.filter((action) => owner[action])).toEqual([
        "project.read",
        "project.archive",
        "project.delete",
        "project.star",
      ]);
      for (const role of ["owner", "admin", "editor"] as const) {
        expect(() => authorize(role, "project.update", archived)).toThrow(
          "This project is archived and read-only. Unarchive it to make changes.",
        );
      }
      // The role still counts: an editor may unarchive but not delete, a viewer neither.
      expect(can("editor", "project.archive", archived)).toBe(true);
      expect(can("editor", "project.delete", archived)).toBe(false);
      expect(can("viewer", "project.archive", archived)).toBe(false);
    });

    it("makes a task of an archived project read-only, and an archived task restorable or deletable only", () => {
      const inArchived = { archivedAt: null, deletedAt: null, parent: archived };
      expect(can("editor", "task.read", inArchived)).toBe(true);
      for (const action of ["task.update", "task.archive", "task.delete", "task.create"] as const) {
        expect(() => authorize("owner", action, inArchived)).toThrow("This project is archived and read-only.");
      }
      const archivedTask = { archivedAt: new Date(), deletedAt: null, parent: live };
      expect(() => authorize("editor", "task.update", archivedTask)).toThrow("This task is archived and read-only.");
      expect(can("editor", "task.archive", archivedTask)).toBe(true);
      expect(can("editor", "task.delete", archivedTask)).toBe(true);
      expect(can("viewer", "task.read", archivedTask)).toBe(true);
      expect(() =>
        authorize("owner", "task.update", { archivedAt: null, deletedAt: new Date(), parent: live }),
      ).toThrow(NotFoundError);
    });

    it("refuses everything about a deleted project as if it never existed", () => {
      for (const role of ROLES) {
        for (const action of PROJECT_ACTIONS) {
          expect(can(role, action, deleted)).toBe(false);
          if (can(role, action)) expect(() => authorize(role, action, deleted)).toThrow(NotFoundError);
        }
      }
    });

    it("reads the state of what contains the entity (a task in an archived project)", () => {
      const inArchived = { archivedAt: null, parent: archived };
      const inDeleted = { deletedAt: null, parent: { archivedAt: null, parent: deleted } };
      expect(can("owner", "project.update", inArchived)).toBe(false);
      expect(can("owner", "project.read", inArchived)).toBe(true);
      expect(can("owner", "project.read", inDeleted)).toBe(false);
    });

    it("still answers a non-member with the role's refusal, not the state's", () => {
      expect(() => authorize(null, "project.update", archived)).toThrow(ForbiddenError);
      expect(() => authorize(null, "project.update", deleted)).toThrow(ForbiddenError);
    });
  });
});
