import { z } from "zod";

import { STATUS_CATEGORIES } from "~/validation/status-fields";
import { TASK_PRIORITIES } from "~/validation/task-fields";
import { CHECKLIST_TITLE_MAX } from "~/validation/checklist";
import { MAX_LABEL_NAME, MAX_LABELS_PER_WORKSPACE } from "~/validation/labels";
import { PROJECT_COLOR_NAMES } from "~/utils/projects";

/**
 * What a template creates, as stored in `templates.structure` (jsonb): the project's
 * statuses, the labels its tasks use, and its tasks with subtasks one level deep, their
 * checklists, and dates as day offsets from the start day the user picks. Tasks name their
 * status and labels by name. Bounded like the forms that make the same things by hand, and
 * checked when a template is saved and again when one is read (the column is only jsonb).
 */
export const MAX_TEMPLATE_TASKS = 500;
/**
 * A project's most statuses (MAX_STATUSES in tasks/statuses.ts, which the tests compare):
 * not imported, so that db/client.ts, which seeds the built-ins, loads no use cases.
 */
export const MAX_TEMPLATE_STATUSES = 20;
/** As many as a workspace may have: a project can use them all. */
export const MAX_TEMPLATE_LABELS = MAX_LABELS_PER_WORKSPACE;
export const MAX_CHECKLIST_ITEMS = 100;
/** Up to ten years after the start day (day 0); nothing comes before it. */
export const MAX_OFFSET_DAYS = 3650;
/** The whole structure as JSON: 500 tasks with room to describe them, not a dump of a wiki. */
export const MAX_STRUCTURE_CHARS = 1_000_000;

const color = z.enum(PROJECT_COLOR_NAMES as [string, ...string[]]);
const offset = z.number().int().min(0).max(MAX_OFFSET_DAYS).nullable();

const statusSchema = z.object({
  name: z.string().trim().min(1).max(40),
  color,
  category: z.enum(STATUS_CATEGORIES),
});

const labelSchema = z.object({ name: z.string().trim().min(1).max(MAX_LABEL_NAME), color });

const taskFields = {
  title: z.string().trim().min(1).max(200),
  description: z.string().max(20_000).default(""),
  priority: z.enum(TASK_PRIORITIES).default("none"),
  /** A status's name; the first status when left out. */
  status: z.string().max(40).optional(),
  /** Label names, each one of the structure's labels. */
  labels: z.array(z.string().max(MAX_LABEL_NAME)).max(MAX_TEMPLATE_LABELS).default([]),
  checklist: z.array(z.string().trim().min(1).max(CHECKLIST_TITLE_MAX)).max(MAX_CHECKLIST_ITEMS).default([]),
  start: offset.default(null),
  due: offset.default(null),
  estimateMinutes: z.number().int().min(0).max(1_000_000).nullable().default(null),
};

const subtaskSchema = z.object(taskFields);
const taskSchema = z.object({ ...taskFields, subtasks: z.array(subtaskSchema).max(MAX_TEMPLATE_TASKS).default([]) });

export const structureSchema = z
  .object({
    statuses: z.array(statusSchema).min(1).max(MAX_TEMPLATE_STATUSES),
    labels: z.array(labelSchema).max(MAX_TEMPLATE_LABELS).default([]),
    tasks: z.array(taskSchema).max(MAX_TEMPLATE_TASKS),
  })
  .superRefine((structure, context) => {
    const statuses = new Set<string>();
    for (const status of structure.statuses) {
      const name = status.name.toLowerCase();
      if (statuses.has(name)) context.addIssue({ code: "custom", message: `Two statuses are named ${status.name}` });
      statuses.add(name);
    }
    const labels = new Set<string>();
    for (const label of structure.labels) {
      const name = label.name.toLowerCase();
      if (labels.has(name)) context.addIssue({ code: "custom", message: `Two labels are named ${label.name}` });
      labels.add(name);
    }
    let count = 0;
    const check = (task: TemplateSubtask) => {
      count += 1;
      if (task.status !== undefined && !statuses.has(task.status.toLowerCase())) {
        context.addIssue({ code: "custom", message: `${task.title}: no status named ${task.status}` });
      }
      for (const label of task.labels) {
        if (!labels.has(label.toLowerCase())) {
          context.addIssue({ code: "custom", message: `${task.title}: no label named ${label}` });
        }
      }
      if (task.start !== null && task.due !== null && task.due < task.start) {
        context.addIssue({ code: "custom", message: `${task.title}: due before it starts` });
      }
    };
    for (const task of structure.tasks) {
      check(task);
      task.subtasks.forEach(check);
    }
    if (count > MAX_TEMPLATE_TASKS) {
      context.addIssue({ code: "custom", message: `A template holds at most ${MAX_TEMPLATE_TASKS} tasks` });
    }
  });

export type TemplateStructure = z.infer<typeof structureSchema>;
/** What a structure is written as: defaults may be left out. */
export type TemplateStructureInput = z.input<typeof structureSchema>;
export type TemplateTask = TemplateStructure["tasks"][number];
export type TemplateSubtask = z.infer<typeof subtaskSchema>;

/** The structure checked for saving: a refusal says what is wrong, for the form. */
export function checkStructure(
  value: unknown,
): { ok: true; structure: TemplateStructure } | { ok: false; message: string } {
  const result = structureSchema.safeParse(value);
  if (!result.success) return { ok: false, message: result.error.issues[0]?.message ?? "The structure is not valid" };
  if (JSON.stringify(result.data).length > MAX_STRUCTURE_CHARS) {
    return { ok: false, message: "It holds too much text for a template" };
  }
  return { ok: true, structure: result.data };
}

/** A structure that must be valid (the built-ins): throws otherwise. */
export function parseStructure(value: unknown): TemplateStructure {
  const checked = checkStructure(value);
  if (!checked.ok) throw new Error(`Invalid template structure: ${checked.message}`);
  return checked.structure;
}

/** A stored structure, or null when it no longer reads as one (the template cannot be used). */
export function readStructure(value: unknown): TemplateStructure | null {
  const result = structureSchema.safeParse(value);
  return result.success ? result.data : null;
}

/** Every task of a structure, each subtask right after its parent. */
export function flatTasks(structure: TemplateStructure) {
  return structure.tasks.flatMap((task) => [task, ...task.subtasks]);
}
