import { TASK_PRIORITIES, type Priority } from "~/validation/priorities";

/** What the property editors offer: the project's statuses, the workspace's members and labels. */
export type EditorOptions = {
  statuses: { id: string; name: string; color?: string }[];
  members: { id: string; name: string; avatarUrl: string | null }[];
  labels: { id: string; name: string; color: string }[];
  /** May create labels from the labels popover (editors and up). */
  canCreateLabels?: boolean;
};

/** Another task as a property shows it: the parent. */
export type TaskRef = { id: string; key: string; title: string };

/** What the parent popover asks the server for (`…/parent-options?q=`): a bounded list, or why there is none. */
export type ParentOptions = { q: string; candidates: TaskRef[]; refusal: string | null };

/** A task's values that the popovers edit, as the view knows them. */
export type TaskValues = {
  statusId: string;
  priority: Priority;
  dueDate: string | null;
  startDate: string | null;
  assigneeIds: string[];
  labelIds: string[];
  /** Only where the parent is shown and edited (the task's sidebar). */
  parent?: TaskRef | null;
};

export type EditorField = "statusId" | "priority" | "assigneeIds" | "labelIds" | "dueDate" | "startDate" | "parent";

/** The properties a shortcut opens, on a row, a card or an open task. */
export type ShortcutField = "statusId" | "priority" | "assigneeIds" | "labelIds" | "dueDate";

/** The shortcut that opens each editor on a focused or open task (listed in the `?` dialog). */
export const FIELD_SHORTCUTS: Record<string, ShortcutField> = {
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
  parent: "Parent",
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
