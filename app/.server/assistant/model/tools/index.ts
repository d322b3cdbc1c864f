import type { AssistantScope } from "../../types";
import { draftEmail } from "./draft-email";
import { proposeChanges } from "./propose-changes";
import { proposeRule } from "./propose-rule";
import type { ProposalDraft } from "./proposal-draft";
import { getTask, listMembers, projectSummaryTool, searchTasks } from "./read-tools";

/** The model's tools for one answer: reads within the member's scope, and one proposal. */
export function assistantTools(scope: AssistantScope, draft: ProposalDraft) {
  return {
    search_tasks: searchTasks(scope),
    get_task: getTask(scope),
    project_summary: projectSummaryTool(scope),
    list_members: listMembers(scope),
    propose_changes: proposeChanges(scope, draft),
    propose_rule: proposeRule(scope, draft),
    draft_email: draftEmail(scope),
  };
}

/** What the chat shows while a tool runs. */
export const TOOL_STATUS: Record<keyof ReturnType<typeof assistantTools>, string> = {
  search_tasks: "Searching tasks…",
  get_task: "Reading the task…",
  project_summary: "Reading the project…",
  list_members: "Looking up the team…",
  propose_changes: "Preparing the changes…",
  propose_rule: "Drafting the rule…",
  draft_email: "Gathering the figures…",
};
