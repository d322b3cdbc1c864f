import type { AssistantTask, AssistantTaskDetail, ProjectFigures } from "../../data";

/**
 * The data as the model reads it: labels, names, statuses and dates only (no internal ids
 * but the public ones it may pass back), long text cut, lists bounded, so a tool result
 * stays a few hundred tokens.
 */
const TEXT_MAX = 500;
const LIST_MAX = 20;

export function compactTask(task: AssistantTask) {
  return {
    task: task.label,
    project: task.projectName,
    status: task.status,
    ...(task.statusCategory === "done" ? { done: true } : {}),
    ...(task.priority !== "none" ? { priority: task.priority } : {}),
    due: task.dueDate,
    ...(task.startDate ? { start: task.startDate } : {}),
    assignees: task.assignees.map((assignee) => assignee.name),
    ...(task.labels.length > 0 ? { labels: task.labels } : {}),
    ...(task.parentLabel ? { parent: task.parentLabel } : {}),
    ...(task.subtaskCount > 0 ? { subtasks: task.subtaskCount } : {}),
  };
}

export function compactTaskDetail(task: AssistantTaskDetail) {
  return {
    ...compactTask(task),
    ...(task.estimateMinutes !== null ? { estimateMinutes: task.estimateMinutes } : {}),
    description: cut(task.description),
    checklist: task.checklist.slice(0, LIST_MAX).map((item) => `${item.done ? "[x]" : "[ ]"} ${item.title}`),
    subtasks: task.subtasks.slice(0, LIST_MAX).map(compactTask),
  };
}

export function compactFigures(figures: ProjectFigures) {
  return {
    [figures.scope]: figures.name,
    ...(figures.description ? { description: cut(figures.description) } : {}),
    projects: figures.projects
      .slice(0, LIST_MAX)
      .map(({ id, key, name, total, done }) => ({ id, key, name, total, done })),
    total: figures.total,
    done: figures.done,
    open: figures.open,
    completedThisWeek: figures.completedThisWeek,
    unassignedOpen: figures.unassigned,
    byStatus: figures.byStatus.map(({ name, count }) => `${name}: ${count}`),
    overdue: figures.overdue.map(compactTask),
    upcoming: figures.upcoming.map(compactTask),
    recentActivity: figures.recentActivity.map((item) => `${item.at.toISOString().slice(0, 10)} ${item.sentence}`),
    topContributors: figures.topContributors.map(({ name, count }) => `${name} (${count})`),
  };
}

function cut(text: string) {
  return text.length > TEXT_MAX ? `${text.slice(0, TEXT_MAX - 1)}…` : text;
}
