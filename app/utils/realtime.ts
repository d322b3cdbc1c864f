import type { BoardCard } from "~/.server/tasks/views";

/**
 * The real-time stream's messages, shared by the server (app/.server/realtime) and the
 * browser (components/realtime). Events stay small: what changed and who did it; the
 * browser patches what it shows or reloads the data through the route's loader, which
 * checks permissions as always.
 */
export type ChangeEvent = {
  /** The activity verb, e.g. `task.updated`. */
  type: string;
  /** The subject's id (a public id for tasks, projects, messages…). */
  id: string;
  /** The event's sequence, increasing: also its stream id for replay. */
  version: number;
  /** Who made the change (user id), null for the system. */
  actor: string | null;
  /** The tab that made it, so that tab can skip its own echo. */
  clientId: string | null;
  /** The project's public id, when the change is inside one. */
  project: string | null;
  /** A task's change as its board card now is, so an open board patches it in place; absent when a view must read again. */
  card?: LiveCard;
  /**
   * Projects whose tasks this change shows on through their relations (a blocker done: the
   * tasks it blocked are no longer Blocked); their views read again. Absent when none.
   */
  related?: string[];
};

/** A board card's state after a change (app/.server/tasks/live-card.ts); public ids only. */
export type LiveCard = {
  /** The top-level task the card is (a subtask's change is its parent's card). */
  task: string;
  /** The card's column: its status's public id. */
  status: string;
  /** The card it follows in that column; null at the top. */
  after: string | null;
  /** The card as the board shows it; null once the task is off the board (deleted, archived). */
  card: BoardCard | null;
  /** Every column's count, when the change may move cards between columns; null when counts did not change. */
  counts: Record<string, number> | null;
};

export type NotificationEvent = { type: "notification.created"; id: string; title: string; link: string | null };

/** One person viewing a project (their tabs merged: active if any is); `taskKey` is what the header shows ("WEB-12"). */
export type PresenceViewer = {
  userId: string;
  name: string;
  /** The uploaded picture, or null (the avatar shows initials). */
  avatarUrl: string | null;
  task: string | null;
  taskKey: string | null;
  idle: boolean;
};
export type PresenceEvent = { type: "presence"; project: string; viewers: PresenceViewer[] };

export type StreamMessage =
  | { event: "change"; id: string; data: ChangeEvent }
  | { event: "notification"; data: NotificationEvent }
  | { event: "presence"; data: PresenceEvent }
  | { event: "hello"; data: { connectionId: string } }
  | { event: "reset"; data: Record<string, never> }
  | { event: "ping"; data: Record<string, never> };

/** The header a tab's requests carry its id in. */
export const CLIENT_ID_HEADER = "X-Plotline-Client";
export const CLIENT_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;
