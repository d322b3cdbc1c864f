import { findTasks, type AssistantTask } from "../data";
import type { Priority } from "../../db/schema";
import type { AssistantScope, Proposal } from "../types";
import { count, daysBetween, listOf, type Reply } from "./format";
import { dayLabel } from "~/utils/assistant-changes";
import { PRIORITY_NAMES, PRIORITY_RANK } from "./priorities";
import { workingDaysFrom } from "./working-days";

/** A working day holds this much focused work on one task list. */
export const WORKDAY_MINUTES = 6 * 60;
/** The work assumed when a task has no estimate: more pressing work is cut smaller. */
export const DEFAULT_DAYS: Record<Priority, number> = { urgent: 1, high: 2, medium: 3, low: 4, none: 3 };
const PROPOSED = 3;
const OPEN_TASKS = 50;

type Planned = { task: AssistantTask; to: string; reason: string };

/** Minutes of work a task stands for: its estimate, else its priority's default. */
function workOf(task: AssistantTask) {
  return task.estimateMinutes ?? DEFAULT_DAYS[task.priority] * WORKDAY_MINUTES;
}

function hours(minutes: number) {
  return `${Math.round((minutes / 60) * 10) / 10} h`;
}

/**
 * The dated open work of the task's busiest assignee due before it (all of it for an
 * undated task), counting the dates this answer has already proposed: that work is
 * promised first.
 */
function loadOf(task: AssistantTask, dated: AssistantTask[]) {
  let busiest = { name: "", minutes: 0, tasks: 0 };
  const before = (other: AssistantTask) => !task.dueDate || other.dueDate! <= task.dueDate;
  for (const person of task.assignees) {
    const theirs = dated.filter(
      (other) => other.id !== task.id && before(other) && other.assignees.some((assignee) => assignee.id === person.id),
    );
    const minutes = theirs.reduce((sum, other) => sum + workOf(other), 0);
    if (!busiest.name || minutes > busiest.minutes) busiest = { name: person.name, minutes, tasks: theirs.length };
  }
  return busiest;
}

/** The earliest fair due date for a task, and why, in words. */
function planDate(task: AssistantTask, dated: AssistantTask[], today: string): Planned {
  const work = workOf(task);
  const load = loadOf(task, dated);
  const start = task.startDate && task.startDate > today ? task.startDate : today;
  const days = Math.max(1, Math.ceil((work + load.minutes) / WORKDAY_MINUTES));
  const to = workingDaysFrom(start, days);
  const size = task.estimateMinutes
    ? `estimate ${hours(work)}`
    : `no estimate, so ${count(DEFAULT_DAYS[task.priority], "day")} assumed for ${PRIORITY_NAMES[task.priority]}`;
  const queue = !task.assignees.length
    ? "nobody is assigned yet"
    : load.tasks
      ? `${load.name} has ${count(load.tasks, "other dated task")} (${hours(load.minutes)}) to finish first`
      : `no other dated work is queued for ${listOf(task.assignees.map((person) => person.name))}`;
  const from = start === today ? `from today` : `from its start date ${dayLabel(start)}`;
  const was = task.dueDate ? `; now due ${dayLabel(task.dueDate)}, too soon for the work left` : "";
  const weekend = daysBetween(start, to) + 1 > days ? ", weekends skipped" : "";
  const reason = `${size}; ${queue}; ${count(days, "working day")} ${from}${weekend}${was}.`;
  return { task, to, reason };
}

/** Undated first (by priority, then the oldest), then dated work that cannot be done by its date. */
function pickTasks(open: AssistantTask[], today: string) {
  const byUrgency = (a: AssistantTask, b: AssistantTask) =>
    PRIORITY_RANK[b.priority] - PRIORITY_RANK[a.priority] || a.createdAt.getTime() - b.createdAt.getTime();
  const undated = open.filter((task) => !task.dueDate).sort(byUrgency);
  const dated = open.filter((task) => task.dueDate);
  const atRisk = dated
    .map((task) => planDate(task, dated, today))
    .filter((plan) => plan.to > plan.task.dueDate!)
    .sort((a, b) => a.task.dueDate!.localeCompare(b.task.dueDate!) || byUrgency(a.task, b.task))
    .map((plan) => plan.task);
  return { picked: [...undated, ...atRisk].slice(0, PROPOSED), dated };
}

/** Three open tasks that need a date, each with a date computed from the work ahead of it. */
export async function deadlinesReply(scope: AssistantScope): Promise<Reply> {
  // Undated work apart: in a busy project the soonest-due first page would hide it.
  const [undated, soonest] = await Promise.all([
    findTasks(scope, { open: true, undated: true, limit: OPEN_TASKS }),
    findTasks(scope, { open: true, limit: OPEN_TASKS }),
  ]);
  const open = [...undated, ...soonest.filter((task) => task.dueDate)];
  const where = scope.project ? scope.project.name : scope.workspace.name;
  if (open.length === 0) {
    return {
      lines: [`There are no open tasks in ${where}, so no deadlines to suggest. Add some tasks and ask again.`],
    };
  }
  const { picked, dated } = pickTasks(open, scope.today);
  if (picked.length === 0) {
    return { lines: [`Every open task in ${where} has a due date that leaves time for its work; nothing to change.`] };
  }
  // Each proposed date joins its assignees' dated work before the next one is planned.
  const promised = [...dated];
  const plans = picked.map((task) => {
    const plan = planDate(task, promised, scope.today);
    promised.push({ ...task, dueDate: plan.to });
    return plan;
  });
  const proposal: Proposal = {
    title: `${count(plans.length, "deadline")} for ${where}`.slice(0, 200),
    changes: plans.map((plan) => ({
      kind: "update_task",
      taskId: plan.task.id,
      taskLabel: plan.task.label,
      dueDate: { from: plan.task.dueDate, to: plan.to },
      reason: plan.reason,
    })),
  };
  const fewer =
    plans.length < PROPOSED
      ? ` (only ${count(plans.length, "task")} ${plans.length === 1 ? "needs" : "need"} one)`
      : "";
  return {
    lines: [
      `Suggested deadlines for ${where}${fewer}, counted in working days from ${dayLabel(scope.today)} (a day is ${hours(WORKDAY_MINUTES)} of focused work):`,
      ...plans.map((plan) => `- ${plan.task.label}: ${dayLabel(plan.to)}. ${plan.reason}`),
      "",
      "Press Apply to set these dates; nothing changes until you do.",
    ],
    proposal,
  };
}
