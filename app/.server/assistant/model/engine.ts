import { stepCountIs, streamText, type LanguageModel } from "ai";

import { workspaceMembers } from "../data";
import type { Engine, EngineEvent, EngineRequest } from "../types";
import { modelError, timeLimitError } from "./errors";
import { conversation, systemPrompt } from "./prompt";
import { chatModel, type ModelConfig } from "./provider";
import { assistantTools, TOOL_STATUS } from "./tools";
import type { ProposalDraft } from "./tools/proposal-draft";

/** Model calls in one answer: tool rounds and the final text. */
const MAX_STEPS = 5;

/** The assistant over a configured OpenAI-compatible model, reading the team's data through tools. */
export function modelEngine(config: ModelConfig): Engine {
  const model = chatModel(config);
  return { id: "model", label: config.model, answer: (request) => answer(model, config, request) };
}

/**
 * Streams one answer: text as the model writes it, a status while a tool runs, then the
 * answer's proposal if it made one. The user's Stop ends it quietly; the time limit and
 * the service's failures end it with an AssistantError.
 */
async function* answer(model: LanguageModel, config: ModelConfig, request: EngineRequest): AsyncGenerator<EngineEvent> {
  // Read before the model is called: a failure here is ours, not the model service's.
  const members = await workspaceMembers(request.scope);
  const member = members.find((candidate) => candidate.id === request.scope.actor.userId);
  const timeLimit = new AbortController();
  const timer = setTimeout(() => timeLimit.abort(), config.timeoutMs);
  // Aborted when the caller stops reading early, so the model call does not run on unheard.
  const finished = new AbortController();
  const draft: ProposalDraft = { current: null };
  try {
    const result = streamText({
      model,
      system: systemPrompt(request.scope, member?.name ?? null),
      messages: conversation(request.history, request.message),
      tools: assistantTools(request.scope, draft),
      stopWhen: stepCountIs(MAX_STEPS),
      maxOutputTokens: config.maxOutputTokens,
      // One attempt: a retry would wait seconds before the user hears anything, and the
      // user can send again.
      maxRetries: 0,
      abortSignal: AbortSignal.any([request.signal, timeLimit.signal, finished.signal]),
      // Failures arrive as "error" parts below; the default handler would print them,
      // request body (the conversation) included.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === "text-delta" && part.text) yield { type: "text", text: part.text };
      else if (part.type === "tool-call") yield { type: "status", label: statusOf(part.toolName) };
      else if (part.type === "error") throw part.error;
      else if (part.type === "abort") break;
    }
    if (request.signal.aborted) return;
    if (timeLimit.signal.aborted) throw timeLimitError(config.timeoutMs);
    if (draft.current) yield { type: "proposal", proposal: draft.current };
  } catch (error) {
    if (request.signal.aborted) return;
    if (timeLimit.signal.aborted) throw timeLimitError(config.timeoutMs);
    throw modelError(error, config);
  } finally {
    clearTimeout(timer);
    finished.abort();
  }
}

function statusOf(toolName: string) {
  return TOOL_STATUS[toolName as keyof typeof TOOL_STATUS] ?? "Working…";
}
