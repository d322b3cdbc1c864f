import type { Verb } from "~/.server/events/catalog";

/**
 * The events a webhook can receive, of the event catalogue (app/.server/events/catalog.ts):
 * the workspace's changes that others may want to act on.
 * Personal ones (stars, follows, sign-ins, tokens) and the webhooks' own are left out. An
 * endpoint takes a list of these or `*` (all of them, and those added later).
 */
/** The longest endpoint URL and description (the server's checks and the form's limits). */
export const WEBHOOK_URL_MAX = 2_000;
export const WEBHOOK_DESCRIPTION_MAX = 200;

export const WEBHOOK_EVENT_GROUPS = {
  Tasks: [
    "task.created",
    "task.updated",
    "task.moved",
    "task.reordered",
    "task.deleted",
    "task.assignees_changed",
    "task.labels_changed",
    "task.parent_changed",
    "task.relation_added",
    "task.relation_removed",
    "task.recurrence_set",
    "task.recurrence_stopped",
    "task.occurrence_skipped",
    "task.series_updated",
    "task.checklist_changed",
    "task.attachment_added",
    "task.attachment_removed",
  ],
  Comments: ["comment.created", "comment.edited", "comment.deleted"],
  Projects: [
    "project.created",
    "project.updated",
    "project.renamed",
    "project.archived",
    "project.unarchived",
    "project.cover_changed",
    "project.cover_removed",
    "project.deleted",
  ],
  Statuses: ["status.created", "status.updated", "status.moved", "status.deleted"],
  Labels: ["label.created", "label.updated", "label.deleted"],
  Chat: ["message.posted", "message.edited", "message.deleted"],
  Calendar: ["event.created", "event.updated", "event.deleted", "event.imported"],
  Templates: ["template.created", "template.updated", "template.deleted"],
  Team: [
    "invitation.sent",
    "invitation.revoked",
    "member.joined",
    "member.left",
    "member.removed",
    "member.role_changed",
    "workspace.renamed",
    "workspace.ownership_transferred",
    "workspace.assistant_changed",
  ],
} as const satisfies Record<string, readonly Verb[]>;

export const WEBHOOK_EVENTS: readonly string[] = Object.values(WEBHOOK_EVENT_GROUPS).flat();

const known = new Set(WEBHOOK_EVENTS);

export function isWebhookEvent(verb: string) {
  return known.has(verb);
}

/** Whether an endpoint subscribed to `events` wants `verb`. */
export function wantsEvent(events: readonly string[], verb: string) {
  return isWebhookEvent(verb) && (events.includes("*") || events.includes(verb));
}
