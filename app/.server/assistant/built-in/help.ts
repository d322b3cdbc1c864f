import type { Reply } from "./format";

/** What the built-in assistant can do, and how to connect a model for anything else. */
export function helpReply(): Reply {
  return {
    lines: [
      "I'm the built-in assistant: I answer from your team's real data, without an AI model. I can:",
      "- Summarize the project goals and progress (status counts, overdue and upcoming work, recent activity).",
      '- Break down a task into subtasks (name it, e.g. "Break down WEB-12").',
      "- Suggest 3 deadlines for open tasks, from their estimates and the assignees' other work.",
      "- Tell you what to do next: overdue, blocked, high-priority and unassigned work.",
      "- Draft a team status email from this week's numbers.",
      "",
      "For anything else, an administrator can connect an AI model: set AI_BASE_URL (any OpenAI-compatible endpoint), AI_MODEL and, if it needs one, AI_API_KEY, then restart. Settings → Integrations → AI shows which engine is active.",
    ],
  };
}
