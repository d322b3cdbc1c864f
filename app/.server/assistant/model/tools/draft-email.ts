import { tool } from "ai";
import { z } from "zod";

import { projectSummary } from "../../data";
import type { AssistantScope } from "../../types";
import { compactTask } from "./compact";
import { resolveProject } from "./resolve";

/**
 * The facts an e-mail to the team may cite, so the model drafts from the real figures
 * instead of inventing progress. It sends nothing.
 */
export function draftEmail(scope: AssistantScope) {
  return tool({
    description:
      "Gather the real figures of a project (or of the workspace) for an e-mail to the team. Call it before drafting any e-mail, then cite only these figures. It sends nothing.",
    inputSchema: z.object({
      project: z.string().trim().min(1).max(100).optional().describe("A project's key, name or id"),
      topic: z.string().trim().max(200).optional().describe("What the e-mail is about"),
    }),
    execute: async ({ project, topic }) => {
      const found = project ? await resolveProject(scope, project) : null;
      if (found && !found.ok) return `Error: ${found.error}.`;
      const figures = await projectSummary(scope, found?.value.id);
      if (!figures) return "Error: that project cannot be read.";
      return {
        about: figures.name,
        ...(topic ? { topic } : {}),
        today: scope.today,
        tasks: { total: figures.total, done: figures.done, open: figures.open },
        completedThisWeek: figures.completedThisWeek,
        overdue: figures.overdue.map(compactTask),
        upcoming: figures.upcoming.map(compactTask),
        unassignedOpen: figures.unassigned,
        topContributors: figures.topContributors.map(({ name, count }) => `${name} (${count} updates)`),
        note: "Cite only these figures; leave a placeholder for anything they do not say.",
      };
    },
  });
}
