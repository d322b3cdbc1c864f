import { z } from "zod";

import { RELATION_SIDES } from "~/validation/task-relations";

/**
 * The event catalogue: every verb Plotline records, with the version and schema of its
 * data. An activity row's `data` is what `record()` is handed (typed from here, so a use
 * case cannot write a shape no subscriber expects), what the log shows, what subscribers
 * and webhooks read. A change to a verb's data that a consumer could notice (a field
 * removed or retyped) raises its version; adding an optional field does not.
 *
 * Display text (a status's name, a member's name) is kept as it was at the time, for the
 * log; what a program acts on is carried by id beside it (`fromId`, `addedIds`, …).
 */
const id = z.string();
const ids = z.array(id);
const text = z.string();
/**
 * Added by the unit of work when a token, an integration or a rule acted (the log says "via
 * API token 'CI'", "via GitHub", "Rule 'Triage'"); a rule's also carries how deep in a chain
 * of rules it ran, so the next rule it sets off knows when to stop.
 */
const via = z
  .object({ kind: z.enum(["token", "integration", "automation"]), id, name: text, depth: z.number().optional() })
  .optional();
const change = <T extends z.ZodType>(value: T) => z.object({ from: value, to: value });
const nullableText = text.nullable();
/** How the log names a task: its key and title at the time. */
const task = { key: text, title: text, via };

function event<S extends z.ZodRawShape>(subject: string, shape: S, version = 1) {
  return { version, subject, data: z.strictObject({ via, ...shape }) };
}
/** Events whose data is all in the subject (sign-ins, subscriptions) or in transient values (mails). */
const bare = (subject: string) => event(subject, {});

const taskChanges = z
  .object({
    title: change(text),
    description: change(z.null()),
    priority: change(text),
    startDate: change(nullableText),
    dueDate: change(nullableText),
    estimateMinutes: change(z.number().nullable()),
    status: z.object({ from: nullableText, to: text, fromId: id.nullable().optional(), toId: id.optional() }),
    assignees: change(text),
    labels: change(text),
  })
  .partial();
const parentRef = z.object({ key: text, title: text }).nullable();
const namedChanges = z.record(z.string(), change(z.unknown()));
const LINK_STATES = ["open", "draft", "merged", "closed"] as const;
/** A pull request or commit as the log names it: where, which (`#12`, `!12`, `1a2b3c4`), its title. */
const codeLink = {
  provider: z.enum(["github", "gitlab", "gitea"]),
  kind: z.enum(["pr", "commit"]),
  repository: text,
  reference: text,
  linkTitle: text,
  url: text,
};
const codeHost = { provider: z.enum(["github", "gitlab", "gitea"]), label: text };

export const EVENT_CATALOG = {
  // Tasks
  "task.created": event("task", {
    ...task,
    status: text,
    statusId: id.optional(),
    parent: text.optional(),
    parentId: id.optional(),
    labels: z.array(text).optional(),
    labelIds: ids.optional(),
    assigneeIds: ids,
    mentions: ids,
  }),
  "task.updated": event("task", {
    ...task,
    changes: taskChanges,
    addedIds: ids.optional(),
    mentions: ids.optional(),
  }),
  "task.moved": event("task", { ...task, changes: taskChanges, addedIds: ids.optional() }),
  "task.reordered": event("task", task),
  "task.deleted": event("task", task),
  "task.archived": event("task", task),
  "task.project_changed": event("task", {
    ...task,
    fromKey: text,
    fromProject: text,
    fromProjectId: id,
    toProject: text,
    toProjectId: id,
  }),
  "task.restored": event("task", task),
  "task.assignees_changed": event("task", {
    ...task,
    added: z.array(text),
    removed: z.array(text),
    addedIds: ids,
    removedIds: ids.optional(),
  }),
  "task.labels_changed": event("task", {
    ...task,
    added: z.array(text),
    removed: z.array(text),
    addedIds: ids.optional(),
    removedIds: ids.optional(),
  }),
  "task.parent_changed": event("task", {
    ...task,
    changes: z.object({ parent: change(parentRef) }),
    parentId: id.nullable().optional(),
  }),
  "task.checklist_changed": event("task", {
    ...task,
    item: text,
    action: z.enum(["added", "renamed", "completed", "reopened", "moved", "deleted"]),
    changes: z.record(z.string(), change(z.unknown())).optional(),
    direction: text.optional(),
    to: z.number().optional(),
  }),
  "task.attachment_added": event("task", { ...task, file: text, size: z.number() }),
  "task.attachment_removed": event("task", { ...task, file: text }),
  // A relation as the task it was added on (or removed from) sees it: `relation` is its side
  // ("blocked_by": the other task blocks this one), `other` the other task then, `otherId` by id.
  "task.relation_added": event("task", {
    ...task,
    relation: z.enum(RELATION_SIDES),
    other: z.object({ key: text, title: text }),
    otherId: id,
    relationId: id,
  }),
  "task.relation_removed": event("task", {
    ...task,
    relation: z.enum(RELATION_SIDES),
    other: z.object({ key: text, title: text }),
    otherId: id,
    relationId: id,
  }),
  "task.followed": event("task", task),
  // A code host's pull request or commit that names the task (code-hosts/receive.ts).
  "task.code_linked": event("task", {
    ...task,
    ...codeLink,
    state: z.enum(LINK_STATES).nullable(),
    /** Commits of one push linked at once: how many (the reference and title are the newest's). */
    commits: z.number().int().optional(),
  }),
  "task.code_link_changed": event("task", {
    ...task,
    ...codeLink,
    state: z.object({ from: z.enum(LINK_STATES).nullable(), to: z.enum(LINK_STATES).nullable() }),
  }),
  "task.unfollowed": event("task", task),
  // Repeating tasks (tasks/recurrence.ts): the rule as RFC 5545 writes it and as people read it.
  "task.recurrence_set": event("task", {
    ...task,
    rule: text,
    mode: z.enum(["schedule", "after_completion"]),
    sentence: text,
    nextOn: nullableText,
  }),
  // `reason` when the scheduler stopped it: its owner may no longer create tasks in the project.
  "task.recurrence_stopped": event("task", { ...task, reason: z.enum(["no_access"]).optional() }),
  "task.occurrence_skipped": event("task", { ...task, skipped: text, nextOn: nullableText }),
  "task.series_updated": event("task", task),
  // Comments (their subject is the task)
  "comment.created": event("task", { ...task, comment: id, mentions: ids }),
  "comment.edited": event("task", { ...task, comment: id, mentions: ids }),
  "comment.deleted": event("task", { ...task, comment: id, own: z.boolean() }),
  // Projects
  "project.created": event("project", {
    name: text,
    key: text,
    template: text.optional(),
    tasks: z.number().optional(),
  }),
  "project.updated": event("project", { name: text, changes: namedChanges }),
  "project.renamed": event("project", { name: text, changes: namedChanges }),
  "project.archived": event("project", { name: text }),
  "project.unarchived": event("project", { name: text }),
  "project.cover_changed": event("project", { name: text }),
  "project.cover_removed": event("project", { name: text }),
  "project.deleted": event("project", { name: text }),
  "project.import_started": event("project", { name: text, file: text, dryRun: z.boolean() }),
  "project.imported": event("project", {
    name: text,
    file: text,
    rows: z.number(),
    created: z.number(),
    updated: z.number(),
  }),
  "project.starred": event("project", { name: text }),
  "project.unstarred": event("project", { name: text }),
  // Statuses
  "status.created": event("status", { name: text, category: text }),
  "status.updated": event("status", { name: text, changes: namedChanges }),
  "status.moved": event("status", { name: text, direction: z.enum(["left", "right"]) }),
  "status.deleted": event("status", { name: text, moved: z.number(), target: text, targetId: id.optional() }),
  // Labels
  "label.created": event("label", { name: text, color: text }),
  "label.updated": event("label", { name: text, changes: namedChanges }),
  "label.deleted": event("label", { name: text, color: text, tasks: z.number() }),
  // Chat
  "message.posted": event("message", { excerpt: text, mentions: ids }),
  "message.edited": event("message", { excerpt: text, mentions: ids, addedMentions: ids }),
  "message.deleted": event("message", { excerpt: text, mentions: ids, ownMessage: z.boolean() }),
  // The team calendar
  "event.created": event("event", { title: text, addedIds: ids }),
  "event.updated": event("event", {
    title: text,
    moved: z.boolean(),
    changes: z.array(text),
    addedIds: ids,
    removedIds: ids,
    attendeeIds: ids,
  }),
  "event.deleted": event("event", {
    title: text,
    allDay: z.boolean(),
    startsAt: text,
    timeZone: text,
    attendeeIds: ids,
  }),
  // An .ics file imported into the team calendar: one row for the file, its events by id.
  "event.imported": event("calendar_import", {
    file: text,
    created: z.number(),
    skipped: z.number(),
    eventIds: ids,
  }),
  // Secret calendar feeds (a member's own, or their own of a project): never the token.
  "calendar_feed.created": event("calendar_feed", { project: text.optional() }),
  "calendar_feed.regenerated": event("calendar_feed", { project: text.optional() }),
  "calendar_feed.revoked": event("calendar_feed", { project: text.optional() }),
  // Templates
  "template.created": event("template", { name: text, tasks: z.number(), project: text }),
  "template.updated": event("template", { name: text, changes: namedChanges }),
  "template.deleted": event("template", { name: text }),
  // Workspaces and their people
  "workspace.created": event("workspace", { name: text, personal: z.boolean().optional() }),
  "workspace.renamed": event("workspace", { from: text, to: text }),
  "workspace.deleted": event("workspace", { name: text }),
  "workspace.assistant_changed": event("workspace", { name: text, enabled: z.boolean() }),
  // A workspace's export (its zip, made by a job) and an export imported as a new workspace.
  "workspace.export_started": event("workspace", { name: text }),
  "workspace.import_started": event("workspace_import", { file: text }),
  "workspace.imported": event("workspace", {
    name: text,
    file: text,
    projects: z.number(),
    tasks: z.number(),
    rows: z.number(),
    unmatched: z.number(),
  }),
  "workspace.ownership_transferred": event("member", {
    name: text,
    from: text,
    previousOwner: text,
    workspaceName: text,
  }),
  "invitation.sent": event("invitation", {
    email: text,
    role: text,
    inviterName: text,
    workspaceName: text,
    resent: z.boolean().optional(),
  }),
  "invitation.revoked": event("invitation", { email: text }),
  "member.joined": event("member", {
    name: text,
    email: text,
    role: text,
    invitedBy: text.nullable(),
    workspaceName: text,
  }),
  "member.left": event("member", { name: text, role: text, workspaceName: text }),
  "member.removed": event("member", { name: text, role: text, workspaceName: text }),
  "member.role_changed": event("member", { name: text, from: text, to: text, workspaceName: text }),
  // Webhooks and tokens (the workspace's settings)
  "webhook.created": event("webhook", { url: text, events: z.array(text) }),
  "webhook.updated": event("webhook", { url: text, changed: z.array(text) }),
  "webhook.enabled": event("webhook", { url: text, changed: z.array(text).optional() }),
  "webhook.disabled": event("webhook", { url: text, reason: text.optional(), changed: z.array(text).optional() }),
  "webhook.deleted": event("webhook", { url: text }),
  "webhook.secret_rotated": event("webhook", { url: text }),
  "webhook.tested": event("webhook", { url: text, messageId: id }),
  "webhook.redelivered": event("webhook", { url: text, messageId: id }),
  "chat_channel.created": event("chat_channel", { name: text, url: text, format: text, project: text }),
  "chat_channel.updated": event("chat_channel", { name: text, url: text, changed: z.array(text) }),
  "chat_channel.enabled": event("chat_channel", { name: text, url: text }),
  "chat_channel.disabled": event("chat_channel", { name: text, url: text, reason: text.optional() }),
  "chat_channel.deleted": event("chat_channel", { name: text, url: text }),
  "chat_channel.tested": event("chat_channel", { name: text, url: text }),
  "automation.created": event("automation_rule", { name: text, trigger: text, actions: z.number() }),
  "automation.updated": event("automation_rule", { name: text, trigger: text, actions: z.number() }),
  "automation.enabled": event("automation_rule", { name: text }),
  "automation.disabled": event("automation_rule", { name: text }),
  "automation.paused": event("automation_rule", { name: text, reason: text }),
  "automation.deleted": event("automation_rule", { name: text }),
  "code_host.connected": event("code_host", codeHost),
  "code_host.secret_rotated": event("code_host", codeHost),
  "code_host.deleted": event("code_host", codeHost),
  "api_token.created": event("api_token", { name: text, scope: z.enum(["read", "write"]) }),
  "api_token.revoked": event("api_token", { name: text }),
  // The signed-in user's own
  "user.signed_in": bare("user"),
  "profile.updated": event("user", { fullName: text, avatarChanged: z.boolean() }),
  "settings.notifications_updated": event("user", {
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
    aiSuggestions: z.boolean(),
  }),
  "settings.theme_changed": event("user", { theme: text }),
  "session.revoked": event("user", { sessionId: id }),
  "push.subscribed": event("user", { service: text, dropped: z.number() }),
  "push.unsubscribed": event("user", { service: text }),
  // The auth service's mails (what they need is transient: never stored)
  "auth.confirmation_requested": bare("auth_user"),
  "auth.magic_link_requested": bare("auth_user"),
  "auth.recovery_requested": bare("auth_user"),
  "auth.email_change_requested": bare("auth_user"),
  // The public site's forms (the submission is its own row)
  "contact_message.submitted": bare("contact_message"),
  "support_request.submitted": bare("support_request"),
  "demo_request.submitted": bare("demo_request"),
  "newsletter.subscription_requested": bare("newsletter_subscriber"),
  "newsletter.subscribed": bare("newsletter_subscriber"),
  "newsletter.unsubscribed": bare("newsletter_subscriber"),
} as const;

export type Verb = keyof typeof EVENT_CATALOG;
/** What `record()` takes as an event's data (its schema's input; `via` is the unit of work's). */
export type EventData<V extends Verb> = V extends Verb
  ? Omit<z.input<(typeof EVENT_CATALOG)[V]["data"]>, "via">
  : never;
/** An event's data as subscribers read it from the log (`via` included when a token acted). */
export type StoredEventData<V extends Verb> = V extends Verb ? z.output<(typeof EVENT_CATALOG)[V]["data"]> : never;

export const VERBS = Object.keys(EVENT_CATALOG) as Verb[];

export function isVerb(verb: string): verb is Verb {
  return Object.hasOwn(EVENT_CATALOG, verb);
}

/** Whether a stored row's data is what its verb's schema says (the catalogue test reads every row). */
export function checkEventData(verb: string, data: unknown) {
  if (!isVerb(verb)) return { success: false as const, error: `Unknown verb ${verb}` };
  const parsed = EVENT_CATALOG[verb].data.safeParse(data);
  return parsed.success ? { success: true as const } : { success: false as const, error: parsed.error.message };
}
