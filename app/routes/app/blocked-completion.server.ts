import type { IntentContext, Refusal } from "~/.server/http/intents";
import { CONFIRM_BLOCKED_FIELD } from "~/validation/task-relations";

/**
 * Completing a blocked task from a page (issue 34): the `move-task` intents of the task page
 * and the project's views ask `task.move` to refuse while the task has open blockers, unless
 * the form says `confirmBlocked=true` (the answer to that refusal). The check itself is the
 * command's (app/.server/tasks/blocked.ts); these say how a form asks for it and how its
 * refusal is told apart from the others.
 */
export function askIfBlocked(context: IntentContext) {
  return context.formData.get(CONFIRM_BLOCKED_FIELD) !== "true";
}

/** The refusal that asks "complete it anyway?" rather than says no. */
export function isBlockedRefusal(refusal: Pick<Refusal, "field">) {
  return refusal.field === CONFIRM_BLOCKED_FIELD;
}
