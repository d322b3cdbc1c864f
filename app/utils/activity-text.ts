/**
 * One activity row as a sentence ("renamed the project from Apollo to Artemis"), shared
 * by the Activity Log view, the task's history, the workspace page and the assistant. One
 * sentence per verb of the event catalogue that a workspace records
 * (app/.server/events/catalog.ts; its test holds this file to every such verb). The data is
 * read defensively: the log shows rows of any age, written before a field existed too.
 */
import { isRelationSide, RELATION_SENTENCES } from "~/validation/task-relations";
import { dayName } from "./calendar-month";

type Change = { from: string; to: string };
type TaskChange = { from: unknown; to: unknown };

const FIELD_NAMES: Record<string, string> = { name: "name", description: "description", key: "key", color: "colour" };

const TASK_FIELDS: Record<string, string> = {
  title: "title",
  description: "description",
  priority: "priority",
  startDate: "start date",
  dueDate: "due date",
  estimateMinutes: "estimate",
};

const DAY_FIELDS = new Set(["startDate", "dueDate"]);

/** One changed field: "priority from low to high", "due date set to May 1, 2026", "start date cleared". */
function taskChange(field: string, change: TaskChange) {
  const label = TASK_FIELDS[field] ?? field;
  if (field === "description") return "description edited";
  const shown = (value: unknown) =>
    field === "estimateMinutes" && typeof value === "number"
      ? `${Math.round((value / 60) * 100) / 100} h`
      : DAY_FIELDS.has(field) && typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? dayName(value)
        : String(value);
  if (change.to === null || change.to === "") return `${label} cleared`;
  if (change.from === null || change.from === "" || change.from === "none")
    return `${label} set to ${shown(change.to)}`;
  return `${label} from ${shown(change.from)} to ${shown(change.to)}`;
}

function describeTask(verb: string, data: Record<string, unknown>): string | null {
  const task = typeof data.key === "string" ? `${data.key} ${String(data.title ?? "")}`.trim() : "a task";
  const changes = (data.changes ?? {}) as Record<string, TaskChange>;
  switch (verb) {
    case "task.created":
      return data.parent ? `added the subtask ${task} to ${String(data.parent)}` : `created ${task}`;
    case "task.moved": {
      const status = changes.status;
      return status ? `moved ${task} from ${String(status.from)} to ${String(status.to)}` : `moved ${task}`;
    }
    case "task.reordered":
      return `reordered ${task}`;
    case "task.updated": {
      // In the form's order: the database does not keep the order of a JSON object's keys.
      const fields = [
        ...Object.keys(TASK_FIELDS).filter((field) => field in changes),
        ...Object.keys(changes).filter((field) => !(field in TASK_FIELDS)),
      ];
      const parts = fields.map((field) => taskChange(field, changes[field]!));
      return parts.length ? `changed ${task}: ${listOf(parts)}` : `updated ${task}`;
    }
    case "task.assignees_changed": {
      const added = Array.isArray(data.added) ? (data.added as string[]) : [];
      const removed = Array.isArray(data.removed) ? (data.removed as string[]) : [];
      const parts = [
        ...(added.length ? [`assigned ${listOf(added)} to ${task}`] : []),
        ...(removed.length ? [`unassigned ${listOf(removed)} from ${task}`] : []),
      ];
      return parts.length ? listOf(parts) : `changed who is on ${task}`;
    }
    case "task.parent_changed":
      return parentChange(task, changes.parent);
    case "task.labels_changed": {
      const added = Array.isArray(data.added) ? (data.added as string[]) : [];
      const removed = Array.isArray(data.removed) ? (data.removed as string[]) : [];
      const parts = [
        ...(added.length ? [`labelled ${task} ${listOf(added)}`] : []),
        ...(removed.length
          ? [`removed the label${removed.length > 1 ? "s" : ""} ${listOf(removed)} from ${task}`]
          : []),
      ];
      return parts.length ? listOf(parts) : `changed the labels of ${task}`;
    }
    case "task.attachment_added":
      return `attached ${typeof data.file === "string" ? data.file : "a file"} to ${task}`;
    case "task.attachment_removed":
      return `removed ${typeof data.file === "string" ? data.file : "a file"} from ${task}`;
    case "task.deleted":
      return `deleted ${task}`;
    case "task.archived":
      return `archived ${task}`;
    case "task.project_changed":
      return `moved ${String(data.fromKey)} from ${String(data.fromProject)} to ${String(data.toProject)}, as ${task}`;
    case "task.restored":
      return `restored ${task} from the archive`;
    case "task.followed":
      return `followed ${task}`;
    case "task.unfollowed":
      return `stopped following ${task}`;
    case "task.checklist_changed":
      return checklistChange(task, data);
    case "task.code_linked":
      return typeof data.commits === "number" && data.commits > 1
        ? `linked ${data.commits} commits to ${task}`
        : `linked ${codeLinkName(data)} to ${task}`;
    case "task.code_link_changed": {
      const state = (data.state ?? {}) as { to?: unknown };
      const to = typeof state.to === "string" ? (LINK_STATE_WORDS[state.to] ?? state.to) : null;
      return to ? `saw ${codeLinkName(data)} on ${task} ${to}` : `updated ${codeLinkName(data)} on ${task}`;
    }
    case "task.relation_added":
    case "task.relation_removed":
      return relationChange(verb === "task.relation_added", task, data);
    case "task.recurrence_set": {
      const sentence = typeof data.sentence === "string" ? data.sentence.replace(/^Repeats/, "repeat") : "repeat";
      return `made ${task} ${sentence}`;
    }
    case "task.recurrence_stopped":
      return data.reason === "no_access"
        ? `stopped repeating ${task}: its owner can no longer add tasks here`
        : `stopped repeating ${task}`;
    case "task.occurrence_skipped":
      return typeof data.skipped === "string"
        ? `skipped the ${dayName(data.skipped)} repeat of ${task}`
        : `skipped the next repeat of ${task}`;
    case "task.series_updated":
      return `made future repeats of ${task} copy it as it is now`;

    case "comment.created":
      return `commented on ${task}`;
    case "comment.edited":
      return `edited a comment on ${task}`;
    case "comment.deleted":
      return data.own === false ? `deleted someone's comment on ${task}` : `deleted a comment on ${task}`;
    default:
      return null;
  }
}

const LINK_STATE_WORDS: Record<string, string> = {
  open: "reopened",
  draft: "turned into a draft",
  merged: "merged",
  closed: "closed",
};

/** "pull request #12 “Fix login”", "merge request !4 …", "commit 1a2b3c4 …". */
function codeLinkName(data: Record<string, unknown>) {
  const what = data.kind === "commit" ? "commit" : data.provider === "gitlab" ? "merge request" : "pull request";
  const reference = typeof data.reference === "string" ? ` ${data.reference}` : "";
  const title = typeof data.linkTitle === "string" && data.linkTitle ? ` “${data.linkTitle}”` : "";
  return `${what}${reference}${title}`;
}

/** "set the parent of WEB-7 Plan the launch to WEB-3 Launch", "removed the parent WEB-3 Launch from WEB-7 …". */
function parentChange(task: string, change: TaskChange | undefined) {
  const named = (value: unknown) => {
    if (typeof value !== "object" || value === null) return null;
    const { key, title } = value as { key?: unknown; title?: unknown };
    return typeof key === "string" ? `${key} ${typeof title === "string" ? title : ""}`.trim() : null;
  };
  const from = named(change?.from);
  const to = named(change?.to);
  if (to && from) return `changed the parent of ${task} from ${from} to ${to}`;
  if (to) return `set the parent of ${task} to ${to}`;
  if (from) return `removed the parent ${from} from ${task}`;
  return `changed the parent of ${task}`;
}

/** "added a relation: WEB-3 Ship it is blocked by WEB-1 Fix login", "removed the relation: WEB-3 … relates to WEB-5 …". */
function relationChange(added: boolean, task: string, data: Record<string, unknown>) {
  const other = data.other as { key?: unknown; title?: unknown } | undefined;
  const named =
    typeof other?.key === "string" ? `${other.key} ${typeof other.title === "string" ? other.title : ""}`.trim() : null;
  const phrase = isRelationSide(data.relation) ? RELATION_SENTENCES[data.relation] : undefined;
  if (!named || !phrase) return added ? `added a relation to ${task}` : `removed a relation from ${task}`;
  return `${added ? "added a relation" : "removed the relation"}: ${task} ${phrase} ${named}`;
}

/** "completed “Book the venue” on WEB-7 Plan the launch". */
function checklistChange(task: string, data: Record<string, unknown>) {
  const item = `“${String(data.item ?? "an item")}”`;
  switch (data.action) {
    case "added":
      return `added ${item} to the checklist of ${task}`;
    case "completed":
      return `completed ${item} on ${task}`;
    case "reopened":
      return `unticked ${item} on ${task}`;
    case "renamed": {
      const change = (data.changes as Record<string, TaskChange> | undefined)?.title;
      return change
        ? `renamed the checklist item “${String(change.from)}” to ${item} on ${task}`
        : `renamed a checklist item on ${task}`;
    }
    case "moved":
      return typeof data.to === "number"
        ? `moved ${item} to place ${data.to} on the checklist of ${task}`
        : `moved ${item} ${data.direction === "up" ? "up" : "down"} the checklist of ${task}`;
    case "deleted":
      return `removed ${item} from the checklist of ${task}`;
    default:
      return `changed the checklist of ${task}`;
  }
}

/** Chat messages: what was said (the excerpt), never the text of a deleted one. */
function describeMessage(verb: string, data: Record<string, unknown>): string | null {
  const quote = typeof data.excerpt === "string" && data.excerpt ? `: “${data.excerpt}”` : "";
  switch (verb) {
    case "message.posted":
      return `posted in the chat${quote}`;
    case "message.edited":
      return `edited a chat message${quote}`;
    case "message.deleted":
      return data.ownMessage === false ? "removed someone's chat message" : "deleted a chat message";
    default:
      return null;
  }
}

/**
 * What happened, in words; a change made through an API token says so ("… via API token
 * “CI”"), and one a code host's delivery made names the host ("… via GitHub"), from the
 * `via` the activity row keeps (issues 32, 33).
 */
export function describeActivity(verb: string, data: Record<string, unknown>): string {
  const via = data.via as { kind?: unknown; name?: unknown } | undefined;
  const sentence = describeVerb(verb, data);
  if (typeof via?.name !== "string") return sentence;
  if (via.kind === "token") return `${sentence} via API token “${via.name}”`;
  if (via.kind === "integration") return `${sentence} via ${via.name}`;
  return sentence;
}

/** Who the log names for a row: the member, or the rule that acted for them ("Rule “Triage”"). */
export function activityActor(actor: string, data: Record<string, unknown>): string {
  const via = data.via as { kind?: unknown; name?: unknown } | undefined;
  return via?.kind === "automation" && typeof via.name === "string" ? `Rule “${via.name}”` : actor;
}

function describeVerb(verb: string, data: Record<string, unknown>): string {
  // Comments are about a task too: their subject is the task.
  if (verb.startsWith("task.") || verb.startsWith("comment.")) {
    return describeTask(verb, data) ?? verb.replace(/[._]/g, " ");
  }
  if (verb.startsWith("message.")) return describeMessage(verb, data) ?? verb.replace(/[._]/g, " ");
  const name = typeof data.name === "string" ? data.name : "the project";
  switch (verb) {
    case "project.created":
      return typeof data.template === "string"
        ? `created the project ${name} from the template ${data.template}`
        : `created the project ${name}`;
    case "project.renamed": {
      const change = (data.changes as Record<string, Change> | undefined)?.name;
      return change ? `renamed the project from ${change.from} to ${change.to}` : `renamed the project to ${name}`;
    }
    case "project.updated": {
      const changes = Object.keys((data.changes as Record<string, Change> | undefined) ?? {});
      const fields = changes.map((field) => FIELD_NAMES[field] ?? field);
      return fields.length ? `changed the project's ${listOf(fields)}` : "updated the project";
    }
    case "project.cover_changed":
      return "changed the cover image";
    case "project.cover_removed":
      return "removed the cover image";
    case "project.archived":
      return "archived the project";
    case "project.unarchived":
      return "restored the project from the archive";
    case "project.deleted":
      return `deleted the project ${name}`;
    case "project.starred":
      return "starred the project";
    case "project.unstarred":
      return "unstarred the project";
    case "workspace.created":
      return `created the workspace ${name}`;
    case "workspace.renamed":
      return `renamed the workspace from ${String(data.from)} to ${String(data.to)}`;
    case "workspace.deleted":
      return `deleted the workspace ${name}`;
    case "workspace.assistant_changed":
      return data.enabled ? "turned the AI assistant on" : "turned the AI assistant off";
    case "invitation.sent":
      return `${data.resent ? "resent the invitation to" : "invited"} ${String(data.email)} as ${String(data.role)}`;
    case "invitation.revoked":
      return `withdrew the invitation to ${String(data.email)}`;
    case "member.joined":
      return `joined the workspace as ${String(data.role)}`;
    case "member.role_changed":
      return `changed ${String(data.name)}'s role from ${String(data.from)} to ${String(data.to)}`;
    case "member.removed":
      return `removed ${String(data.name)} from the workspace`;
    case "member.left":
      return "left the workspace";
    case "label.created":
      return `added the label ${name}`;
    case "label.updated": {
      const changes = (data.changes ?? {}) as Record<string, Change>;
      const parts = [
        ...(changes.name ? [`renamed the label ${changes.name.from} to ${changes.name.to}`] : []),
        ...(changes.color ? [`changed the colour of ${name} from ${changes.color.from} to ${changes.color.to}`] : []),
      ];
      return parts.length ? listOf(parts) : `changed the label ${name}`;
    }
    case "label.deleted":
      return `deleted the label ${name}`;
    case "workspace.ownership_transferred":
      return `made ${String(data.name)} an owner of the workspace`;
    case "template.created":
      return `saved ${typeof data.project === "string" ? `the project ${data.project}` : "a project"} as the template ${name}`;
    case "template.updated":
      return `changed the template ${name}`;
    case "template.deleted":
      return `deleted the template ${name}`;
    case "event.created":
      return `added the event ${String(data.title)} to the calendar`;
    case "event.updated":
      return data.moved ? `moved the event ${String(data.title)}` : `changed the event ${String(data.title)}`;
    case "event.deleted":
      return `cancelled the event ${String(data.title)}`;
    case "event.imported": {
      const count = Number(data.created ?? 0);
      const file = typeof data.file === "string" && data.file ? ` from ${data.file}` : "";
      return `imported ${count} event${count === 1 ? "" : "s"} into the calendar${file}`;
    }
    case "calendar_feed.created":
      return `made ${feedOf(data)}`;
    case "calendar_feed.regenerated":
      return `gave ${feedOf(data)} a new address`;
    case "calendar_feed.revoked":
      return `turned off ${feedOf(data)}`;
    case "status.created":
      return `added the status ${name}`;
    case "status.updated":
      return describeStatusChange(name, (data.changes ?? {}) as Record<string, Change>);
    case "status.moved":
      return `moved the status ${name} ${data.direction === "left" ? "left" : "right"}`;
    case "status.deleted":
      return Number(data.moved) > 0
        ? `deleted the status ${name}, moving its ${String(data.moved)} task${Number(data.moved) === 1 ? "" : "s"} to ${String(data.target)}`
        : `deleted the status ${name}`;
    case "api_token.created":
      return `made the API token ${name} (${data.scope === "write" ? "read & write" : "read only"})`;
    case "api_token.revoked":
      return `revoked the API token ${name}`;
    case "project.import_started":
      return data.dryRun ? `checked ${String(data.file)} for an import` : `started importing ${String(data.file)}`;
    case "workspace.export_started":
      return `started an export of the workspace ${name}`;
    case "workspace.import_started":
      return `started importing the workspace export ${String(data.file)}`;
    case "workspace.imported":
      return `imported the workspace ${name} from ${String(data.file)}: ${String(data.projects)} projects, ${String(data.tasks)} tasks`;
    case "project.imported":
      return `imported ${String(data.file)}: ${String(data.created)} created, ${String(data.updated)} updated`;
    case "chat_channel.created":
      return `added the chat channel ${String(data.name)} for ${String(data.project)}`;
    case "chat_channel.updated":
      return `changed the chat channel ${String(data.name)}`;
    case "chat_channel.enabled":
      return `turned on the chat channel ${String(data.name)}`;
    case "chat_channel.disabled":
      return `turned off the chat channel ${String(data.name)}`;
    case "chat_channel.deleted":
      return `deleted the chat channel ${String(data.name)}`;
    case "chat_channel.tested":
      return `sent a test to the chat channel ${String(data.name)}`;
    case "automation.created":
      return `added the rule “${String(data.name)}”`;
    case "automation.updated":
      return `changed the rule “${String(data.name)}”`;
    case "automation.enabled":
      return `turned on the rule “${String(data.name)}”`;
    case "automation.disabled":
      return `turned off the rule “${String(data.name)}”`;
    case "automation.paused":
      return `paused the rule “${String(data.name)}”: ${String(data.reason)}`;
    case "automation.deleted":
      return `deleted the rule “${String(data.name)}”`;
    case "webhook.created":
      return `added a webhook to ${String(data.url)}`;
    case "webhook.deleted":
      return `deleted the webhook to ${String(data.url)}`;
    case "webhook.updated":
      return `changed the webhook to ${String(data.url)}`;
    case "webhook.enabled":
      return `turned on the webhook to ${String(data.url)}`;
    case "webhook.disabled":
      return `turned off the webhook to ${String(data.url)}`;
    case "webhook.secret_rotated":
      return "gave a webhook a new secret";
    case "webhook.tested":
      return "sent a test to a webhook";
    case "webhook.redelivered":
      return "sent a webhook delivery again";
    case "code_host.connected":
      return `connected ${codeHostName(data)}`;
    case "code_host.secret_rotated":
      return `gave the ${codeHostName(data)} connection a new secret`;
    case "code_host.deleted":
      return `disconnected ${codeHostName(data)}`;
    default:
      return verb.replace(/[._]/g, " ");
  }
}

/** "their calendar feed", "their calendar feed of Website": a feed is its maker's own. */
function feedOf(data: Record<string, unknown>) {
  return typeof data.project === "string" ? `their calendar feed of ${data.project}` : "their calendar feed";
}

const CODE_HOST_NAMES: Record<string, string> = { github: "GitHub", gitlab: "GitLab", gitea: "Gitea/Forgejo" };

/** "GitHub (acme/web)". */
function codeHostName(data: Record<string, unknown>) {
  const host = CODE_HOST_NAMES[String(data.provider)] ?? "a code host";
  return typeof data.label === "string" && data.label ? `${host} (${data.label})` : host;
}

const CATEGORY_NAMES: Record<string, string> = { not_started: "Not started", active: "Active", done: "Done" };

function describeStatusChange(name: string, changes: Record<string, Change>) {
  const parts = [
    ...(changes.name ? [`renamed the status ${changes.name.from} to ${changes.name.to}`] : []),
    ...(changes.color ? [`changed the colour of ${name} to ${changes.color.to}`] : []),
    ...(changes.category
      ? [`put ${name} in the ${CATEGORY_NAMES[changes.category.to] ?? changes.category.to} category`]
      : []),
  ];
  return parts.length ? listOf(parts) : `changed the status ${name}`;
}

function listOf(items: string[]) {
  return items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
