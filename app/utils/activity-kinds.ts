/**
 * The Activity Log's kinds (`?kind=`): each names the verbs it covers, exactly ("task.moved")
 * or by prefix ("comment." covers every comment verb). The one place the filter, its form
 * and the query read them from.
 */
export const ACTIVITY_KINDS = {
  tasks: {
    label: "Tasks",
    verbs: [
      "task.created",
      "task.updated",
      "task.moved",
      "task.reordered",
      "task.deleted",
      "task.archived",
      "task.project_changed",
      "task.restored",
      "task.assignees_changed",
      "task.parent_changed",
      "task.relation_added",
      "task.relation_removed",
      "task.recurrence_set",
      "task.recurrence_stopped",
      "task.occurrence_skipped",
      "task.series_updated",
    ],
  },
  comments: { label: "Comments", verbs: ["comment."] },
  checklist: { label: "Checklist", verbs: ["task.checklist_changed"] },
  labels: { label: "Labels", verbs: ["task.labels_changed", "label."] },
  attachments: { label: "Attachments", verbs: ["task.attachment_added", "task.attachment_removed"] },
  statuses: { label: "Statuses", verbs: ["status."] },
  chat: { label: "Chat", verbs: ["message."] },
  project: { label: "Project", verbs: ["project."] },
  automations: { label: "Automations", verbs: ["automation."] },
} as const satisfies Record<string, { label: string; verbs: readonly string[] }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;

export function isActivityKind(value: string): value is ActivityKind {
  return Object.hasOwn(ACTIVITY_KINDS, value);
}

/** A kind's verbs split for SQL: exact names for `in (…)`, prefixes for `like 'prefix%'`. */
export function kindVerbs(kind: ActivityKind) {
  const verbs: readonly string[] = ACTIVITY_KINDS[kind].verbs;
  return {
    exact: verbs.filter((verb) => !verb.endsWith(".")),
    prefixes: verbs.filter((verb) => verb.endsWith(".")),
  };
}
