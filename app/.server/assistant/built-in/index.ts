import { proposalSchema, type AssistantScope, type Engine, type EngineEvent } from "../types";
import { breakdownReply } from "./breakdown";
import { deadlinesReply } from "./deadlines";
import type { Reply } from "./format";
import { helpReply } from "./help";
import { intentOf } from "./intent";
import { nextStepsReply } from "./next-steps";
import { statusEmailReply } from "./status-email";
import { summaryReply } from "./summary";

/**
 * The assistant without a model: it reads what the message asks for, answers it from the
 * team's data (data.ts) and proposes changes the user applies. Deterministic: the same data
 * and the same `today` give the same answer, word for word.
 */
function replyTo(scope: AssistantScope, message: string): Promise<Reply> {
  switch (intentOf(message)) {
    case "summary":
      return summaryReply(scope);
    case "breakdown":
      return breakdownReply(scope, message);
    case "deadlines":
      return deadlinesReply(scope);
    case "nextSteps":
      return nextStepsReply(scope);
    case "email":
      return statusEmailReply(scope);
    default:
      return Promise.resolve(helpReply());
  }
}

export const builtInEngine: Engine = {
  id: "built-in",
  label: "Built-in assistant",
  async *answer({ scope, message, signal }): AsyncIterable<EngineEvent> {
    if (signal.aborted) return;
    const reply = await replyTo(scope, message);
    // A line at a time, as a model streams; together they are the answer's text.
    for (const [index, line] of reply.lines.entries()) {
      if (signal.aborted) return;
      yield { type: "text", text: index < reply.lines.length - 1 ? `${line}\n` : line };
    }
    if (reply.proposal && !signal.aborted) yield { type: "proposal", proposal: proposalSchema.parse(reply.proposal) };
  },
};
