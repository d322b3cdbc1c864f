import { PROPOSAL_MAX_CHANGES, type Proposal, type ProposedChange } from "../../types";

/**
 * The one proposal of an answer. The model may call propose_changes more than once; each
 * call extends the proposal, and a change to a task already in it (or the same new task)
 * is merged into the earlier one, the later values winning, so the card shows each task once.
 */
export type ProposalDraft = { current: Proposal | null };

export function mergeProposal(previous: Proposal | null, next: Proposal): Proposal | { error: string } {
  if (!previous) return next;
  const changes = [...previous.changes];
  for (const change of next.changes) {
    const index = changes.findIndex((earlier) => sameSubject(earlier, change));
    if (index === -1) changes.push(change);
    else changes[index] = { ...changes[index], ...change } as ProposedChange;
  }
  if (changes.length > PROPOSAL_MAX_CHANGES) {
    return { error: `one answer may propose at most ${PROPOSAL_MAX_CHANGES} changes` };
  }
  return { title: next.title, changes };
}

function sameSubject(a: ProposedChange, b: ProposedChange) {
  if (a.kind === "update_task" && b.kind === "update_task") return a.taskId === b.taskId;
  if (a.kind === "create_rule" && b.kind === "create_rule") return a.projectId === b.projectId && a.name === b.name;
  if (a.kind === "create_task" && b.kind === "create_task") {
    return a.projectId === b.projectId && a.parentId === b.parentId && a.title.toLowerCase() === b.title.toLowerCase();
  }
  return false;
}
