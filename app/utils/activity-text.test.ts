import { describe, expect, it } from "vitest";

import { describeActivity } from "./activity-text";

describe("describeActivity for tasks", () => {
  const task = { key: "WEB-7", title: "Write the brief" };

  it("says what happened to the task, field by field", () => {
    expect(describeActivity("task.created", task)).toBe("created WEB-7 Write the brief");
    expect(describeActivity("task.created", { ...task, parent: "WEB-3" })).toBe(
      "added the subtask WEB-7 Write the brief to WEB-3",
    );
    expect(describeActivity("task.moved", { ...task, changes: { status: { from: "To Do", to: "Review" } } })).toBe(
      "moved WEB-7 Write the brief from To Do to Review",
    );
    expect(
      describeActivity("task.updated", {
        ...task,
        changes: {
          priority: { from: "none", to: "high" },
          dueDate: { from: "2026-01-01", to: "2026-01-15" },
          startDate: { from: "2026-01-02", to: null },
          estimateMinutes: { from: null, to: 90 },
          description: { from: null, to: null },
        },
      }),
    ).toBe(
      "changed WEB-7 Write the brief: description edited, priority set to high, start date cleared, due date from 2026-01-01 to 2026-01-15 and estimate set to 1.5 h",
    );
    expect(describeActivity("task.deleted", task)).toBe("deleted WEB-7 Write the brief");
  });

  it("names the labels put on and taken off, and the files attached and removed", () => {
    expect(describeActivity("task.labels_changed", { ...task, added: ["Bug", "UI"], removed: [] })).toBe(
      "labelled WEB-7 Write the brief Bug and UI",
    );
    expect(describeActivity("task.labels_changed", { ...task, added: ["Bug"], removed: ["Idea"] })).toBe(
      "labelled WEB-7 Write the brief Bug and removed the label Idea from WEB-7 Write the brief",
    );
    expect(describeActivity("task.labels_changed", { ...task, added: [], removed: ["Idea", "Later"] })).toBe(
      "removed the labels Idea and Later from WEB-7 Write the brief",
    );
    expect(describeActivity("task.attachment_added", { ...task, file: "brief.pdf" })).toBe(
      "attached brief.pdf to WEB-7 Write the brief",
    );
    expect(describeActivity("task.attachment_removed", { ...task, file: "brief.pdf" })).toBe(
      "removed brief.pdf from WEB-7 Write the brief",
    );
    expect(describeActivity("task.attachment_removed", task)).toBe("removed a file from WEB-7 Write the brief");
  });

  it("tells the workspace's label changes", () => {
    expect(describeActivity("label.created", { name: "Bug", color: "rose" })).toBe("added the label Bug");
    expect(
      describeActivity("label.updated", {
        name: "Defect",
        changes: { name: { from: "Bug", to: "Defect" }, color: { from: "rose", to: "amber" } },
      }),
    ).toBe("renamed the label Bug to Defect and changed the colour of Defect from rose to amber");
    expect(describeActivity("label.deleted", { name: "Bug", tasks: 3 })).toBe("deleted the label Bug");
  });

  it("falls back to the verb's words for a task verb it does not know", () => {
    expect(describeActivity("task.teleported", task)).toBe("task teleported");
  });
});
