import type { Priority } from "~/validation/task-fields";
import { TASK_PRIORITIES } from "~/validation/task-fields";

/** What the property editors offer: the project's statuses, the workspace's members and labels. */
export type EditorOptions = {
  statuses: { id: string; name: string; color?: string }[];
  members: { id: string; name: string; avatarUrl: string | null }[];
  labels: { id: string; name: string; color: string }[];
  /** May create labels from the labels popover (editors and up). */
  canCreateLabels?: boolean;
};

/** A task's values that the popovers edit, as the view knows them. */
export type TaskValues = {
  statusId: string;
  priority: Priority;
  dueDate: string | null;
  startDate: string | null;
  assigneeIds: string[];
  labelIds: string[];
};

export type EditorField = "statusId" | "priority" | "assigneeIds" | "labelIds" | "dueDate" | "startDate";

/** The shortcut that opens each editor on a focused or open task (listed in the `?` dialog). */
export const FIELD_SHORTCUTS: Record<string, EditorField> = {
  s: "statusId",
  p: "priority",
  a: "assigneeIds",
  l: "labelIds",
  d: "dueDate",
};

export const FIELD_NAMES: Record<EditorField, string> = {
  statusId: "Status",
  priority: "Priority",
  assigneeIds: "Assignees",
  labelIds: "Labels",
  dueDate: "Due date",
  startDate: "Start date",
};

export const PRIORITY_NAMES: Record<Priority, string> = {
  none: "No priority",
  low: "Low",
  medium: "Medium",
  high: "High",
  urgent: "Urgent",
};

/** Most pressing first, as Linear lists them; "No priority" last. */
export const PRIORITY_ORDER: Priority[] = [...TASK_PRIORITIES.slice(1)].reverse().concat("none");
