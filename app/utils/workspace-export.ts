/** The largest workspace export this server takes for an import (shared with the browser and the upload's cap). */
export const MAX_WORKSPACE_IMPORT_BYTES = 1024 * 1024 * 1024;

/** "1.2 MB", "340 KB", "12 bytes": a file's size as the pages show it. */
export function describeSize(bytes: number) {
  if (bytes >= 1024 * 1024 * 1024) return `${(bytes / 1024 / 1024 / 1024).toFixed(1)} GB`;
  if (bytes >= 1024 * 1024) return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** What the pages call each entity of an export. */
export const ENTITY_LABELS: Record<string, string> = {
  members: "members",
  projects: "projects",
  statuses: "statuses",
  labels: "labels",
  tasks: "tasks",
  task_assignees: "assignments",
  task_labels: "task labels",
  task_followers: "followers",
  checklist_items: "checklist items",
  task_relations: "relations",
  comments: "comments",
  attachments: "attachments",
  templates: "templates",
  calendar_events: "calendar events",
  messages: "chat messages",
};
