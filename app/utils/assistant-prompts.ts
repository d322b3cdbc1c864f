/**
 * The assistant's suggested prompts (spec: up to three in the empty chat). The built-in
 * engine answers each of them from the team's real data; the widget offers the three that
 * fit where the user is: a project's own questions on a project page, the team's elsewhere.
 */
export const ASSISTANT_PROMPTS = {
  summary: "Summarize the project goals and progress",
  breakdown: "Break down a task into subtasks",
  deadlines: "Suggest 3 deadlines",
  nextSteps: "What should we do next?",
  email: "Draft a team status email",
} as const;

export type AssistantPromptKind = keyof typeof ASSISTANT_PROMPTS;

export const SUGGESTED_PROMPT_COUNT = 3;

export function suggestedPrompts(onProject: boolean): string[] {
  const kinds: AssistantPromptKind[] = onProject
    ? ["summary", "breakdown", "deadlines"]
    : ["nextSteps", "email", "summary"];
  return kinds.slice(0, SUGGESTED_PROMPT_COUNT).map((kind) => ASSISTANT_PROMPTS[kind]);
}

/** The most a message may hold (the composer and the server both hold to it). */
export const ASSISTANT_MESSAGE_MAX = 4_000;
