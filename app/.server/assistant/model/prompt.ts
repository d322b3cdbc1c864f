import type { ModelMessage } from "ai";

import type { AssistantScope, ChatTurn } from "../types";

/**
 * What the model is told before the conversation: whom it serves and where, today's date,
 * and the rules that keep it grounded (read through the tools) and harmless (it proposes,
 * the user applies). Names are quoted: they are the team's text, not instructions.
 */
export function systemPrompt(scope: AssistantScope, memberName: string | null) {
  const who = memberName ? `${JSON.stringify(memberName)}, a ${scope.role}` : `a ${scope.role}`;
  const where = scope.project
    ? `the project ${JSON.stringify(scope.project.name)} (key ${scope.project.key}) of the workspace ${JSON.stringify(scope.workspace.name)}`
    : `the workspace ${JSON.stringify(scope.workspace.name)}`;
  return [
    "You are the assistant inside Plotline, a project management app.",
    `You are answering ${who} of the workspace, who is looking at ${where}.`,
    `Today is ${scope.today}.`,
    "Answer from the team's real data: look tasks, projects and members up with the tools, and never invent tasks, names, figures or dates.",
    "You change nothing yourself. To create tasks or subtasks, or to change a task's status, assignee or due date, call propose_changes: the user sees the proposed changes and applies them with Apply. Say so; never claim a change is done.",
    'When the user wants something to happen by itself from now on ("when QA is set, assign Ana", "every Monday…", "when a task is overdue…"), call propose_rule: it proposes an automation rule for the project, which the user reviews and saves with Apply.',
    "To draft an e-mail, call draft_email first and cite only its figures.",
    "Be brief. Write plain text: no Markdown headings, tables or bold.",
  ].join("\n");
}

/** The conversation so far, then the new message. */
export function conversation(history: ChatTurn[], message: string): ModelMessage[] {
  return [...history.map((turn) => ({ role: turn.role, content: turn.content })), { role: "user", content: message }];
}
