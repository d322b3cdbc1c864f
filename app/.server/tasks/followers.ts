import { and, eq } from "drizzle-orm";

import type { Actor } from "../activity/use-case";
import { defineCommand, execute } from "../commands/command";
import { asMember, principalOf } from "../commands/principal";
import { followTaskInput } from "./inputs";
import { db } from "../db";
import type { Database, Transaction } from "../db/client";
import { taskFollowers } from "../db/schema";
import { authorize } from "../policies";
import { taskForMember, taskKey, taskState, taskSubject } from "./access";

/**
 * Who follows a task: they hear of its comments and status changes. The creator, the
 * assignees, the commenters and those mentioned follow it by themselves (the use cases add
 * them in their own transactions); anyone in the workspace may follow or unfollow it.
 */
/** Adds followers inside the caller's transaction; those already following stay as they are. */
export async function addFollowers(tx: Transaction, taskId: string, userIds: readonly (string | null)[]) {
  const unique = [...new Set(userIds.filter((userId): userId is string => Boolean(userId)))];
  if (unique.length === 0) return;
  await tx
    .insert(taskFollowers)
    .values(unique.map((userId) => ({ taskId, userId })))
    .onConflictDoNothing();
}

/** Follows or unfollows a task for the actor alone (any member, viewers too). */
export const setTaskFollowedCommand = defineCommand({
  name: "task.follow",
  input: followTaskInput,
  policy: "task.follow",
  async run({ tx, record, principal }, input: { taskId: string; projectId?: string; following: boolean }) {
    const actor = asMember(principal);
    const access = await taskForMember(actor.userId, input.taskId, input.projectId, tx);
    authorize(access.role, "task.follow", taskState(access));
    const following = await isFollowing(access.task.id, actor.userId, tx);
    const result = { id: access.task.publicId, key: taskKey(access.project.key, access.task.number) };
    if (following === input.following) return { ...result, following };
    if (input.following) await addFollowers(tx, access.task.id, [actor.userId]);
    else {
      await tx
        .delete(taskFollowers)
        .where(and(eq(taskFollowers.taskId, access.task.id), eq(taskFollowers.userId, actor.userId)));
    }
    await record({
      verb: input.following ? "task.followed" : "task.unfollowed",
      ...taskSubject(access),
      data: { key: result.key, title: access.task.title },
    });
    return { ...result, following: input.following };
  },
});

export function setTaskFollowed(actor: Actor, input: { taskId: string; projectId?: string; following: boolean }) {
  return execute(setTaskFollowedCommand, principalOf(actor), input);
}

export async function isFollowing(taskId: string, userId: string, tx: Database | Transaction = db()) {
  const [row] = await tx
    .select({ userId: taskFollowers.userId })
    .from(taskFollowers)
    .where(and(eq(taskFollowers.taskId, taskId), eq(taskFollowers.userId, userId)));
  return row !== undefined;
}
