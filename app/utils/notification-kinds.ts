/**
 * What a notification is about (its `kind`), and the groups the Notifications page filters
 * by. Shared by the server (the rules that write them, the filtered query) and the page.
 */
export const NOTIFICATION_KINDS = {
  assigned: "task.assigned",
  mentionInComment: "mention.comment",
  mentionInTask: "mention.task",
  mentionInChat: "mention.message",
  comment: "comment.created",
  status: "task.status_changed",
  dueSoon: "task.due_soon",
  overdue: "task.overdue",
  invited: "invitation.received",
  eventInvited: "event.invited",
  eventMoved: "event.moved",
  eventCancelled: "event.cancelled",
  webhookDisabled: "webhook.disabled",
  chatChannelDisabled: "chat_channel.disabled",
  automationPaused: "automation.paused",
  automation: "automation.notify",
} as const;

export const NOTIFICATION_GROUPS = {
  assigned: { label: "Assigned", kinds: [NOTIFICATION_KINDS.assigned] },
  mentions: {
    label: "Mentions",
    kinds: [NOTIFICATION_KINDS.mentionInComment, NOTIFICATION_KINDS.mentionInTask, NOTIFICATION_KINDS.mentionInChat],
  },
  comments: { label: "Comments", kinds: [NOTIFICATION_KINDS.comment] },
  status: { label: "Status", kinds: [NOTIFICATION_KINDS.status] },
  due: { label: "Due", kinds: [NOTIFICATION_KINDS.dueSoon, NOTIFICATION_KINDS.overdue] },
  rules: {
    label: "Rules",
    kinds: [NOTIFICATION_KINDS.automation, NOTIFICATION_KINDS.automationPaused],
  },
  events: {
    label: "Events",
    kinds: [NOTIFICATION_KINDS.eventInvited, NOTIFICATION_KINDS.eventMoved, NOTIFICATION_KINDS.eventCancelled],
  },
  team: {
    label: "Team",
    // The team rules name their notifications after the event (member.role_changed…).
    kinds: [
      NOTIFICATION_KINDS.invited,
      "member.role_changed",
      "member.removed",
      "member.joined",
      "workspace.ownership_transferred",
    ],
  },
} as const satisfies Record<string, { label: string; kinds: readonly string[] }>;

export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;

export type NotificationFilter = { unread: boolean; group: NotificationGroup | null };

export function isNotificationGroup(value: unknown): value is NotificationGroup {
  return typeof value === "string" && Object.hasOwn(NOTIFICATION_GROUPS, value);
}

/** The filter from the page's query (`?show=unread&kind=mentions`); anything else means all. */
export function notificationFilterOf(params: URLSearchParams): NotificationFilter {
  const kind = params.get("kind");
  return { unread: params.get("show") === "unread", group: isNotificationGroup(kind) ? kind : null };
}

/** The query string of a filter and page, leaving out the defaults. */
export function notificationQuery(filter: NotificationFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter.unread) params.set("show", "unread");
  if (filter.group) params.set("kind", filter.group);
  if (page > 1) params.set("page", String(page));
  const query = params.toString();
  return query ? `?${query}` : "";
}
