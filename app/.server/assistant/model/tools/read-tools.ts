import { tool } from "ai";
import { z } from "zod";

import { findTasks, projectSummary, taskDetail, workspaceMembers, type TaskQuery } from "../../data";
import type { AssistantScope } from "../../types";
import { compactFigures, compactTask, compactTaskDetail } from "./compact";
import { resolveMember, resolveProject } from "./resolve";

/** The tools that read the team's data, each through data.ts with the asking member's scope. */

const projectRef = z.string().trim().min(1).max(100).describe("A project's key, name or id");
const taskRef = z.string().trim().min(1).max(64).describe('A task\'s key ("WEB-12") or id');

export function searchTasks(scope: AssistantScope) {
  return tool({
    description:
      "Find tasks of the workspace (or of the current project) by words of the title or a key, project, status, assignee and dates. Returns at most `limit` tasks.",
    inputSchema: z.object({
      text: z.string().trim().max(200).optional().describe('Words of the title, or a task key like "WEB-12"'),
      project: projectRef.optional(),
      status: z.string().trim().max(100).optional().describe("A status name, or not_started, active or done"),
      assignee: z
        .string()
        .trim()
        .max(200)
        .optional()
        .describe('A member\'s name or id, "me", or "none" for unassigned'),
      overdue: z.boolean().optional().describe("Only tasks past their due date and not done"),
      open: z.boolean().optional().describe("Only tasks not done"),
      dueBefore: z.iso.date().optional().describe("Due on or before this day (YYYY-MM-DD)"),
      limit: z.number().int().min(1).max(50).optional(),
    }),
    execute: async ({ project, assignee, ...filters }) => {
      const query: TaskQuery = { ...filters };
      if (project) {
        const found = await resolveProject(scope, project);
        if (!found.ok) return `Error: ${found.error}.`;
        query.projectId = found.value.id;
      }
      if (assignee) {
        const found =
          assignee.toLowerCase() === "none" ? null : resolveMember(scope, assignee, await workspaceMembers(scope));
        if (found && !found.ok) return `Error: ${found.error}.`;
        query.assigneeId = found ? found.value.id : "none";
      }
      const tasks = await findTasks(scope, query);
      return { count: tasks.length, tasks: tasks.map(compactTask) };
    },
  });
}

export function getTask(scope: AssistantScope) {
  return tool({
    description: "Read one task: its fields, description, checklist and subtasks.",
    inputSchema: z.object({ task: taskRef }),
    execute: async ({ task }) => {
      const detail = await taskDetail(scope, task);
      return detail ? compactTaskDetail(detail) : `Error: no task "${task}" in this workspace.`;
    },
  });
}

export function projectSummaryTool(scope: AssistantScope) {
  return tool({
    description:
      "Figures of a project (or, with no project and outside a project page, of the whole workspace): totals, tasks by status, overdue and upcoming tasks, unassigned work, recent activity, top contributors, and the list of projects.",
    inputSchema: z.object({ project: projectRef.optional() }),
    execute: async ({ project }) => {
      const projectId = project ? await resolveProject(scope, project) : null;
      if (projectId && !projectId.ok) return `Error: ${projectId.error}.`;
      const figures = await projectSummary(scope, projectId?.value.id);
      return figures ? compactFigures(figures) : "Error: that project cannot be read.";
    },
  });
}

export function listMembers(scope: AssistantScope) {
  return tool({
    description: "The workspace's members: id, name, role and how many open tasks each has.",
    inputSchema: z.object({}),
    execute: async () => {
      const members = await workspaceMembers(scope);
      return members.map(({ id, name, role, openTasks }) => ({ id, name, role, openTasks }));
    },
  });
}
