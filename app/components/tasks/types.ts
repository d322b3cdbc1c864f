import type { Priority } from "~/validation/task-fields";

/** What the task views receive from their loaders (app/.server/tasks/queries.ts). */
export type BoardCard = {
  id: string;
  key: string;
  title: string;
  priority: Priority;
  dueDate: string | null;
  done: boolean;
  assignees: { id: string; name: string; avatarUrl: string }[];
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
