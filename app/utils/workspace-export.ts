/** The largest workspace export this server takes for an import (shared with the browser and the upload's cap). */
export const MAX_WORKSPACE_IMPORT_BYTES = 1024 * 1024 * 1024;

/** "1.2 MB", "340 KB", "12 bytes": a file's size as the pages show it. */
export function describeSize(bytes: number) {
  const tenths = (value: number) => (Math.round(value * 10) / 10).toLocaleString("en");
  if (bytes >= 1024 * 1024 * 1024) return `${tenths(bytes / 1024 / 1024 / 1024)} GB`;
  if (bytes >= 1024 * 1024) return `${tenths(bytes / 1024 / 1024)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

/** What the pages call each entity of an export: one, many. */
const ENTITY_LABELS: Record<string, [string, string]> = {
  members: ["member", "members"],
  projects: ["project", "projects"],
  statuses: ["status", "statuses"],
  labels: ["label", "labels"],
  tasks: ["task", "tasks"],
  task_assignees: ["assignment", "assignments"],
  task_labels: ["task label", "task labels"],
  task_followers: ["follower", "followers"],
  checklist_items: ["checklist item", "checklist items"],
  task_relations: ["relation", "relations"],
  comments: ["comment", "comments"],
  attachments: ["attachment", "attachments"],
  templates: ["template", "templates"],
  calendar_events: ["calendar event", "calendar events"],
  messages: ["chat message", "chat messages"],
};

/** "1 project", "12 tasks". */
export function countOf(entity: string, count: number) {
  const [one, many] = ENTITY_LABELS[entity] ?? [entity, entity];
  return `${count.toLocaleString("en")} ${count === 1 ? one : many}`;
}

/** The counts as a sentence's list: the given entities, or every one with rows. */
export function describeCounts(counts: Record<string, number>, entities?: string[]) {
  const shown = entities ?? Object.keys(ENTITY_LABELS).filter((entity) => (counts[entity] ?? 0) > 0);
  return shown.map((entity) => countOf(entity, counts[entity] ?? 0)).join(", ");
}
