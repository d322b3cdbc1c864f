import { and, eq, inArray, isNull } from "drizzle-orm";

import { db } from "../db";
import { comments, profiles, projects, taskFollowers, tasks, workspaceMembers } from "../db/schema";
import { taskKey } from "../tasks/access";

/**
 * What the notification rules read when their job runs: the task as it is now (a deleted
 * one notifies nobody), who follows it, who is still a member, the actor's name.
 */
export type TaskContext = NonNullable<Awaited<ReturnType<typeof taskContext>>>;

export async function taskContext(taskPublicId: string) {
  const [row] = await db()
    .select({
      id: tasks.id,
      publicId: tasks.publicId,
      number: tasks.number,
      title: tasks.title,
      createdBy: tasks.createdBy,
      workspaceId: tasks.workspaceId,
      projectPublicId: projects.publicId,
      projectKey: projects.key,
      projectName: projects.name,
    })
    .from(tasks)
    .innerJoin(projects, eq(projects.id, tasks.projectId))
    .where(and(eq(tasks.publicId, taskPublicId), isNull(tasks.deletedAt), isNull(projects.deletedAt)));
  if (!row) return null;
  return {
    ...row,
    /** "WEB-12 Fix the login": how titles name the task. */
    name: `${taskKey(row.projectKey, row.number)} ${row.title}`,
    link: (hash = "") => `/app/project/${row.projectPublicId}/task/${row.publicId}${hash}`,
  };
}

export async function projectContext(projectId: string) {
  const [row] = await db()
    .select({ publicId: projects.publicId, name: projects.name, workspaceId: projects.workspaceId })
    .from(projects)
    .where(and(eq(projects.id, projectId), isNull(projects.deletedAt)));
  return row ?? null;
}

export async function followersOf(taskId: string) {
  const rows = await db()
    .select({ userId: taskFollowers.userId })
    .from(taskFollowers)
    .where(eq(taskFollowers.taskId, taskId));
  return rows.map((row) => row.userId);
}

/** Of `userIds`, those still in the workspace (someone removed keeps their follows). */
export async function stillMembers(workspaceId: string, userIds: string[]) {
  const unique = [...new Set(userIds)];
  if (unique.length === 0) return [];
  const rows = await db()
    .select({ userId: workspaceMembers.userId })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), inArray(workspaceMembers.userId, unique)));
  const members = new Set(rows.map((row) => row.userId));
  return unique.filter((userId) => members.has(userId));
}

export async function nameOf(userId: string | null) {
  if (!userId) return "Someone";
  const [row] = await db()
    .select({ fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.fullName?.trim() || row?.email || "Someone";
}

/** A live comment's text, for the notification's excerpt; null once it is deleted. */
export async function commentText(commentPublicId: unknown) {
  if (typeof commentPublicId !== "string") return null;
  const [row] = await db()
    .select({ body: comments.body })
    .from(comments)
    .where(and(eq(comments.publicId, commentPublicId), isNull(comments.deletedAt)));
  return row ? excerptOf(row.body) : null;
}

/** One line of at most 140 characters (whole code points). */
export function excerptOf(text: string, length = 140) {
  const line = text.replace(/\s+/g, " ").trim();
  const chars = Array.from(line);
  return chars.length <= length ? line : `${chars.slice(0, length - 1).join("")}…`;
}
