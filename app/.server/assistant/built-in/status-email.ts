import { projectSummary, type AssistantTask, type ProjectFigures } from "../data";
import type { AssistantScope } from "../types";
import { count, whoIsOn, type Reply } from "./format";
import { dayLabel } from "~/utils/assistant-changes";

const LISTED = 5;

function bullets(tasks: AssistantTask[], fact: (task: AssistantTask) => string) {
  const more = tasks.length > LISTED ? [`- and ${tasks.length - LISTED} more`] : [];
  return [...tasks.slice(0, LISTED).map((task) => `- ${task.label}: ${fact(task)}`), ...more];
}

/** Who should answer: what is late or untaken, or a plain invitation. */
function request(figures: ProjectFigures) {
  const asks = [
    ...(figures.overdue.length
      ? [`help to finish or re-date the ${count(figures.overdue.length, "overdue task")}`]
      : []),
    ...(figures.unassigned ? [`an owner for each of the ${count(figures.unassigned, "unassigned task")}`] : []),
  ];
  return asks.length
    ? `Where we need help: ${asks.join(", and ")}. If you can take one, reply to this e-mail or assign yourself on the board.`
    : "Nothing is stuck right now. If you see a risk, reply to this e-mail.";
}

/** A plain-text status e-mail from the real figures, signed by the team, not by a person. */
export async function statusEmailReply(scope: AssistantScope): Promise<Reply> {
  const figures = await projectSummary(scope);
  if (!figures) return { lines: ["I can no longer find this project: it may have been deleted."] };
  if (figures.total === 0) {
    return {
      lines: [
        `There is nothing to report for ${figures.name} yet: it has no tasks. Add the work on the board and I can draft the e-mail from it.`,
      ],
    };
  }
  const inProgress = figures.byStatus
    .filter((status) => status.category === "active")
    .reduce((sum, status) => sum + status.count, 0);
  const team = figures.scope === "project" ? `The ${figures.name} team` : `The ${figures.name} workspace`;
  return {
    lines: [
      "Here is a draft; copy it into your e-mail and adjust it as you like.",
      "",
      `Subject: ${figures.name} status for ${dayLabel(scope.today)}: ${figures.completedThisWeek} done this week, ${count(figures.overdue.length, "task")} overdue`,
      "",
      "Hi everyone,",
      "",
      `Here is where ${figures.name} stands. ${figures.done} of ${count(figures.total, "task")} are done.`,
      "",
      `- Done in the last 7 days: ${figures.completedThisWeek}`,
      `- In progress: ${inProgress}`,
      `- Overdue: ${figures.overdue.length}`,
      `- Unassigned: ${figures.unassigned}`,
      "",
      ...(figures.overdue.length
        ? [
            "Overdue:",
            ...bullets(
              figures.overdue,
              (task) => `was due ${dayLabel(task.dueDate!)}, ${whoIsOn(task.assignees)} on it`,
            ),
            "",
          ]
        : []),
      ...(figures.upcoming.length
        ? [
            "Coming up in the next 14 days:",
            ...bullets(figures.upcoming, (task) => `due ${dayLabel(task.dueDate!)}, ${whoIsOn(task.assignees)} on it`),
            "",
          ]
        : ["No deadlines in the next 14 days.", ""]),
      request(figures),
      "",
      "Thanks,",
      team,
    ],
  };
}
