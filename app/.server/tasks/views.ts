/**
 * The task views' read models: what the server's queries produce and the loaders hand to
 * the Board, List, Calendar and My Work. The UI imports them with `import type` only, so
 * no server module reaches the client bundle.
 */
import type { GridDay } from "~/utils/calendar-month";
import type { Priority } from "~/validation/task-fields";
import type { RelationSide } from "~/validation/task-relations";

/** A Board card (queries.ts), also the live card the real-time stream sends. */
export type BoardCard = {
  id: string;
  key: string;
  title: string;
  priority: Priority;
  dueDate: string | null;
  done: boolean;
  /** A task that blocks it is still open (tasks/blocked.ts): the "Blocked" badge. */
  blocked: boolean;
  /** It repeats (tasks/recurrence.ts): a small repeat icon. */
  repeating: boolean;
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
export type ListRow = Omit<BoardCard, "checklist" | "repeating"> & { status: string };

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

/** A task on the Calendar view (calendar.ts). */
export type CalendarTask = {
  id: string;
  key: string;
  title: string;
  dueDate: string | null;
  startDate: string | null;
  done: boolean;
  status: { name: string; color: string };
};

/** Some of a list's tasks and how many it has. */
export type TaskPage = { tasks: CalendarTask[]; total: number };

export type ProjectCalendar = {
  /** `YYYY-MM`, with its neighbours (null past the years a date holds). */
  month: string;
  title: string;
  previous: string | null;
  next: string | null;
  /** The grid's cells, whole weeks from Sunday, each with its first tasks. */
  days: (GridDay & TaskPage)[];
  /** The open day's tasks (`?day=`). */
  day: ({ date: string; title: string } & TaskPage) | null;
  undated: TaskPage;
};

/** Another task as a relation shows it (relations.ts): on the task page and in the add form's suggestions. */
export type RelatedTask = {
  id: string;
  key: string;
  title: string;
  projectId: string;
  status: { name: string; color: string; category: string };
};

/** One of a task's relations, as that task sees it (`relation`: its side). */
export type TaskRelation = { id: string; relation: RelationSide; task: RelatedTask };

/** What the add form's suggestions ask the server for (`…/relation-options?q=`). */
export type RelationOptions = { q: string; candidates: RelatedTask[]; refusal: string | null };
