import { projectSummary, type AssistantTask, type ProjectFigures } from "../data";
import type { AssistantScope } from "../types";
import { count, excerpt, percent, whoIsOn, type Reply } from "./format";
import { dayLabel } from "~/utils/assistant-changes";

/** How many of each list a summary shows: the figures say how many more there are. */
const SHOWN = 5;
const ACTIVITY_SHOWN = 4;
const GOALS_MAX = 400;
const PROJECT_GOALS_MAX = 120;
export const NO_GOALS = "No goals are written in the project's description yet.";

/** The project's (or the workspace's) goals and progress, from its figures. */
export async function summaryReply(scope: AssistantScope): Promise<Reply> {
  const figures = await projectSummary(scope);
  if (!figures) return { lines: ["I can no longer find this project: it may have been deleted."] };
  if (figures.scope === "workspace" && figures.projects.length === 0) {
    return {
      lines: [
        `${figures.name} has no projects yet, so there is nothing to summarize.`,
        "Create a project (or start one from a template), add a few tasks, and ask me again.",
      ],
    };
  }
  return { lines: [...heading(figures, scope.today), ...goals(figures), ...progress(figures)] };
}

function heading(figures: ProjectFigures, today: string) {
  const what = figures.scope === "project" ? "Project" : "Workspace";
  const archived = figures.archived ? " (archived)" : "";
  return [`${what} summary: ${figures.name}${archived}, as of ${dayLabel(today)}`, ""];
}

function goals(figures: ProjectFigures) {
  if (figures.scope === "project") {
    const text = figures.description.trim();
    return [`Goals: ${text ? excerpt(text, GOALS_MAX) : NO_GOALS}`, ""];
  }
  return [
    "Projects:",
    ...figures.projects.map((project) => {
      const done = `${project.done} of ${count(project.total, "task")} done (${percent(project.done, project.total)}%)`;
      const aim = project.description.trim() ? ` Goals: ${excerpt(project.description, PROJECT_GOALS_MAX)}` : "";
      return `- ${project.name} (${project.key}): ${done}.${aim}`;
    }),
    "",
  ];
}

function progress(figures: ProjectFigures): string[] {
  if (figures.total === 0) {
    return [
      "There are no tasks yet. Add a few on the board (or ask me to break one down) and I can report on progress.",
    ];
  }
  const statuses = figures.byStatus.map((status) => `${status.name} ${status.count}`).join(", ");
  return [
    `Progress: ${figures.done} of ${count(figures.total, "task")} done (${percent(figures.done, figures.total)}%), ${figures.open} open; ${figures.completedThisWeek} finished in the last 7 days.`,
    `By status: ${statuses}.`,
    ...(figures.unassigned ? [`Unassigned: ${count(figures.unassigned, "open task")} with nobody on them.`] : []),
    "",
    ...taskList(`Overdue (${figures.overdue.length})`, figures.overdue, (task) => `was due ${dayLabel(task.dueDate!)}`),
    ...taskList(
      `Upcoming deadlines, next 14 days (${figures.upcoming.length})`,
      figures.upcoming,
      (task) => `due ${dayLabel(task.dueDate!)}`,
    ),
    ...activity(figures),
  ];
}

/** A titled list of tasks with a fact each, or a line saying there are none. */
function taskList(title: string, tasks: AssistantTask[], fact: (task: AssistantTask) => string) {
  if (tasks.length === 0) return [`${title.replace(/ \(0\)$/, "")}: none.`, ""];
  const more = tasks.length > SHOWN ? [`- and ${tasks.length - SHOWN} more`] : [];
  return [
    `${title}:`,
    ...tasks.slice(0, SHOWN).map((task) => `- ${task.label}: ${fact(task)}, ${whoIsOn(task.assignees)} on it`),
    ...more,
    "",
  ];
}

function activity(figures: ProjectFigures) {
  const recent = figures.recentActivity.slice(0, ACTIVITY_SHOWN);
  const lines = recent.length
    ? ["Recent activity:", ...recent.map((entry) => `- ${entry.actorName} ${entry.sentence}`)]
    : ["Recent activity: none yet."];
  const top = figures.topContributors.map((person) => `${person.name} (${count(person.count, "update")})`).join(", ");
  return top ? [...lines, "", `Most active in the last 30 days: ${top}.`] : lines;
}
