/**
 * What a message asks for: one of the five answers the built-in engine knows, else help.
 * Checked in this order because the prompts overlap: "Draft a team status email" says
 * "status", and "break down" outranks "draft" ("draft subtasks for WEB-3").
 */
export type Intent = "breakdown" | "email" | "deadlines" | "nextSteps" | "summary" | "help";

const PATTERNS: [Exclude<Intent, "help">, RegExp][] = [
  ["breakdown", /\b(break\s*(it\s+|this\s+|that\s+)?down|breakdown|sub-?tasks?|split)\b/i],
  ["email", /\b(e-?mail|draft)\b/i],
  ["deadlines", /\b(deadlines?|due\s+dates?)\b/i],
  ["nextSteps", /\b(next|what\s+should)\b/i],
  ["summary", /\b(summar(y|ize|ise)|status|progress|goals?|overview)\b/i],
];

export function intentOf(message: string): Intent {
  return PATTERNS.find(([, pattern]) => pattern.test(message))?.[0] ?? "help";
}
