import { findTasks, type AssistantTask } from "../data";
import type { AssistantScope } from "../types";
import { count, daysBetween, whoIsOn, type Reply } from "./format";
import { dayLabel } from "~/utils/assistant-changes";
import { PRIORITY_NAMES, PRIORITY_RANK } from "./priorities";

const OPEN_TASKS = 50;
/** Each kind of step shows at most this many, the whole answer at most STEPS. */
const PER_KIND = 3;
const STEPS = 10;
const BLOCKED = /\b(blocked|blocker|on hold|waiting|stuck)\b/i;

type Step = { task: AssistantTask; why: string };

function byUrgency(a: AssistantTask, b: AssistantTask) {
  return (
    PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] ||
    (a.dueDate ?? "9999").localeCompare(b.dueDate ?? "9999") ||
    a.createdAt.getTime() - b.createdAt.getTime()
  );
}

function isBlocked(task: AssistantTask) {
  return BLOCKED.test(task.status) || task.labels.some((label) => BLOCKED.test(label));
}

function overdueWhy(task: AssistantTask, today: string) {
  const late = daysBetween(task.dueDate!, today);
  return `overdue by ${count(late, "day")} (was due ${dayLabel(task.dueDate!)}); ${whoIsOn(task.assignees)} on it. Finish it or move its date.`;
}

function blockedWhy(task: AssistantTask) {
  const marker = BLOCKED.test(task.status)
    ? `in ${task.status}`
    : `labelled ${task.labels.find((label) => BLOCKED.test(label))}`;
  return `${marker}: find out what it waits for and who can unblock it.`;
}

function priorityWhy(task: AssistantTask) {
  const due = task.dueDate ? `, due ${dayLabel(task.dueDate)}` : "";
  return `${PRIORITY_NAMES[task.priority]}${due}, ${task.status}; ${whoIsOn(task.assignees)} on it.`;
}

/** Overdue first, then blocked, the most pressing open work, then work nobody has taken. */
function stepsOf(open: AssistantTask[], today: string): Step[] {
  const taken = new Set<string>();
  const pick = (tasks: AssistantTask[], why: (task: AssistantTask) => string) => {
    const chosen = tasks.filter((task) => !taken.has(task.id)).slice(0, PER_KIND);
    for (const task of chosen) taken.add(task.id);
    return chosen.map((task) => ({ task, why: why(task) }));
  };
  const overdue = open.filter((task) => task.dueDate && task.dueDate < today);
  overdue.sort((a, b) => a.dueDate!.localeCompare(b.dueDate!) || byUrgency(a, b));
  const pressing = open.filter((task) => PRIORITY_RANK[task.priority] > 0).sort(byUrgency);
  const unassigned = open.filter((task) => task.assignees.length === 0).sort(byUrgency);
  return [
    ...pick(overdue, (task) => overdueWhy(task, today)),
    ...pick(open.filter(isBlocked).sort(byUrgency), blockedWhy),
    ...pick(pressing, priorityWhy),
    ...pick(unassigned, () => "nobody is assigned: give it an owner."),
  ].slice(0, STEPS);
}

/** What to do next, each step with its key and why. */
export async function nextStepsReply(scope: AssistantScope): Promise<Reply> {
  const open = await findTasks(scope, { open: true, limit: OPEN_TASKS });
  const where = scope.project ? scope.project.name : scope.workspace.name;
  if (open.length === 0) {
    return {
      lines: [
        `There is no open work in ${where}. Add the next tasks on the board, or ask me to break one down once it is there.`,
      ],
    };
  }
  const steps = stepsOf(open, scope.today);
  if (steps.length === 0) {
    const [first] = [...open].sort(byUrgency);
    return {
      lines: [
        `Nothing in ${where} is overdue, blocked, prioritised or unassigned. The next in line is ${first!.label} (${first!.status}): a good place to continue.`,
      ],
    };
  }
  return {
    lines: [
      `What to do next in ${where}, as of ${dayLabel(scope.today)}:`,
      ...steps.map((step, index) => `${index + 1}. ${step.task.label}: ${step.why}`),
    ],
  };
}
