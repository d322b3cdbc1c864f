import { onDemand } from "~/utils/on-demand";
import type { ProjectView } from "~/validation/project-fields";

// The project's views other than the Board, each fetched only by the pages that show it
// (decision 028): the Mind Map brings React Flow and d3, the Calendar its drag and drop, the
// List its virtualizer. The Board stays in the route's own chunk.

export const TaskList = onDemand("task-list", () => import("~/components/tasks/task-list").then((m) => m.TaskList));
export const MindMap = onDemand("mind-map", () => import("~/components/tasks/mind-map").then((m) => m.MindMap));
export const Calendar = onDemand("calendar", () => import("~/components/tasks/calendar").then((m) => m.Calendar));
export const ChatView = onDemand("chat", () => import("~/components/chat/chat-view").then((m) => m.ChatView));
export const ActivityLog = onDemand("activity", () =>
  import("~/components/project/activity-log").then((m) => m.ActivityLog),
);
export const ProjectSettings = onDemand("project-settings", () =>
  import("~/components/project/project-settings").then((m) => m.ProjectSettings),
);
export const Sharing = onDemand("sharing", () => import("~/components/project/sharing").then((m) => m.Sharing));

const VIEWS: Partial<Record<ProjectView, { preload: () => Promise<unknown> }>> = {
  list: TaskList,
  mindmap: MindMap,
  calendar: Calendar,
  chat: ChatView,
  activity: ActivityLog,
  settings: ProjectSettings,
  sharing: Sharing,
};

/** Fetches a view's code ahead of a navigation to it (a failure is left to the navigation). */
export function preloadView(view: ProjectView) {
  VIEWS[view]?.preload().catch(() => {});
}
