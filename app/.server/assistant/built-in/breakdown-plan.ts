import { BUILT_IN_TEMPLATES } from "../../templates/built-in";
import type { AssistantTaskDetail } from "../data";
import { excerpt } from "./format";
import { resemblance, sameTitle, significantWords } from "./words";

/** Subtasks proposed for a task, each with where the idea came from. */
export type PlannedSubtask = { title: string; reason: string };

export const MIN_SUBTASKS = 3;
export const MAX_SUBTASKS = 8;
const TITLE_MAX = 120;
/** A generic step's title leaves room for the step after the task's name. */
const GENERIC_NAME_MAX = 80;
/** More than half the words shared: a template task must resemble the task closely to lend its subtasks. */
const TEMPLATE_MATCH = 0.5;

/**
 * The subtasks of a breakdown: the description's list items (or its sentences) and the
 * unchecked checklist first, since they are the team's own words; while there are fewer
 * than three, a built-in template's subtasks for a task like it, then a generic plan.
 * Never a title the task already has as a subtask, never twice; at most eight.
 */
export function planSubtasks(task: AssistantTaskDetail): PlannedSubtask[] {
  const own = [
    ...descriptionSteps(task.description).map((title) => ({ title, reason: "From the task's description." })),
    ...task.checklist
      .filter((item) => !item.done)
      .map((item) => ({ title: item.title, reason: "An unchecked item of its checklist." })),
  ];
  const taken = new Set(task.subtasks.map((subtask) => sameTitle(subtask.title)));
  const plan: PlannedSubtask[] = [];
  const take = (candidates: PlannedSubtask[]) => {
    for (const candidate of candidates) {
      const title = excerpt(candidate.title, TITLE_MAX).replace(/[.;:,]+$/, "");
      const key = sameTitle(title);
      if (!key || taken.has(key) || plan.length === MAX_SUBTASKS) continue;
      taken.add(key);
      plan.push({ title: title.charAt(0).toUpperCase() + title.slice(1), reason: candidate.reason });
    }
  };
  take(own);
  if (plan.length < MIN_SUBTASKS) take(templateSteps(task.title));
  if (plan.length < MIN_SUBTASKS) take(genericSteps(task.title));
  return plan;
}

/** A description's list items ("- …", "1. …", "[ ] …"), else its sentences when there are several. */
function descriptionSteps(description: string) {
  const lines = description.split("\n").map((line) => line.trim());
  const items = lines
    .map((line) => /^(?:[-*•+]|\d+[.)])\s+(?:\[[ xX]?\]\s*)?(.+)$/.exec(line)?.[1]?.trim())
    .filter((item): item is string => Boolean(item));
  if (items.length) return items;
  const sentences = description
    .replace(/\s+/g, " ")
    .split(/(?<=[.!?])\s+/)
    .map((sentence) => sentence.trim())
    .filter((sentence) => significantWords(sentence).length > 0);
  return sentences.length > 1 ? sentences : [];
}

/** The subtasks of the built-in templates' task whose title most resembles this one, if any does. */
function templateSteps(title: string): PlannedSubtask[] {
  const words = significantWords(title);
  let best: { score: number; template: string; subtasks: string[] } | null = null;
  for (const template of BUILT_IN_TEMPLATES) {
    for (const candidate of template.structure.tasks ?? []) {
      const subtasks = (candidate.subtasks ?? []).map((subtask) => subtask.title);
      const score = resemblance(words, significantWords(candidate.title));
      if (subtasks.length && score > TEMPLATE_MATCH && score > (best?.score ?? 0)) {
        best = { score, template: template.name, subtasks };
      }
    }
  }
  if (!best) return [];
  const reason = `As the ${best.template} template breaks down a task like it.`;
  return best.subtasks.map((subtask) => ({ title: subtask, reason }));
}

/** Scope, draft, review, finish: each named after the task ("Build the backend: first draft"), for any task. */
function genericSteps(title: string): PlannedSubtask[] {
  const reason = "A step of a simple plan: scope, draft, review, finish.";
  return ["agree the scope", "first draft", "review with the team", "finish and hand over"].map((step) => ({
    title: `${excerpt(title, GENERIC_NAME_MAX)}: ${step}`,
    reason,
  }));
}
