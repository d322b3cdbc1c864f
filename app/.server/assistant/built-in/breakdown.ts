import { findTasks, taskDetail, type AssistantTask } from "../data";
import type { AssistantScope, Proposal } from "../types";
import { planSubtasks, MIN_SUBTASKS } from "./breakdown-plan";
import { type Reply } from "./format";
import { PRIORITY_RANK } from "./priorities";
import { resemblance, significantWords } from "./words";

const KEY = /\b([A-Za-z][A-Za-z0-9]*-\d{1,9})\b/;
/** How many open tasks a message's words are matched against. */
const CANDIDATES = 50;

type Choice = { task: AssistantTask; how: string } | { missing: string };

/**
 * Which task to break down: the key in the message, else the open task whose title shares
 * the most words with it, else the open top-level task of highest priority without subtasks.
 */
async function chooseTask(scope: AssistantScope, message: string): Promise<Choice | null> {
  const key = KEY.exec(message)?.[1];
  if (key) {
    const task = await taskDetail(scope, key);
    return task ? { task, how: "" } : { missing: key.toUpperCase() };
  }
  const open = await findTasks(scope, { open: true, limit: CANDIDATES });
  const words = significantWords(message);
  const scored = open
    .map((task) => ({ task, score: resemblance(words, significantWords(task.title)) }))
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || byPriority(a.task, b.task));
  if (scored[0]) return { task: scored[0].task, how: "its title matches your message" };
  const fresh = open.filter((task) => task.parentLabel === null && task.subtaskCount === 0).sort(byPriority);
  return fresh[0] ? { task: fresh[0], how: "the open task of highest priority without subtasks" } : null;
}

/** Highest priority first, then the older task (a stable, data-only order). */
function byPriority(a: AssistantTask, b: AssistantTask) {
  return (
    PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
    a.createdAt.getTime() - b.createdAt.getTime() ||
    a.key.localeCompare(b.key)
  );
}

/** Subtasks for one task, proposed as new tasks under it. */
export async function breakdownReply(scope: AssistantScope, message: string): Promise<Reply> {
  const choice = await chooseTask(scope, message);
  if (!choice) {
    const where = scope.project ? scope.project.name : scope.workspace.name;
    return { lines: [`There are no open tasks to break down in ${where}. Add a task first, then ask me again.`] };
  }
  if ("missing" in choice) {
    return {
      lines: [`I can't find ${choice.missing} here. Check the key on the task's card, or name the task by its title.`],
    };
  }
  const { task } = choice;
  if (task.parentLabel) {
    return {
      lines: [
        `${task.label} is a subtask of ${task.parentLabel}, and a subtask cannot have subtasks of its own.`,
        `Ask me to break down ${task.parentLabel.split(" ")[0]} instead, or name another task.`,
      ],
    };
  }
  const detail = await taskDetail(scope, task.id);
  const plan = detail ? planSubtasks(detail) : [];
  const intro = choice.how
    ? [`I picked ${task.label} (${choice.how}). To break down another, name it, e.g. "Break down ${task.key}".`, ""]
    : [];
  if (plan.length < MIN_SUBTASKS) {
    return { lines: [...intro, `${task.label} already has the subtasks I would suggest; nothing new to add.`] };
  }
  const proposal: Proposal = {
    title: `Subtasks for ${task.label}`.slice(0, 200),
    changes: plan.map((step) => ({
      kind: "create_task",
      projectId: task.projectId,
      projectName: task.projectName,
      title: step.title,
      parentId: task.id,
      parentLabel: task.label,
      reason: step.reason,
    })),
  };
  return {
    lines: [
      ...intro,
      `Proposed subtasks for ${task.label}:`,
      ...plan.map((step) => `- ${step.title}`),
      "",
      `Press Apply to add them under ${task.key}; nothing changes until you do.`,
    ],
    proposal,
  };
}
