import { eq, inArray } from "drizzle-orm";

import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { activity, comments, profiles, projects, statuses, tasks } from "../db/schema";
import type { DomainEvent } from "../events/bus";
import { env } from "../env";
import { taskKey } from "../tasks/access";
import type { ChatEvent } from "~/utils/chat-channels";

/**
 * What a chat channel is told, before it is put in the receiving tool's format
 * (formats.ts): a headline naming who did what to which task, a line of detail (what
 * changed, the comment's start), and the links.
 */
export type ChatMessage = {
  kind: ChatEvent | "test";
  /** "Ana Lima completed WEB-42 Fix the login" (plain text, the fallback everywhere). */
  headline: string;
  actor: string | null;
  /** What changed or was said, in plain text; null when the headline says it all. */
  detail: string | null;
  task: { key: string; title: string; url: string } | null;
  project: { name: string; url: string };
  /** Where the message's link goes: the task, or the project's chat. */
  url: string;
  timestamp: string;
};

const DETAIL_MAX = 280;

/**
 * The chat news an event is, most specific first: a channel is sent the first of these it
 * wants, so a completion is one message ("completed"), not also "status changed".
 * `doneStatusIds` are the ids of the statuses among the events' targets that mean done.
 */
export function chatKindsOf(event: DomainEvent, doneStatusIds: ReadonlySet<string>): ChatEvent[] {
  switch (event.verb) {
    case "task.created":
      return ["task.created"];
    case "task.updated":
    case "task.moved": {
      const status = event.data.changes?.status;
      const kinds: ChatEvent[] = [];
      if (status?.toId && doneStatusIds.has(status.toId)) kinds.push("task.completed");
      if (status) kinds.push("task.status_changed");
      if (event.verb === "task.updated" && event.data.changes?.assignees && (event.data.addedIds?.length ?? 0) > 0)
        kinds.push("task.assigned");
      return kinds;
    }
    case "task.assignees_changed":
      return event.data.addedIds.length > 0 ? ["task.assigned"] : [];
    case "comment.created":
      return ["comment.created"];
    case "message.posted":
      return ["message.posted"];
    default:
      return [];
  }
}

/** The ids of the events' target statuses that are of the done category (one read). */
export async function doneStatusesAmong(tx: Transaction, events: DomainEvent[]) {
  const targets = new Set<string>();
  for (const event of events) {
    if (event.verb !== "task.updated" && event.verb !== "task.moved") continue;
    const toId = event.data.changes?.status?.toId;
    if (toId) targets.add(toId);
  }
  if (targets.size === 0) return new Set<string>();
  const rows = await tx
    .select({ id: statuses.publicId, category: statuses.category })
    .from(statuses)
    .where(inArray(statuses.publicId, [...targets]));
  return new Set(rows.filter((row) => row.category === "done").map((row) => row.id));
}

const absolute = (path: string) => `${env().appUrl.replace(/\/$/, "")}${path}`;
const clip = (text: string, max = DETAIL_MAX) => {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
};

async function nameOf(userId: string | null, handle: Database | Transaction = db()) {
  if (!userId) return null;
  const [row] = await handle
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  if (!row) return null;
  return row.fullName?.trim() || row.email.split("@")[0] || null;
}

/** The message of an event, from its activity row; null when the row is gone (pruned, or the project deleted). */
export async function messageOfEvent(sequence: number, kind: ChatEvent): Promise<ChatMessage | null> {
  const [row] = await db()
    .select({
      verb: activity.verb,
      subjectId: activity.subjectId,
      actorId: activity.actorId,
      data: activity.data,
      createdAt: activity.createdAt,
      projectPublicId: projects.publicId,
      projectName: projects.name,
    })
    .from(activity)
    .innerJoin(projects, eq(projects.id, activity.projectId))
    .where(eq(activity.sequence, sequence));
  if (!row) return null;
  const data = row.data as Record<string, unknown>;
  const actor = await nameOf(row.actorId);
  const projectUrl = absolute(`/app/project/${row.projectPublicId}`);
  const project = { name: row.projectName, url: projectUrl };
  const who = actor ?? (data.via ? "An API token" : "Plotline");
  if (kind === "message.posted") {
    const url = `${projectUrl}?view=chat`;
    return {
      kind,
      headline: `${who} posted in ${row.projectName}`,
      actor,
      detail: clip(String(data.excerpt ?? "")) || null,
      task: null,
      project,
      url,
      timestamp: row.createdAt.toISOString(),
    };
  }
  const task = {
    key: String(data.key ?? ""),
    title: String(data.title ?? ""),
    url: absolute(`/app/project/${row.projectPublicId}/task/${row.subjectId}`),
  };
  const named = `${task.key} ${task.title}`.trim();
  const { verb, detail } = await wording(kind, data);
  return {
    kind,
    headline: `${who} ${verb} ${named}`,
    actor,
    detail,
    task,
    project,
    url: task.url,
    timestamp: row.createdAt.toISOString(),
  };
}

type Changes = { status?: { from: string | null; to: string }; assignees?: { to: string } };

async function wording(
  kind: ChatEvent,
  data: Record<string, unknown>,
): Promise<{ verb: string; detail: string | null }> {
  const changes = (data.changes ?? {}) as Changes;
  switch (kind) {
    case "task.created":
      return { verb: "created", detail: data.status ? `Status: ${String(data.status)}` : null };
    case "task.completed":
      return { verb: "completed", detail: changes.status ? `Moved to ${changes.status.to}` : null };
    case "task.status_changed":
      return {
        verb: "moved",
        detail: changes.status ? `${changes.status.from ?? "No status"} → ${changes.status.to}` : null,
      };
    case "task.assigned": {
      const added = Array.isArray(data.added) ? data.added.map(String) : null;
      const to = added?.length ? added.join(", ") : (changes.assignees?.to ?? "");
      return { verb: "assigned", detail: to ? `Assigned to ${to}` : null };
    }
    case "comment.created":
      return { verb: "commented on", detail: await commentExcerpt(String(data.comment ?? "")) };
    default:
      return { verb: "changed", detail: null };
  }
}

async function commentExcerpt(commentId: string) {
  if (!commentId) return null;
  const [row] = await db()
    .select({ body: comments.body, deletedAt: comments.deletedAt })
    .from(comments)
    .where(eq(comments.publicId, commentId));
  if (!row || row.deletedAt) return null;
  return clip(row.body) || null;
}

/** A reminder that a task is due tomorrow (planned by the hourly reminder run, not by an event). */
export async function messageOfDueTask(taskPublicId: string): Promise<ChatMessage | null> {
  const [row] = await db()
    .select({
      number: tasks.number,
      title: tasks.title,
      dueDate: tasks.dueDate,
      projectKey: projects.key,
      projectPublicId: projects.publicId,
      projectName: projects.name,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(eq(tasks.publicId, taskPublicId));
  if (!row) return null;
  const projectUrl = absolute(`/app/project/${row.projectPublicId}`);
  const task = {
    key: taskKey(row.projectKey, row.number),
    title: row.title,
    url: absolute(`/app/project/${row.projectPublicId}/task/${taskPublicId}`),
  };
  return {
    kind: "task.due_soon",
    headline: `${task.key} ${task.title} is due tomorrow`,
    actor: null,
    detail: row.dueDate ? `Due ${row.dueDate}` : null,
    task,
    project: { name: row.projectName, url: projectUrl },
    url: task.url,
    timestamp: new Date().toISOString(),
  };
}

/** Send test's message: what a real one looks like, about no task (read in the command's transaction). */
export async function testMessage(
  tx: Transaction,
  project: { publicId: string; name: string },
  actorId: string,
): Promise<ChatMessage> {
  const actor = await nameOf(actorId, tx);
  const projectName = project.name;
  const projectPublicId = project.publicId;
  const url = absolute(`/app/project/${projectPublicId}`);
  return {
    kind: "test",
    headline: `${actor ?? "Someone"} sent a test from Plotline`,
    actor,
    detail: `Task news from ${projectName} will be posted here.`,
    task: null,
    project: { name: projectName, url },
    url,
    timestamp: new Date().toISOString(),
  };
}
