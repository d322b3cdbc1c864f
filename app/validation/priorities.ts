/**
 * A task's priorities, in order. Apart from the schemas (task-fields.ts), so the views and
 * editors that list them do not bring zod to the browser.
 */
export const TASK_PRIORITIES = ["none", "low", "medium", "high", "urgent"] as const;
export type Priority = (typeof TASK_PRIORITIES)[number];
