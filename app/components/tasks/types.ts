import type { Priority } from "~/validation/task-fields";

/** What the task views receive from their loaders (app/.server/tasks/queries.ts). */
export type BoardCard = {
  id: string;
  key: string;
  title: string;
  priority: Priority;
  dueDate: string | null;
  done: boolean;
  assignees: { id: string; name: string; avatarUrl: string | null }[];
  labels: { name: string; color: string }[];
  subtasks: { done: number; total: number };
  checklist: { done: number; total: number };
};

export type BoardColumn = {
  id: string;
  name: string;
  color: string;
  category: string;
  total: number;
  cards: BoardCard[];
};

/** The dashboard's "My Work" figures, each a list at `/app/my-tasks?filter=`. */
export type MyTaskFilter = "open" | "week" | "overdue";

export type MyTask = {
  id: string;
  key: string;
  title: string;
  priority: Priority;
  dueDate: string | null;
  status: string;
  project: { id: string; name: string };
};

/** A row of the List view: a card with its status's name (shown when grouped otherwise). */
export type ListRow = Omit<BoardCard, "checklist"> & { status: string };

/** A group of the List view; `status` is set when grouped by status (for its quick add). */
export type ListGroup = {
  id: string;
  name: string;
  status?: { id: string; name: string };
  total: number;
  cards: ListRow[];
};

/** The List view's filters and grouping as the URL gave them (only accepted values). */
export type ListParams = {
  assignee: string;
  label: string;
  priority: string;
  from: string;
  to: string;
  overdue: boolean;
  q: string;
  group: "status" | "assignee" | "priority" | "due";
};

export type ListSort = { by: "position" | "key" | "title" | "priority" | "due"; dir: "asc" | "desc" };

/** What the List view's loader sends. */
export type ListView = {
  groups: ListGroup[];
  params: ListParams;
  problems: string[];
  sort: ListSort;
  pageSize: number;
  options: {
    members: { id: string; name: string; avatarUrl: string | null }[];
    labels: { id: string; name: string; color: string }[];
    statuses: { id: string; name: string; color: string }[];
    /** May create labels from the labels popover. */
    canCreateLabels?: boolean;
  };
};
