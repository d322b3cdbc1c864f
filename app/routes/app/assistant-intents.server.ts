import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";

import { deleteConversationCommand } from "~/.server/assistant/conversations";
import { firstAskError, todayFor } from "~/.server/assistant/http";
import {
  applyProposalCommand,
  askAndWait,
  AssistantRateLimitError,
  dismissProposalCommand,
} from "~/.server/assistant/service";
import { execute } from "~/.server/commands/command";
import { intent, type IntentContext, type Refusal } from "~/.server/http/intents";
import { runForFetcher } from "~/.server/http/respond";
import { redirectWithToast } from "~/.server/toast";
import { assistantPageOf } from "~/utils/assistant-page";
import { ASSISTANT_MESSAGE_MAX } from "~/utils/assistant-prompts";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { askSchema, PUBLIC_ID_PATTERN } from "~/validation/assistant";

/**
 * The assistant page's intents (app/routes/app/assistant.tsx, and the side panel's
 * fetchers): ask, and Apply, Dismiss or delete. A plain form sends `redirectTo` and goes
 * back there with a toast; a fetcher sends none and gets `{ ok, message }`, a refusal too.
 */
function typedOf(context: IntentContext) {
  const message = context.formData.get("message");
  return typeof message === "string" ? message.slice(0, ASSISTANT_MESSAGE_MAX) : "";
}
const askRefused = (context: IntentContext, message: string, status: number, headers?: HeadersInit) =>
  data({ ok: false as const, field: "message", message, typed: typedOf(context) }, { status, headers });

/**
 * A question from the page: waits for the whole answer, then shows the conversation. The
 * model's answer takes seconds, too long for a unit of work: the conversation's rows are
 * written as it streams (assistant/service.ts), so the intent runs no command.
 */
const ask = intent({
  command: null,
  parse: (context) => {
    const submission = parseWithZod(context.formData, { schema: askSchema });
    if (submission.status !== "success") {
      return { ok: false, field: "message", message: firstAskError(submission.error) };
    }
    return { ok: true, input: { ...submission.value, today: todayFor(context.request) } };
  },
  run: async (context, input: Parameters<typeof askAndWait>[1]) => {
    try {
      return await askAndWait(context.principal, input, context.request.signal);
    } catch (error) {
      if (error instanceof AssistantRateLimitError) return error;
      throw error;
    }
  },
  refused: ({ message }: Refusal, context) => askRefused(context, message, 400),
  done: (answer, context) =>
    answer instanceof AssistantRateLimitError
      ? askRefused(context, answer.message, 429, { "Retry-After": String(answer.retryAfterSeconds) })
      : redirect(`${assistantPageOf(answer.conversationId)}#latest`, 303),
});

const NO_CONVERSATION = "That conversation does not exist.";

type Outcome = Awaited<ReturnType<typeof runForFetcher<string>>>;

/** The panel's fetcher gets data; a plain form (with `redirectTo`) goes back with a toast. */
async function conversationAnswer(result: Outcome, context: IntentContext) {
  const back = context.formData.get("redirectTo");
  if (!back) {
    return result.ok
      ? data({ ok: true as const, message: result.value })
      : data({ ok: false as const, message: result.message }, { status: result.status });
  }
  const target = context.intent === "delete" && result.ok ? "/app/assistant" : safeRedirectPath(back, "/app/assistant");
  return redirectWithToast(
    target,
    result.ok
      ? { title: result.value, variant: "success" }
      : { title: "Not applied", description: result.message, variant: "error" },
    context.request,
    { status: 303 },
  );
}

/** The id the control names, or the refusal every Apply, Dismiss and delete gives a bad one. */
function idOf(context: IntentContext, field: "messageId" | "conversationId") {
  const id = context.formData.get(field);
  return typeof id === "string" && PUBLIC_ID_PATTERN.test(id)
    ? { ok: true as const, id }
    : { ok: false as const, field, message: NO_CONVERSATION };
}
const badId = ({ message }: Refusal) => data({ ok: false as const, message }, { status: 400 });

/*
 * Apply, Dismiss and delete: the command's every refusal is an answer (the panel shows it
 * in place; a plain form gets it as a toast), never the error page.
 */
const apply = intent({
  command: applyProposalCommand,
  parse: (context) => {
    const id = idOf(context, "messageId");
    return id.ok ? { ok: true, input: { messageId: id.id } } : id;
  },
  run: (context, input) =>
    runForFetcher(async () => {
      const { applied } = await execute(applyProposalCommand, context.principal, input);
      return `Applied ${applied} ${applied === 1 ? "change" : "changes"}.`;
    }),
  refused: badId,
  done: conversationAnswer,
});

const dismiss = intent({
  command: dismissProposalCommand,
  parse: (context) => {
    const id = idOf(context, "messageId");
    return id.ok ? { ok: true, input: { messageId: id.id } } : id;
  },
  run: (context, input) =>
    runForFetcher(() => execute(dismissProposalCommand, context.principal, input).then(() => "Dismissed.")),
  refused: badId,
  done: conversationAnswer,
});

const deleteConversation = intent({
  command: deleteConversationCommand,
  parse: (context) => {
    const id = idOf(context, "conversationId");
    return id.ok ? { ok: true, input: { conversationId: id.id } } : id;
  },
  run: (context, input) =>
    runForFetcher(() =>
      execute(deleteConversationCommand, context.principal, input).then(() => "Conversation deleted."),
    ),
  refused: badId,
  done: conversationAnswer,
});

export const assistantIntents = { ask, apply, dismiss, delete: deleteConversation };

export const assistantFallback = () => data({ ok: false as const, message: "Unknown action" }, { status: 400 });
