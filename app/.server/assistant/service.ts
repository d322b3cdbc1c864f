import { createRuleCommand } from "../automations/rules";
import { and, asc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";

import { db } from "../db";
import { projects, workspaceMembers, workspaces } from "../db/schema";
import { FieldError, ForbiddenError, NotFoundError } from "../errors";
import { logger } from "../logger";
import { authorize } from "../policies";
import { liveProjects } from "../projects/access";
import { consume, type Limit } from "../security/rate-limit";
import { createTaskCommand, moveTaskCommand, setTaskAssigneesCommand, updateTaskCommand } from "../tasks/tasks";
import { defineCommand, execute, within, type UnitOfWork } from "../commands/command";
import { memberIdOf, principalOf } from "../commands/principal";
import {
  addAssistantMessage,
  addUserMessage,
  assistantMessageOf,
  conversationOf,
  historyOf,
  moveProposal,
  readProposal,
  type ConversationRow,
  type StoredMessage,
} from "./conversations";
import { activeEngine } from "./engines";
import {
  AssistantError,
  proposalSchema,
  type AssistantScope,
  type Engine,
  type EngineEvent,
  type Proposal,
  type ProposedChange,
  type SignedIn,
} from "./types";

/**
 * Asking the assistant and acting on its answers. A question is answered in the scope of
 * its conversation (a project, or the workspace), with the asker's own permissions; the
 * answer is stored as it ended (whole, stopped, or failed with the reason), and a proposal
 * in it changes nothing until its user applies it, through the task use cases.
 */

/** Per user: a burst of questions is fine, a script hammering the model is not. */
export const ASSISTANT_LIMIT: Limit = { points: 20, durationSeconds: 60 };
export const COULD_NOT_ANSWER = "The assistant could not answer:";
export const DISABLED_MESSAGE =
  "The AI assistant is turned off in this workspace. An owner or admin can turn it on in Settings → Integrations.";

/** Too many questions: the route answers 429 (a page shows it beside the field). */
export class AssistantRateLimitError extends FieldError {
  constructor(readonly retryAfterSeconds: number) {
    super("message", `You have asked a lot in the last minute. Try again in ${retryAfterSeconds} seconds.`);
  }
}

type WorkspaceOfScope = {
  id: string;
  publicId: string;
  name: string;
  aiEnabled: boolean;
  role: AssistantScope["role"];
};

/** The member's workspace matching `where`, with their role and its assistant switch. */
async function memberWorkspace(userId: string, where: SQL) {
  const [row] = await db()
    .select({
      id: workspaces.id,
      publicId: workspaces.publicId,
      name: workspaces.name,
      aiEnabled: workspaces.aiEnabled,
      role: workspaceMembers.role,
    })
    .from(workspaces)
    .innerJoin(
      workspaceMembers,
      and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.userId, userId)),
    )
    .where(where)
    .orderBy(asc(workspaces.createdAt))
    .limit(1);
  return row as WorkspaceOfScope | undefined;
}

async function liveProject(where: SQL) {
  const [row] = await db()
    .select({
      id: projects.id,
      publicId: projects.publicId,
      key: projects.key,
      name: projects.name,
      workspaceId: projects.workspaceId,
    })
    .from(projects)
    .where(and(where, liveProjects));
  return row;
}

export type ScopeRequest = { projectId?: string | null; workspaceId?: string | null; today: string };

/**
 * Where a new question is asked: a project page's project, a workspace page's workspace, or
 * else the member's first workspace. Outsiders get "not found"; a workspace whose owners
 * turned the assistant off refuses with how to turn it back on.
 */
export async function scopeFor(actor: SignedIn, request: ScopeRequest): Promise<AssistantScope> {
  const project = request.projectId ? await liveProject(eq(projects.publicId, request.projectId)) : undefined;
  if (request.projectId && !project) throw new NotFoundError("Project");
  const workspace = await memberWorkspace(
    actor.userId,
    project
      ? eq(workspaces.id, project.workspaceId)
      : request.workspaceId
        ? eq(workspaces.publicId, request.workspaceId)
        : eq(workspaceMembers.userId, actor.userId),
  );
  if (!workspace) throw new NotFoundError(project ? "Project" : "Workspace");
  return toScope(actor, workspace, project ?? null, request.today);
}

/** A continued conversation keeps the scope it was started in, if the user may still see it. */
async function scopeOfConversation(actor: SignedIn, conversation: ConversationRow, today: string) {
  const workspace = await memberWorkspace(actor.userId, eq(workspaces.id, conversation.workspaceId));
  if (!workspace) throw new ForbiddenError("You are no longer a member of this conversation's workspace.");
  const project = conversation.projectId ? await liveProject(eq(projects.id, conversation.projectId)) : undefined;
  return toScope(actor, workspace, project ?? null, today);
}

function toScope(
  actor: SignedIn,
  workspace: WorkspaceOfScope,
  project: { id: string; publicId: string; key: string; name: string } | null,
  today: string,
): AssistantScope {
  authorize(workspace.role, "assistant.use");
  if (!workspace.aiEnabled) throw new ForbiddenError(DISABLED_MESSAGE);
  return {
    actor,
    role: workspace.role,
    workspace: { id: workspace.id, publicId: workspace.publicId, name: workspace.name },
    project: project && { id: project.id, publicId: project.publicId, key: project.key, name: project.name },
    today,
  };
}

/** Where a question would be asked, for the widget and the page: never throws for a switched-off workspace. */
export async function assistantContext(
  actor: SignedIn,
  request: ScopeRequest & { conversation?: ConversationRow | null },
): Promise<
  { enabled: true; scope: AssistantScope; about: string } | { enabled: false; reason: string; about: string | null }
> {
  try {
    const scope = request.conversation
      ? await scopeOfConversation(actor, request.conversation, request.today)
      : await scopeFor(actor, request);
    return { enabled: true, scope, about: scope.project?.name ?? scope.workspace.name };
  } catch (error) {
    if (error instanceof ForbiddenError) return { enabled: false, reason: error.message, about: null };
    throw error;
  }
}

export type AskInput = ScopeRequest & { message: string; conversationId?: string | null };

/** What a question's stream says: its start (ids), the engine's events, and the stored answer. */
export type TurnEvent =
  | { type: "start"; conversationId: string; userMessage: StoredMessage; engine: string }
  | EngineEvent
  | { type: "done"; message: StoredMessage };

/**
 * Asks the assistant. Everything that refuses (an unknown conversation, a workspace that
 * turned it off, too many questions) throws before the first event, so a route can still
 * answer 4xx; after that, a failing engine becomes an answer that says why, and a stop by
 * the user (`signal`) keeps what was written so far.
 */
export async function* askAssistant(
  actor: SignedIn,
  input: AskInput,
  signal: AbortSignal,
  engine: Engine = activeEngine(),
): AsyncGenerator<TurnEvent> {
  const message = input.message.trim();
  if (!message) throw new FieldError("message", "Write a message first.");
  const conversation = input.conversationId ? await conversationOf(actor.userId, input.conversationId) : null;
  const scope = conversation
    ? await scopeOfConversation(actor, conversation, input.today)
    : await scopeFor(actor, input);
  const limit = await consume("assistant", ASSISTANT_LIMIT, actor.userId);
  if (!limit.allowed) throw new AssistantRateLimitError(limit.retryAfterSeconds);

  const history = conversation ? await historyOf(conversation.id) : [];
  const stored = await addUserMessage(actor, {
    conversation,
    workspaceId: scope.workspace.id,
    projectId: scope.project?.id ?? null,
    message,
  });
  yield {
    type: "start",
    conversationId: stored.conversation.publicId,
    userMessage: stored.message,
    engine: engine.label,
  };

  let content = "";
  let proposal: Proposal | null = null;
  let error: string | null = null;
  try {
    for await (const event of engine.answer({ scope, history, message, signal })) {
      if (signal.aborted) break;
      if (event.type === "text") content += event.text;
      if (event.type === "proposal") proposal = proposalSchema.parse(event.proposal);
      yield event;
    }
  } catch (failure) {
    if (!signal.aborted) error = describeFailure(failure, engine, actor);
  }
  // A stopped answer keeps its text but not a half-made proposal.
  if (signal.aborted) proposal = null;
  const answer = await addAssistantMessage(stored.conversation.id, { content, engine: engine.label, proposal, error });
  yield { type: "done", message: answer };
}

/** What the chat says about a failure; it is logged (never the question or the answer). */
function describeFailure(failure: unknown, engine: Engine, actor: SignedIn) {
  if (failure instanceof AssistantError) {
    logger.warn({ engine: engine.id, userId: actor.userId, reason: failure.message }, "the assistant could not answer");
    return `${COULD_NOT_ANSWER} ${failure.message}`;
  }
  logger.error({ err: failure, engine: engine.id, userId: actor.userId }, "the assistant failed");
  return `${COULD_NOT_ANSWER} something went wrong on our side. Try again in a moment.`;
}

/** Runs a question to its end: the page without JavaScript waits for the whole answer. */
export async function askAndWait(actor: SignedIn, input: AskInput, signal: AbortSignal, engine?: Engine) {
  let conversationId = "";
  let answer: StoredMessage | null = null;
  for await (const event of askAssistant(actor, input, signal, engine)) {
    if (event.type === "start") conversationId = event.conversationId;
    if (event.type === "done") answer = event.message;
  }
  return { conversationId, answer: answer! };
}

/**
 * Applies a proposal's changes, in order, each through its task command with the user's
 * own role, all in one unit of work: a viewer's Apply is refused there and nothing changes,
 * and a change that fails leaves every earlier one undone too. The claim (pending → applied)
 * is part of the same unit, so a double click applies once and a failure leaves the
 * proposal pending, to apply again whole.
 */
export const applyProposalCommand = defineCommand({
  name: "assistant.apply",
  input: z.object({ messageId: z.string().min(1).max(40) }),
  policy: "assistant.use",
  async run(uow, input: { messageId: string }) {
    const userId = memberIdOf(uow.principal);
    const message = await assistantMessageOf(userId, input.messageId, uow.tx);
    const proposal = readProposal(message.proposal);
    if (!proposal) throw new FieldError("proposal", "There is nothing to apply in this answer.");
    if (message.proposalState === "applied") throw new FieldError("proposal", "These changes are already applied.");
    if (message.proposalState === "dismissed") throw new FieldError("proposal", "These changes were dismissed.");
    const total = proposal.changes.length;
    if (!(await moveProposal(message.id, "pending", "applied", { ...proposal, applied: total }, uow.tx))) {
      throw new FieldError("proposal", "These changes are already being applied.");
    }
    // A proposal applied in part by an earlier version (one change per transaction) goes on from there.
    for (const change of proposal.changes.slice(proposal.applied)) await applyChange(uow, change);
    return { applied: total - proposal.applied, total };
  },
});

export function applyProposal(actor: SignedIn, messageId: string) {
  return execute(applyProposalCommand, principalOf(actor), { messageId });
}

async function applyChange(uow: UnitOfWork, change: ProposedChange) {
  if (change.kind === "create_rule") {
    await within(uow, createRuleCommand, {
      projectId: change.projectId,
      name: change.name,
      definition: change.definition,
    });
    return;
  }
  if (change.kind === "create_task") {
    await within(uow, createTaskCommand, {
      projectId: change.projectId,
      title: change.title,
      description: change.description,
      parentId: change.parentId,
      dueDate: change.dueDate ?? null,
      priority: change.priority,
      assigneeIds: change.assigneeId ? [change.assigneeId] : [],
    });
    return;
  }
  const taskId = change.taskId;
  if (change.status) {
    await within(uow, moveTaskCommand, { taskId, statusId: change.status.statusId, placement: { at: "end" } });
  }
  if (change.assignee) {
    await within(uow, setTaskAssigneesCommand, {
      taskId,
      userIds: change.assignee.userId ? [change.assignee.userId] : [],
    });
  }
  if (change.dueDate) await within(uow, updateTaskCommand, { taskId, dueDate: change.dueDate.to });
}

/** Sets a proposal aside without applying it. */
export const dismissProposalCommand = defineCommand({
  name: "assistant.dismiss",
  input: z.object({ messageId: z.string().min(1).max(40) }),
  policy: "assistant.use",
  async run({ tx, principal }, input: { messageId: string }) {
    const message = await assistantMessageOf(memberIdOf(principal), input.messageId, tx);
    if (message.proposalState !== "pending") throw new FieldError("proposal", "There is nothing left to dismiss here.");
    await moveProposal(message.id, "pending", "dismissed", undefined, tx);
  },
});

export function dismissProposal(actor: SignedIn, messageId: string) {
  return execute(dismissProposalCommand, principalOf(actor), { messageId });
}
