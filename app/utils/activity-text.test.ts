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
      "changed WEB-7 Write the brief: description edited, priority set to high, start date cleared, due date from January 1, 2026 to January 15, 2026 and estimate set to 1.5 h",
    );
    expect(describeActivity("task.deleted", task)).toBe("deleted WEB-7 Write the brief");
  });

  it("tells comments and checklist changes on the task, without the comment's text", () => {
    expect(describeActivity("comment.created", { ...task, comment: "c1" })).toBe("commented on WEB-7 Write the brief");
    expect(describeActivity("comment.edited", task)).toBe("edited a comment on WEB-7 Write the brief");
    expect(describeActivity("comment.deleted", { ...task, own: true })).toBe(
      "deleted a comment on WEB-7 Write the brief",
    );
    expect(describeActivity("comment.deleted", { ...task, own: false })).toBe(
      "deleted someone's comment on WEB-7 Write the brief",
    );
    const item = (action: string, extra: Record<string, unknown> = {}) =>
      describeActivity("task.checklist_changed", { ...task, action, item: "Book the venue", ...extra });
    expect(item("added")).toBe("added “Book the venue” to the checklist of WEB-7 Write the brief");
    expect(item("completed")).toBe("completed “Book the venue” on WEB-7 Write the brief");
    expect(item("reopened")).toBe("unticked “Book the venue” on WEB-7 Write the brief");
    expect(item("renamed", { changes: { title: { from: "Book a venue", to: "Book the venue" } } })).toBe(
      "renamed the checklist item “Book a venue” to “Book the venue” on WEB-7 Write the brief",
    );
    expect(item("moved", { direction: "up" })).toBe("moved “Book the venue” up the checklist of WEB-7 Write the brief");
    expect(item("moved", { direction: "down" })).toBe(
      "moved “Book the venue” down the checklist of WEB-7 Write the brief",
    );
    expect(item("moved", { direction: "up", to: 1 })).toBe(
      "moved “Book the venue” to place 1 on the checklist of WEB-7 Write the brief",
    );
    expect(item("deleted")).toBe("removed “Book the venue” from the checklist of WEB-7 Write the brief");
    expect(item("teleported")).toBe("changed the checklist of WEB-7 Write the brief");
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

  it("tells a task's parent set, changed and removed", () => {
    const launch = { key: "WEB-3", title: "Launch" };
    const parent = (from: unknown, to: unknown) =>
      describeActivity("task.parent_changed", { ...task, changes: { parent: { from, to } } });
    expect(parent(null, launch)).toBe("set the parent of WEB-7 Write the brief to WEB-3 Launch");
    expect(parent(launch, { key: "WEB-4", title: "Beta" })).toBe(
      "changed the parent of WEB-7 Write the brief from WEB-3 Launch to WEB-4 Beta",
    );
    expect(parent(launch, null)).toBe("removed the parent WEB-3 Launch from WEB-7 Write the brief");
    expect(describeActivity("task.parent_changed", task)).toBe("changed the parent of WEB-7 Write the brief");
  });

  it("tells a relation added and removed, as the task it was on sees it", () => {
    const other = { key: "WEB-1", title: "Fix login" };
    expect(describeActivity("task.relation_added", { ...task, relation: "blocked_by", other })).toBe(
      "added a relation: WEB-7 Write the brief is blocked by WEB-1 Fix login",
    );
    expect(describeActivity("task.relation_removed", { ...task, relation: "duplicates", other })).toBe(
      "removed the relation: WEB-7 Write the brief is a duplicate of WEB-1 Fix login",
    );
    expect(describeActivity("task.relation_added", task)).toBe("added a relation to WEB-7 Write the brief");
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

describe("describeActivity for statuses", () => {
  it("tells how the workflow changed", () => {
    expect(describeActivity("status.created", { name: "Blocked", category: "active" })).toBe(
      "added the status Blocked",
    );
    expect(
      describeActivity("status.updated", {
        name: "Shipped",
        changes: { name: { from: "Review", to: "Shipped" }, category: { from: "active", to: "done" } },
      }),
    ).toBe("renamed the status Review to Shipped and put Shipped in the Done category");
    expect(describeActivity("status.moved", { name: "Done", direction: "left" })).toBe("moved the status Done left");
    expect(describeActivity("status.deleted", { name: "Review", target: "To Do", moved: 1 })).toBe(
      "deleted the status Review, moving its 1 task to To Do",
    );
    expect(describeActivity("status.deleted", { name: "Review", target: "To Do", moved: 0 })).toBe(
      "deleted the status Review",
    );
  });
});

describe("describeActivity for chat messages", () => {
  it("quotes what was posted or edited, and not what was deleted", () => {
    const data = { excerpt: "Ship it on **Friday**, @Ada Lovelace?", mentions: ["u1"] };
    expect(describeActivity("message.posted", data)).toBe(
      "posted in the chat: “Ship it on **Friday**, @Ada Lovelace?”",
    );
    expect(describeActivity("message.edited", data)).toBe(
      "edited a chat message: “Ship it on **Friday**, @Ada Lovelace?”",
    );
    expect(describeActivity("message.deleted", { ...data, ownMessage: true })).toBe("deleted a chat message");
    expect(describeActivity("message.deleted", { ...data, ownMessage: false })).toBe("removed someone's chat message");
    expect(describeActivity("message.posted", {})).toBe("posted in the chat");
    expect(describeActivity("message.pinned", data)).toBe("message pinned");
  });
});

describe("describeActivity for templates", () => {
  it("names the template a project was made from, and what happened to saved templates", () => {
    expect(describeActivity("project.created", { name: "Apollo" })).toBe("created the project Apollo");
    expect(describeActivity("project.created", { name: "Sync", template: "Meeting Agenda" })).toBe(
      "created the project Sync from the template Meeting Agenda",
    );
    expect(describeActivity("template.created", { name: "Launch plan", project: "Launch" })).toBe(
      "saved the project Launch as the template Launch plan",
    );
    expect(describeActivity("template.updated", { name: "Launch plan" })).toBe("changed the template Launch plan");
    expect(describeActivity("template.deleted", { name: "Launch plan" })).toBe("deleted the template Launch plan");
  });

  it("names the calendar event added, moved, changed or cancelled", () => {
    expect(describeActivity("event.created", { title: "Sprint review" })).toBe(
      "added the event Sprint review to the calendar",
    );
    expect(describeActivity("event.updated", { title: "Sprint review", moved: true })).toBe(
      "moved the event Sprint review",
    );
    expect(describeActivity("event.updated", { title: "Sprint review", moved: false })).toBe(
      "changed the event Sprint review",
    );
    expect(describeActivity("event.deleted", { title: "Sprint review" })).toBe("cancelled the event Sprint review");
  });
});

describe("describeActivity through the API and for integrations", () => {
  it("names the code host a change came from, and its links and connections", () => {
    const via = { kind: "integration", id: "c0nnection", name: "GitLab" };
    const link = { key: "WEB-7", title: "Ship", provider: "gitlab", kind: "pr", reference: "!4", linkTitle: "Ship it" };
    expect(describeActivity("task.code_linked", { ...link, state: "open", via })).toBe(
      "linked merge request !4 “Ship it” to WEB-7 Ship via GitLab",
    );
    expect(describeActivity("task.code_link_changed", { ...link, state: { from: "open", to: "merged" }, via })).toBe(
      "saw merge request !4 “Ship it” on WEB-7 Ship merged via GitLab",
    );
    const commits = { ...link, provider: "github", kind: "commit", reference: "1a2b3c4", commits: 3 };
    expect(describeActivity("task.code_linked", commits)).toBe("linked 3 commits to WEB-7 Ship");
    expect(describeActivity("task.code_linked", { ...commits, commits: undefined })).toBe(
      "linked commit 1a2b3c4 “Ship it” to WEB-7 Ship",
    );
    expect(describeActivity("code_host.connected", { provider: "gitea", label: "acme/web" })).toBe(
      "connected Gitea/Forgejo (acme/web)",
    );
    expect(describeActivity("code_host.deleted", { provider: "github", label: "" })).toBe("disconnected GitHub");
  });

  it("says a change came through an API token, and names tokens and webhooks", () => {
    const via = { kind: "token", id: "abc123", name: "CI" };
    expect(describeActivity("task.created", { key: "WEB-7", title: "Ship", via })).toBe(
      "created WEB-7 Ship via API token “CI”",
    );
    expect(describeActivity("api_token.created", { name: "CI", scope: "write" })).toBe(
      "made the API token CI (read & write)",
    );
    expect(describeActivity("api_token.revoked", { name: "CI" })).toBe("revoked the API token CI");
    expect(describeActivity("webhook.created", { url: "https://hooks.example.com/…" })).toBe(
      "added a webhook to https://hooks.example.com/…",
    );
    expect(describeActivity("webhook.disabled", { url: "https://hooks.example.com/…", reason: "410" })).toBe(
      "turned off the webhook to https://hooks.example.com/…",
    );
    expect(describeActivity("webhook.enabled", { url: "https://hooks.example.com/…" })).toBe(
      "turned on the webhook to https://hooks.example.com/…",
    );
    expect(describeActivity("webhook.updated", { url: "https://hooks.example.com/…", changed: ["url"] })).toBe(
      "changed the webhook to https://hooks.example.com/…",
    );
  });
});
