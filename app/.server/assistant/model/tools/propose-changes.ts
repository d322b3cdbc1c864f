import { tool } from "ai";
import { z } from "zod";

import { TASK_PRIORITIES } from "~/validation/task-fields";
import { projectStatuses, taskDetail, workspaceMembers, type AssistantTaskDetail } from "../../data";
import { PROPOSAL_MAX_CHANGES, proposalSchema, type AssistantScope, type ProposedChange } from "../../types";
import { mergeProposal, type ProposalDraft } from "./proposal-draft";
import { resolveMember, resolveProject, type MemberRef, type Resolved } from "./resolve";

/**
 * The model's wish to change tasks, turned into a proposal the user may apply. The model
 * names tasks, statuses and people as it read them; each is found in the member's scope,
 * each change gets what the task has now (`from`) and the labels the card shows. It writes
 * nothing: the changes reach the database only through the task use cases when the user
 * clicks Apply, and those refuse whoever may not make them (a viewer gets a proposal, not
 * a change).
 */
export const PROPOSED_REPLY = "Proposed; the user sees the changes and applies them with Apply.";

const taskRef = z.string().trim().min(1).max(64).describe('A task\'s key ("WEB-12") or id');
const assigneeRef = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .nullable()
  .describe('A member\'s name or id, or "me"; null for nobody');
const reason = z.string().trim().max(500).optional().describe("Why, in one short sentence");

const createInput = z.object({
  kind: z.literal("create_task"),
  title: z.string().trim().min(1).max(200),
  description: z.string().max(5_000).optional(),
  project: z.string().trim().min(1).max(100).optional().describe("The project's key or name; default: the current one"),
  parent: taskRef.optional().describe("For a subtask: its parent task's key or id"),
  dueDate: z.iso.date().nullable().optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  assignee: assigneeRef.optional(),
  reason,
});

const updateInput = z.object({
  kind: z.literal("update_task"),
  task: taskRef,
  status: z.string().trim().min(1).max(200).optional().describe("The new status's name"),
  assignee: assigneeRef.optional(),
  dueDate: z.iso.date().nullable().optional().describe("The new due date (YYYY-MM-DD), null to clear it"),
  reason,
});

const proposeInput = z.object({
  title: z.string().trim().min(1).max(200).describe('What the changes do, e.g. "Plan the launch week"'),
  changes: z
    .array(z.discriminatedUnion("kind", [createInput, updateInput]))
    .min(1)
    .max(PROPOSAL_MAX_CHANGES),
});

type CreateInput = z.infer<typeof createInput>;
type UpdateInput = z.infer<typeof updateInput>;

export function proposeChanges(scope: AssistantScope, draft: ProposalDraft) {
  return tool({
    description:
      "Propose creating tasks or subtasks, or changing tasks' status, assignee or due date. Nothing changes until the user applies the proposal with Apply. Name tasks by key, statuses by name, people by name.",
    inputSchema: proposeInput,
    execute: async (input) => {
      const lookups = new Lookups(scope);
      const results = await Promise.all(
        input.changes.map((change) =>
          change.kind === "create_task" ? toCreate(lookups, change) : toUpdate(lookups, change),
        ),
      );
      const errors = results.flatMap((result, index) => (result.ok ? [] : [`change ${index + 1}: ${result.error}`]));
      if (errors.length > 0)
        return `Error: nothing was proposed. Correct these and call propose_changes again: ${errors.join("; ")}.`;
      const changes = results.flatMap((result) => (result.ok && result.value ? [result.value] : []));
      if (changes.length === 0) return "Error: nothing was proposed: the tasks already have those values.";
      const proposal = proposalSchema.safeParse({ title: input.title, changes });
      if (!proposal.success) return `Error: nothing was proposed: ${z.prettifyError(proposal.error)}`;
      const merged = mergeProposal(draft.current, proposal.data);
      if ("error" in merged) return `Error: nothing more was proposed: ${merged.error}.`;
      draft.current = merged;
      return PROPOSED_REPLY;
    },
  });
}

/** What the changes of one call look up, each read once whatever the number of changes. */
class Lookups {
  private members: Promise<MemberRef[]> | undefined;
  private statuses = new Map<string, Promise<{ id: string; name: string }[]>>();

  constructor(readonly scope: AssistantScope) {}

  task(ref: string) {
    return taskDetail(this.scope, ref);
  }

  async member(ref: string | null): Promise<Resolved<MemberRef | null>> {
    if (ref === null) return { ok: true, value: null };
    this.members ??= workspaceMembers(this.scope);
    return resolveMember(this.scope, ref, await this.members);
  }

  async status(projectId: string, name: string): Promise<Resolved<{ id: string; name: string }>> {
    let statuses = this.statuses.get(projectId);
    if (!statuses) this.statuses.set(projectId, (statuses = projectStatuses(this.scope, projectId)));
    const all = await statuses;
    const found = all.find((status) => status.name.toLowerCase() === name.toLowerCase());
    if (found) return { ok: true, value: found };
    return { ok: false, error: `no status "${name}"; the statuses are ${all.map((status) => status.name).join(", ")}` };
  }
}

async function toCreate(lookups: Lookups, change: CreateInput): Promise<Resolved<ProposedChange>> {
  const place = await placeOf(lookups, change);
  if (!place.ok) return place;
  const assignee = change.assignee === undefined ? undefined : await lookups.member(change.assignee);
  if (assignee && !assignee.ok) return assignee;
  return {
    ok: true,
    value: {
      kind: "create_task",
      ...place.value,
      title: change.title,
      ...(change.description ? { description: change.description } : {}),
      ...(change.dueDate !== undefined ? { dueDate: change.dueDate } : {}),
      ...(change.priority ? { priority: change.priority } : {}),
      ...(assignee ? { assigneeId: assignee.value?.id ?? null, assigneeName: assignee.value?.name ?? null } : {}),
      ...(change.reason ? { reason: change.reason } : {}),
    },
  };
}

/** A subtask goes in its parent's project; a task in the project named, or the page's. */
async function placeOf(lookups: Lookups, change: CreateInput) {
  if (change.parent) {
    const parent = await lookups.task(change.parent);
    if (!parent) return { ok: false as const, error: `no task "${change.parent}" in this workspace` };
    const value = {
      projectId: parent.projectId,
      projectName: parent.projectName,
      parentId: parent.id,
      parentLabel: parent.label,
    };
    return { ok: true as const, value };
  }
  const project = await resolveProject(lookups.scope, change.project);
  if (!project.ok) return project;
  return { ok: true as const, value: { projectId: project.value.id, projectName: project.value.name } };
}

/** null when the task already has every value asked for. */
async function toUpdate(lookups: Lookups, change: UpdateInput): Promise<Resolved<ProposedChange | null>> {
  const task = await lookups.task(change.task);
  if (!task) return { ok: false, error: `no task "${change.task}" in this workspace` };
  const status = change.status ? await lookups.status(task.projectId, change.status) : undefined;
  if (status && !status.ok) return status;
  const assignee = change.assignee === undefined ? undefined : await lookups.member(change.assignee);
  if (assignee && !assignee.ok) return assignee;
  const fields = {
    ...(status && status.value.id !== task.statusId
      ? { status: { statusId: status.value.id, from: task.status, to: status.value.name } }
      : {}),
    ...(assignee && !assignedOnlyTo(task, assignee.value) ? { assignee: assigneeChange(task, assignee.value) } : {}),
    ...(change.dueDate !== undefined && change.dueDate !== task.dueDate
      ? { dueDate: { from: task.dueDate, to: change.dueDate } }
      : {}),
  };
  if (Object.keys(fields).length === 0) return { ok: true, value: null };
  const why = change.reason ? { reason: change.reason } : {};
  return { ok: true, value: { kind: "update_task", taskId: task.id, taskLabel: task.label, ...fields, ...why } };
}

function assignedOnlyTo(task: AssistantTaskDetail, member: MemberRef | null) {
  if (!member) return task.assignees.length === 0;
  return task.assignees.length === 1 && task.assignees[0]?.id === member.id;
}

/** `from` names everyone assigned now; the change makes `to` the only assignee (or none). */
function assigneeChange(task: AssistantTaskDetail, member: MemberRef | null) {
  const from = task.assignees.map((assignee) => assignee.name).join(", ") || null;
  return { userId: member?.id ?? null, from: from?.slice(0, 200) ?? null, to: member?.name ?? null };
}
