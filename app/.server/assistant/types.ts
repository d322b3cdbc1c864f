import { z } from "zod";

import { definitionSchema } from "../automations/definition";
import type { Role } from "../db/schema";
import { TASK_PRIORITIES } from "../../validation/task-fields";

/**
 * The assistant's shared vocabulary: what it may see (a scope), what an engine hears (the
 * conversation so far) and what it says back (text as it is written, and at most one
 * proposal of changes, applied only when its user clicks Apply).
 */

export type SignedIn = { userId: string; ip: string | null; clientId?: string | null };

/** What the assistant may read: the asking member's workspace and, on a project page, that project. */
export type AssistantScope = {
  actor: SignedIn;
  role: Role;
  workspace: { id: string; publicId: string; name: string };
  project: { id: string; publicId: string; key: string; name: string } | null;
  /** The member's today (YYYY-MM-DD), in their time zone. */
  today: string;
};

export type ChatTurn = { role: "user" | "assistant"; content: string };

export const PROPOSAL_MAX_CHANGES = 50;
const title = z.string().trim().min(1).max(200);
const day = z.iso.date();
const publicId = z.string().min(1).max(64);
/** "WEB-12 Write the brief": how a change names its task to a reader. */
const label = z.string().min(1).max(260);

/** A new task (or a subtask, with its parent), as the card shows it and createTask takes it. */
const createTaskChange = z.object({
  kind: z.literal("create_task"),
  projectId: publicId,
  projectName: z.string().max(200),
  title,
  description: z.string().max(5_000).optional(),
  parentId: publicId.optional(),
  parentLabel: label.optional(),
  dueDate: day.nullable().optional(),
  priority: z.enum(TASK_PRIORITIES).optional(),
  assigneeId: z.uuid().nullable().optional(),
  assigneeName: z.string().max(200).nullable().optional(),
  /** Why the assistant proposes it, shown under the change. */
  reason: z.string().max(500).optional(),
});

/** Changes to one task; each field shows what it is now and what it would become. */
const updateTaskChange = z.object({
  kind: z.literal("update_task"),
  taskId: publicId,
  taskLabel: label,
  status: z.object({ statusId: publicId, from: z.string().max(200), to: z.string().max(200) }).optional(),
  assignee: z
    .object({
      userId: z.uuid().nullable(),
      from: z.string().max(200).nullable(),
      to: z.string().max(200).nullable(),
    })
    .optional(),
  dueDate: z.object({ from: day.nullable(), to: day.nullable() }).optional(),
  reason: z.string().max(500).optional(),
});

/** A new automation rule for a project (propose_rule), shown by its sentence; Apply saves it. */
const createRuleChange = z.object({
  kind: z.literal("create_rule"),
  projectId: publicId,
  projectName: z.string().max(200),
  name: z.string().min(1).max(80),
  definition: definitionSchema,
  summary: z.string().max(1000),
  reason: z.string().max(500).optional(),
});

export const proposedChangeSchema = z.discriminatedUnion("kind", [
  createTaskChange,
  updateTaskChange,
  createRuleChange,
]);
export type ProposedChange = z.infer<typeof proposedChangeSchema>;

/** Checked when an engine makes one and again when it is read back to be applied. */
export const proposalSchema = z.object({
  title: z.string().min(1).max(200),
  changes: z.array(proposedChangeSchema).min(1).max(PROPOSAL_MAX_CHANGES),
});
export type Proposal = z.infer<typeof proposalSchema>;

/** What an engine says, in order: text as it is written, a note while a tool runs, a proposal. */
export type EngineEvent =
  { type: "text"; text: string } | { type: "status"; label: string } | { type: "proposal"; proposal: Proposal };

export type EngineRequest = {
  scope: AssistantScope;
  /** The conversation before this message, oldest first (bounded by the caller). */
  history: ChatTurn[];
  message: string;
  /** Aborted when the user presses Stop, leaves, or the time limit passes. */
  signal: AbortSignal;
};

export type Engine = {
  id: "built-in" | "model";
  /** Said with every reply: "Built-in assistant" or the model's name. */
  label: string;
  answer(request: EngineRequest): AsyncIterable<EngineEvent>;
};

/** A failure to tell the user in the chat ("The assistant could not answer: …"). */
export class AssistantError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "AssistantError";
  }
}
