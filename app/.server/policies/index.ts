import type { Role } from "../db/schema";
import { ForbiddenError, NotFoundError } from "../errors";

/**
 * Who may do what, in one place. Every use case asks here with the member's role in the
 * workspace (null: not a member) and the entity acted on, whose state counts as much as the
 * role: owner and admin manage the workspace, its members and its projects; editors create
 * and edit projects (and later tasks); viewers read; and nobody changes an archived project
 * (only unarchiving and deleting it are left) or anything of a deleted one.
 */
export const ACTIONS = [
  "workspace.read",
  "workspace.update",
  "workspace.delete",
  "workspace.manage_members",
  "workspace.transfer_ownership",
  "workspace.leave",
  "workspace.export",
  "project.create",
  "project.read",
  "project.update",
  "project.archive",
  "project.delete",
  "project.star",
  "task.read",
  "task.create",
  "task.update",
  "task.archive",
  "task.delete",
  "task.follow",
  "status.manage",
  "label.manage",
  "comment.create",
  "comment.update",
  "comment.delete",
  "attachment.create",
  "attachment.delete",
  "message.create",
  "message.update",
  "message.delete",
  "template.create",
  "template.update",
  "template.delete",
  "event.create",
  "event.update",
  "event.delete",
  "assistant.use",
  "assistant.manage",
  "webhook.manage",
  "chat_channel.manage",
  "calendar_feed.manage",
  "code_host.manage",
  "automation.manage",
  "automation.manage_workspace",
] as const;
export type Action = (typeof ACTIONS)[number];

const EVERYONE: readonly Role[] = ["owner", "admin", "editor", "viewer"];
const EDITORS: readonly Role[] = ["owner", "admin", "editor"];
const MANAGERS: readonly Role[] = ["owner", "admin"];
const OWNERS: readonly Role[] = ["owner"];

const RULES: Record<Action, readonly Role[]> = {
  "workspace.read": EVERYONE,
  "workspace.update": MANAGERS,
  "workspace.delete": OWNERS,
  "workspace.manage_members": MANAGERS,
  "workspace.transfer_ownership": OWNERS,
  "workspace.leave": EVERYONE,
  // An export holds everything the workspace has, every member's e-mail included: its owners'.
  "workspace.export": OWNERS,
  "project.create": EDITORS,
  "project.read": EVERYONE,
  "project.update": EDITORS,
  "project.archive": EDITORS,
  "project.delete": MANAGERS,
  // A star is the user's own bookmark, not a change to the project.
  "project.star": EVERYONE,
  "task.read": EVERYONE,
  "task.create": EDITORS,
  "task.update": EDITORS,
  "task.archive": EDITORS,
  "task.delete": EDITORS,
  // Following is the reader's own subscription to a task's news, not a change to it.
  "task.follow": EVERYONE,
  // The project's columns are its workflow: editors shape it, as they shape the project.
  "status.manage": EDITORS,
  // Labels are the workspace's vocabulary, shared by its projects.
  "label.manage": EDITORS,
  // Talking about the work is not changing it: every member comments and chats. Editing
  // is the author's alone (OWN_ONLY); deleting the author's or a manager's (moderation).
  "comment.create": EVERYONE,
  "comment.update": EVERYONE,
  "comment.delete": EVERYONE,
  "attachment.create": EDITORS,
  "attachment.delete": EDITORS,
  "message.create": EVERYONE,
  "message.update": EVERYONE,
  "message.delete": EVERYONE,
  // A workspace's templates are shaped from its projects, by those who shape projects;
  // each stays its author's to edit or delete (or a manager's, to tidy the shared list).
  "template.create": EDITORS,
  "template.update": EDITORS,
  "template.delete": EDITORS,
  // The team calendar is shared work: editors add events; each stays its creator's to
  // change (or a manager's).
  "event.create": EDITORS,
  "event.update": EDITORS,
  "event.delete": EDITORS,
  // Asking reads only what the member may read; the changes it proposes are applied by the
  // task use cases with the member's own role (a viewer's Apply is refused there).
  "assistant.use": EVERYONE,
  // Turning the assistant on or off is a setting of the workspace.
  "assistant.manage": MANAGERS,
  // Webhooks send the workspace's events to another system: as much a workspace setting as
  // its members.
  "webhook.manage": MANAGERS,
  // A chat channel posts a project's news where people outside Plotline may read it.
  "chat_channel.manage": MANAGERS,
  // A project's calendar feed is its member's own secret URL to what they may read anyway:
  // whoever sees the project makes, renews and revokes their own (docs/ARCHITECTURE.md).
  "calendar_feed.manage": EVERYONE,
  // A code host's deliveries move the workspace's tasks as the member who connected it.
  "code_host.manage": MANAGERS,
  // A project's rules change its tasks as the member who saved them: those who edit tasks.
  "automation.manage": EDITORS,
  // A workspace's rules act in every project of it: a workspace setting.
  "automation.manage_workspace": MANAGERS,
};

/** What a refusal says, for the 403 page and toasts. */
const REFUSALS: Record<Action, string> = {
  "workspace.read": "You are not a member of this workspace.",
  "workspace.update": "Only workspace owners and admins can change the workspace.",
  "workspace.delete": "Only the workspace owner can delete the workspace.",
  "workspace.manage_members": "Only workspace owners and admins can manage members.",
  "workspace.transfer_ownership": "Only an owner can transfer ownership of the workspace.",
  "workspace.leave": "You are not a member of this workspace.",
  "workspace.export": "Only the workspace owner can export the workspace.",
  "project.create": "Viewers cannot create projects. Ask a workspace admin for editor access.",
  "project.read": "You are not a member of this project's workspace.",
  "project.update": "Viewers cannot edit projects. Ask a workspace admin for editor access.",
  "project.archive": "Viewers cannot archive projects. Ask a workspace admin for editor access.",
  "project.delete": "Only workspace owners and admins can delete projects.",
  "project.star": "You are not a member of this project's workspace.",
  "task.read": "You are not a member of this project's workspace.",
  "task.create": "Viewers cannot create tasks. Ask a workspace admin for editor access.",
  "task.update": "Viewers cannot edit tasks. Ask a workspace admin for editor access.",
  "task.archive": "Viewers cannot archive tasks. Ask a workspace admin for editor access.",
  "task.delete": "Viewers cannot delete tasks. Ask a workspace admin for editor access.",
  "task.follow": "You are not a member of this project's workspace.",
  "status.manage": "Viewers cannot change the project's statuses. Ask a workspace admin for editor access.",
  "label.manage": "Viewers cannot change labels. Ask a workspace admin for editor access.",
  "comment.create": "You are not a member of this project's workspace.",
  "comment.update": "You can edit only your own comments.",
  "comment.delete": "You can delete only your own comments.",
  "attachment.create": "Viewers cannot attach files. Ask a workspace admin for editor access.",
  "attachment.delete": "Viewers cannot remove attachments. Ask a workspace admin for editor access.",
  "message.create": "You are not a member of this project's workspace.",
  "message.update": "You can edit only your own messages.",
  "message.delete": "You can delete only your own messages.",
  "template.create": "Viewers cannot save templates. Ask a workspace admin for editor access.",
  "template.update": "You can edit only your own templates.",
  "template.delete": "You can delete only your own templates.",
  "event.create": "Viewers cannot add events. Ask a workspace admin for editor access.",
  "event.update": "You can edit only the events you created.",
  "event.delete": "You can delete only the events you created.",
  "assistant.use": "You are not a member of this workspace.",
  "assistant.manage": "Only workspace owners and admins can turn the AI assistant on or off.",
  "webhook.manage": "Only workspace owners and admins can manage webhooks.",
  "chat_channel.manage": "Only workspace owners and admins can manage chat channels.",
  "calendar_feed.manage": "You are not a member of this project's workspace.",
  "code_host.manage": "Only workspace owners and admins can connect code hosts.",
  "automation.manage": "Viewers cannot change the project's automations. Ask a workspace admin for editor access.",
  "automation.manage_workspace": "Only workspace owners and admins can change the workspace's automations.",
};

/** Actions on what someone wrote: only its author may edit it. */
const OWN_ONLY: ReadonlySet<Action> = new Set(["comment.update", "message.update"]);
/** The author may delete it, and so may the workspace's managers (moderation). */
const OWN_OR_MANAGER: ReadonlySet<Action> = new Set([
  "comment.delete",
  "message.delete",
  "template.update",
  "template.delete",
  "event.update",
  "event.delete",
]);

/**
 * The lifecycle state of the entity acted on, and of what contains it: a project today; a
 * task will pass its own state with its project's as `parent`, a comment its task's.
 */
export type EntityState = {
  archivedAt?: Date | null;
  deletedAt?: Date | null;
  parent?: EntityState;
  /** Of something written (a comment, a message): whether the actor wrote it. */
  ownedByActor?: boolean;
};

/**
 * What may still happen to an archived entity: reading it, bringing it back (the archive
 * toggle) and deleting it. A star is the reader's own bookmark, not a change to the project.
 */
const WHILE_ARCHIVED: ReadonlySet<Action> = new Set([
  "project.read",
  "project.archive",
  "project.delete",
  "project.star",
  "task.read",
  "task.archive",
  "task.delete",
  // Reading an archived project's dates in a calendar app changes nothing of it.
  "calendar_feed.manage",
]);

/** Inside an archived container (a task of an archived project), reading is all that is left. */
const INSIDE_ARCHIVED: ReadonlySet<Action> = new Set(["project.read", "project.star", "task.read"]);

const ARCHIVED_REFUSAL = "This project is archived and read-only. Unarchive it to make changes.";
const ARCHIVED_TASK_REFUSAL = "This task is archived and read-only. Restore it to make changes.";

type Refusal = { kind: "forbidden"; message: string } | { kind: "gone" };

function refusal(role: Role | null | undefined, action: Action, entity?: EntityState): Refusal | null {
  if (!role || !RULES[action].includes(role)) return { kind: "forbidden", message: REFUSALS[action] };
  if (entity && isDeleted(entity)) return { kind: "gone" };
  const own = entity?.ownedByActor === true;
  if (OWN_ONLY.has(action) && !own) return { kind: "forbidden", message: REFUSALS[action] };
  if (OWN_OR_MANAGER.has(action) && !own && !MANAGERS.includes(role)) {
    return { kind: "forbidden", message: REFUSALS[action] };
  }
  if (entity?.parent && isArchived(entity.parent) && !INSIDE_ARCHIVED.has(action)) {
    return { kind: "forbidden", message: ARCHIVED_REFUSAL };
  }
  if (entity?.archivedAt && !WHILE_ARCHIVED.has(action)) {
    return { kind: "forbidden", message: action.startsWith("task.") ? ARCHIVED_TASK_REFUSAL : ARCHIVED_REFUSAL };
  }
  return null;
}

function isDeleted(entity: EntityState): boolean {
  return Boolean(entity.deletedAt) || (entity.parent ? isDeleted(entity.parent) : false);
}

function isArchived(entity: EntityState): boolean {
  return Boolean(entity.archivedAt) || (entity.parent ? isArchived(entity.parent) : false);
}

/** What a 404 names, by the action's subject. */
const GONE_SUBJECT: Record<string, string> = {
  workspace: "Workspace",
  task: "Task",
  comment: "Comment",
  message: "Message",
  attachment: "Attachment",
  template: "Template",
  event: "Event",
  assistant: "Conversation",
  calendar_feed: "Project",
};

/** Whether the role may do `action` to the entity in its current state. */
export function can(role: Role | null | undefined, action: Action, entity?: EntityState) {
  return refusal(role, action, entity) === null;
}

/**
 * Throws unless the role may act: a ForbiddenError (403) with the rule's reason, or a
 * NotFoundError (404) for a deleted entity, which must look like one that never existed.
 */
export function authorize(role: Role | null | undefined, action: Action, entity?: EntityState) {
  const refused = refusal(role, action, entity);
  if (refused?.kind === "gone") throw new NotFoundError(GONE_SUBJECT[action.split(".")[0]!] ?? "Project");
  if (refused) throw new ForbiddenError(refused.message);
}

/** Everything a role may do to the entity as it is now, for the UI to hide what it would refuse. */
export function permissionsOf(role: Role | null | undefined, entity?: EntityState) {
  return Object.fromEntries(ACTIONS.map((action) => [action, can(role, action, entity)])) as Record<Action, boolean>;
}
export type Permissions = ReturnType<typeof permissionsOf>;
