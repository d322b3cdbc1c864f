import { describe, expect, it } from "vitest";

import { PROPOSAL_MAX_CHANGES, type ProposedChange } from "../../types";
import { mergeProposal } from "./proposal-draft";

const status = { statusId: "st-done", from: "To Do", to: "Done" };
const dueDate = { from: null, to: "2026-12-01" };
const update = (fields: Partial<ProposedChange>) =>
  ({ kind: "update_task", taskId: "t1", taskLabel: "WEB-1 Write the brief", ...fields }) as ProposedChange;
const create = (title: string) =>
  ({ kind: "create_task", projectId: "p1", projectName: "Website", title }) as ProposedChange;

describe("one proposal per answer", () => {
  it("takes the first call's proposal as it is", () => {
    const first = { title: "Plan", changes: [update({ status })] };
    expect(mergeProposal(null, first)).toBe(first);
  });

  it("merges a later change to the same task into the earlier one and appends the rest", () => {
    const merged = mergeProposal(
      { title: "Plan", changes: [update({ status }), create("Book the venue")] },
      { title: "Plan the week", changes: [update({ dueDate }), create("book the VENUE"), create("Send invites")] },
    );
    expect(merged).toEqual({
      title: "Plan the week",
      changes: [update({ status, dueDate }), create("book the VENUE"), create("Send invites")],
    });
  });

  it("refuses to grow past the proposal's limit", () => {
    const full = {
      title: "Plan",
      changes: Array.from({ length: PROPOSAL_MAX_CHANGES }, (_, i) => create(`Task ${i}`)),
    };
    expect(mergeProposal(full, { title: "Plan", changes: [create("One more")] })).toEqual({
      error: `one answer may propose at most ${PROPOSAL_MAX_CHANGES} changes`,
    });
  });
});
