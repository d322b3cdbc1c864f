import { onEvent, type DomainEvent } from "../events/bus";
import { NOTIFICATION_KINDS } from "~/utils/notification-kinds";
import { activityActor } from "~/utils/activity-text";
import {
  commentText,
  followersOf,
  nameOf,
  projectContext,
  stillMembers,
  taskContext,
  type TaskContext,
} from "./context";
import { deliverNotifications } from "./deliver";
import { registerNotificationMail } from "./email";
import { registerReminders } from "./reminders";
import { registerEventNotifications } from "../calendar/notifications";

/**
 * Who hears about what. Each rule is a durable subscriber (a job written with the change,
 * so none is lost) that reads what the activity row recorded and the task as it is now,
 * and hands its notifications to the pipeline, which never notifies the person who acted.
 */
export function registerNotificationSubscribers() {
  const undo = [
    registerNotificationMail(),
    registerReminders(),
    // The team calendar's attendees (app/.server/calendar/notifications.ts).
    registerEventNotifications(),
    ...(["task.created", "task.assignees_changed", "task.updated"] as const).map((verb) =>
      onEvent(verb, "notify.task_assigned", assigned),
    ),
    ...(["task.created", "task.updated", "comment.created", "comment.edited"] as const).map((verb) =>
      onEvent(verb, "notify.mentioned", mentionedOnTask),
    ),
    ...(["message.posted", "message.edited"] as const).map((verb) =>
      onEvent(verb, "notify.mentioned_in_chat", mentionedInChat),
    ),
    onEvent("comment.created", "notify.comment", commented),
    ...(["task.moved", "task.updated"] as const).map((verb) => onEvent(verb, "notify.status_changed", statusChanged)),
  ];
  return () => undo.forEach((unregister) => unregister());
}

/** "Assigned to you": the new assignees of a created task, an assignment, a bulk edit. */
async function assigned(event: DomainEvent<"task.created" | "task.assignees_changed" | "task.updated">) {
  const added = event.verb === "task.created" ? event.data.assigneeIds : (event.data.addedIds ?? []);
  if (added.length === 0) return;
  await onTask(event, added, (task, actor) => ({
    kind: NOTIFICATION_KINDS.assigned,
    title: `${actor} assigned you ${task.name}`,
    body: `In ${task.projectName}.`,
    link: task.link(),
  }));
}

/** "Mentioned you": in a comment (new or newly in an edit) or in the task's description. */
async function mentionedOnTask(
  event: DomainEvent<"task.created" | "task.updated" | "comment.created" | "comment.edited">,
) {
  const mentioned = event.data.mentions ?? [];
  if (mentioned.length === 0) return;
  const comment = event.verb === "comment.created" || event.verb === "comment.edited" ? event.data.comment : null;
  const inComment = comment !== null;
  const excerpt = inComment ? await commentText(comment) : null;
  if (inComment && excerpt === null) return;
  await onTask(event, mentioned, (task, actor) => ({
    kind: inComment ? NOTIFICATION_KINDS.mentionInComment : NOTIFICATION_KINDS.mentionInTask,
    title: inComment ? `${actor} mentioned you in a comment on ${task.name}` : `${actor} mentioned you in ${task.name}`,
    body: excerpt ?? `In ${task.projectName}.`,
    link: task.link(inComment ? `#comment-${comment}` : ""),
  }));
}

/** "Commented on a task you follow" (the creator, assignees, commenters and mentioned follow it). */
async function commented(event: DomainEvent<"comment.created">) {
  const task = await taskContext(event.subjectId);
  const excerpt = await commentText(event.data.comment);
  if (!task || excerpt === null) return;
  // Those it mentions hear of it as a mention (notify.mentioned) rather than twice.
  const mentioned = new Set(event.data.mentions);
  const followers = (await followersOf(task.id)).filter((userId) => !mentioned.has(userId));
  await onTask(
    event,
    followers,
    (_, actor) => ({
      kind: NOTIFICATION_KINDS.comment,
      title: `${actor} commented on ${task.name}`,
      body: excerpt,
      link: task.link(`#comment-${event.data.comment}`),
    }),
    task,
  );
}

/** "Moved to Done": a status change of a task you follow. */
async function statusChanged(event: DomainEvent<"task.moved" | "task.updated">) {
  const change = event.data.changes.status;
  if (!change) return;
  const task = await taskContext(event.subjectId);
  if (!task) return;
  await onTask(
    event,
    await followersOf(task.id),
    (_, actor) => ({
      kind: NOTIFICATION_KINDS.status,
      title: `${actor} moved ${task.name} to ${change.to}`,
      body: change.from ? `It was ${change.from}.` : "",
      link: task.link(),
    }),
    task,
  );
}

/** "Mentioned you in the chat": the members a message names (only the newly named after an edit). */
async function mentionedInChat(event: DomainEvent<"message.posted" | "message.edited">) {
  const mentioned = event.verb === "message.edited" ? event.data.addedMentions : event.data.mentions;
  if (mentioned.length === 0 || !event.projectId) return;
  const project = await projectContext(event.projectId);
  if (!project) return;
  const actor = activityActor(await nameOf(event.actorId), event.data);
  const recipients = await stillMembers(project.workspaceId, mentioned);
  await deliverNotifications(
    recipients.map((userId) => ({
      userId,
      kind: NOTIFICATION_KINDS.mentionInChat,
      title: `${actor} mentioned you in the ${project.name} chat`,
      body: event.data.excerpt,
      link: `/app/project/${project.publicId}?view=chat#latest`,
      workspaceId: project.workspaceId,
      actorId: event.actorId,
      data: { sequence: event.sequence, message: event.subjectId },
      dedupeKey: onceFor(event, NOTIFICATION_KINDS.mentionInChat),
    })),
  );
}

type Message = { kind: string; title: string; body: string; link: string };

/** One notification per recipient still in the task's workspace, about the task as it is now. */
async function onTask(
  event: DomainEvent,
  recipients: string[],
  message: (task: TaskContext, actor: string) => Message,
  known?: TaskContext,
) {
  // A rule acts for the member who saved it, but that member did not do it: they hear of it too.
  const actorId = (event.data as { via?: { kind?: string } }).via?.kind === "automation" ? null : event.actorId;
  const others = recipients.filter((userId) => userId !== actorId);
  if (others.length === 0) return;
  const task = known ?? (await taskContext(event.subjectId));
  if (!task) return;
  const people = await stillMembers(task.workspaceId, others);
  if (people.length === 0) return;
  const content = message(task, activityActor(await nameOf(event.actorId), event.data));
  await deliverNotifications(
    people.map((userId) => ({
      userId,
      ...content,
      workspaceId: task.workspaceId,
      actorId,
      data: { sequence: event.sequence, task: task.publicId },
      dedupeKey: onceFor(event, content.kind),
    })),
  );
}

/** A retried job writes nothing twice: one notification per user, event and kind. */
export function onceFor(event: DomainEvent, kind: string) {
  return `${kind}:${event.sequence}`;
}
